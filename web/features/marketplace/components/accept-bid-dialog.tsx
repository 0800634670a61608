// Accepting a bid sells: the farmer (or their agent) is told what, to whom and for how much before it happens.
import { useTranslation } from 'react-i18next';
import type { TBidDetail } from '../../../../contract/marketplace';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatNumber } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { useUpdateBid } from '../api/update-bid';
import { bidOutcome } from '../bid-outcome';
import { price, tons } from '../format';

export function AcceptBidDialog({ bid, onClose }: { bid: TBidDetail | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('marketplace');
  const update = useUpdateBid();
  const lang = i18n.language;
  const outcome = bid ? bidOutcome(bid) : null;
  const accept = () => {
    if (!bid) {
      return;
    }
    mutateThen(
      update,
      { bid, status: 'accepted' },
      {
        onSuccess: (result) => {
          if (!isQueued(result)) {
            toast({
              title: t('received.accepted'),
              description: t('received.decided', { commodity: bid.commodity.name, buyer: bid.buyerUsername }),
            });
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
      title={t('accept.title')}
      description={
        bid && outcome
          ? t('accept.sells', {
              quantity: tons(outcome.sold, lang),
              kg: formatNumber(outcome.soldKg, lang),
              commodity: bid.commodity.name,
              buyer: bid.buyerUsername,
              total: price(outcome.total, lang),
              price: price(bid.price, lang),
            })
          : ''
      }
      confirmLabel={t('accept.confirm')}
      cancelLabel={t('cancel')}
      pending={update.isPending}
      onConfirm={accept}
    >
      {outcome ? (
        <p className="text-sm text-stone-700">
          {outcome.rest > 0
            ? t('accept.rest', { quantity: tons(outcome.rest, lang) })
            : outcome.rest === 0
              ? t('accept.soldOut')
              : t('accept.tooMuch', { quantity: tons(bid?.commodity.quantity ?? 0, lang) })}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
