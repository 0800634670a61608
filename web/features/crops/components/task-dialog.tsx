// The "Add a task" dialog of "This week", loaded when first opened (with its form and the contract's rules).
import { useTranslation } from 'react-i18next';
import { EntityDialog } from '../../../components/entity-dialog';
import { TaskForm } from './task-form';

export function TaskDialog({ farmId, onClose }: { farmId: number; onClose: () => void }) {
  const { t } = useTranslation('crops');
  return (
    <EntityDialog
      open
      onClose={onClose}
      title={t('newTask.title')}
      description={t('newTask.farmDescription')}
    >
      <TaskForm farmId={farmId} planId={null} onDone={onClose} />
    </EntityDialog>
  );
}
