// The "New plot" dialog, loaded when first opened (with its form and the contract's rules).
import { useTranslation } from 'react-i18next';
import { EntityDialog } from '../../../components/entity-dialog';
import { PlotForm } from './plot-form';

export function PlotDialog({ farmId, onClose }: { farmId: number; onClose: () => void }) {
  const { t } = useTranslation('crops');
  return (
    <EntityDialog open onClose={onClose} title={t('plot.title')} description={t('plot.description')}>
      <PlotForm farmId={farmId} onDone={onClose} inDialog />
    </EntityDialog>
  );
}
