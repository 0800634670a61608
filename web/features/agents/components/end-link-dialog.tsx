// Ending a link (or withdrawing a request), after a confirmation saying what it stops.
import { useTranslation } from 'react-i18next';
import type { TAgentLink } from '../../../../contract/agents';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { useEndLink } from '../api/end-link';

export function EndLinkDialog({
  link,
  side,
  onClose,
}: {
  link: TAgentLink | null;
  /** Who is ending it: the text names the other side. */
  side: 'agent' | 'farmer';
  onClose: () => void;
}) {
  const { t } = useTranslation('agents');
  const end = useEndLink();
  const other = link ? (side === 'agent' ? link.farmer.username : link.agent.username) : '';
  const pending = link?.status === 'pending';
  const confirm = () => {
    if (!link) {
      return;
    }
    mutateThen(
      end,
      { id: link.id, other },
      {
        onSuccess: (result) => {
          if (!isQueued(result)) {
            toast({ title: t('end.done', { name: other }) });
          }
          onClose();
        },
        onError: (error) => toastError(t('common:error'), error),
      },
    );
  };
  return (
    <ConfirmDialog
      open={link !== null}
      onOpenChange={(open) => {
        if (!open) {
          onClose();
        }
      }}
      title={pending ? t('end.cancelTitle', { name: other }) : t('end.title', { name: other })}
      description={
        pending
          ? t('end.cancelDescription', { name: other })
          : side === 'agent'
            ? t('end.agentDescription', { name: other })
            : t('end.farmerDescription', { name: other })
      }
      confirmLabel={pending ? t('end.cancelConfirm') : t('end.confirm')}
      cancelLabel={t('cancel')}
      pending={end.isPending}
      destructive
      onConfirm={confirm}
    />
  );
}
