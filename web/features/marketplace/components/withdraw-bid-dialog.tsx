// A buyer withdraws a pending bid, after saying yes.
import { useTranslation } from 'react-i18next';
import type { TBidDetail } from '../../../../contract/marketplace';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { useUpdateBid } from '../api/update-bid';
import { price, tons } from '../format';

export function WithdrawBidDialog({ bid, onClose }: { bid: TBidDetail | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('marketplace');
  const update = useUpdateBid();
  const withdraw = () => {
    if (!bid) {
      return;
    }
    mutateThen(
      update,
      { bid, status: 'withdrawn' },
      {
        onSuccess: (result) => {
          if (!isQueued(result)) {
            toast({ title: t('myBids.withdrawn', { commodity: bid.commodity.name }) });
          }
          onClose();
        },
        onError: (error) => toastError(t('common:error'), error),
      },
    );
  };
  return (
    <ConfirmDialog
      open={bid !== null}
      onOpenChange={(open) => {
        if (!open) {
          onClose();
        }
      }}
      title={t('myBids.withdrawTitle')}
      description={
        bid
          ? t('myBids.withdrawDescription', {
              commodity: bid.commodity.name,
              quantity: tons(bid.quantity, i18n.language),
              price: price(bid.price, i18n.language),
            })
          : ''
      }
      confirmLabel={t('myBids.withdraw')}
      cancelLabel={t('cancel')}
      pending={update.isPending}
      destructive
      onConfirm={withdraw}
    />
  );
}
