// The owner (or their agent) takes a listing off the market, after saying yes.
import { useTranslation } from 'react-i18next';
import type { TCommodity } from '../../../../contract/marketplace';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { useUpdateCommodity } from '../api/update-commodity';
import { tons } from '../format';

export function WithdrawListingDialog({
  commodity,
  onClose,
}: {
  commodity: TCommodity | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('marketplace');
  const update = useUpdateCommodity();
  const withdraw = () => {
    if (!commodity) {
      return;
    }
    mutateThen(
      update,
      { id: commodity.id, name: commodity.name, status: 'withdrawn' },
      {
        onSuccess: (result) => {
          if (!isQueued(result)) {
            toast({ title: t('withdraw.done', { commodity: commodity.name }) });
          }
          onClose();
        },
        onError: (error) => toastError(t('common:error'), error),
      },
    );
  };
  return (
    <ConfirmDialog
      open={commodity !== null}
      onOpenChange={(open) => {
        if (!open) {
          onClose();
        }
      }}
      title={t('withdraw.title', { commodity: commodity?.name ?? '' })}
      description={
        commodity
          ? t('withdraw.description', {
              commodity: commodity.name,
              quantity: tons(commodity.quantity, i18n.language),
            })
          : ''
      }
      confirmLabel={t('withdraw.confirm')}
      cancelLabel={t('cancel')}
      pending={update.isPending}
      destructive
      onConfirm={withdraw}
    />
  );
}
