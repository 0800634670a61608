// Pending bids received on the farmer's listings (or those of farmers an agent represents): accept (after a
// confirmation that says what it sells) and reject.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBidDetail } from '../../../../contract/marketplace';
import { type FarmerChoice, FarmerFilter } from '../../../components/farmer-filter';
import { ItemList, ItemRow } from '../../../components/item-list';
import { RatingBadge } from '../../../components/ratings/rating-badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { useUpdateBid } from '../api/update-bid';
import { price, tons } from '../format';

export const BIDS_RECEIVED_ID = 'bids-received';

export const BidsReceived = memo(function BidsReceived({
  bids,
  onAccept,
  farmers,
  farmer,
  onFarmer,
}: {
  bids: TBidDetail[];
  onAccept: (bid: TBidDetail) => void;
  /** An agent's farmers, to read one farmer's bids (absent for a farmer). */
  farmers?: readonly FarmerChoice[] | undefined;
  farmer: number | null;
  onFarmer: (value: string) => void;
}) {
  const { t, i18n } = useTranslation('marketplace');
  const update = useUpdateBid();
  const lang = i18n.language;
  const reject = (bid: TBidDetail) =>
    mutateThen(
      update,
      { bid, status: 'rejected' },
      {
        onSuccess: (result) =>
          isQueued(result)
            ? undefined
            : toast({
                title: t('received.rejected'),
                description: t('received.decided', {
                  commodity: bid.commodity.name,
                  buyer: bid.buyerUsername,
                }),
              }),
        onError: (error) => toastError(t('common:error'), error),
      },
    );
  return (
    <Card id={BIDS_RECEIVED_ID} tabIndex={-1} className="mb-6 scroll-mt-4 focus:outline-none">
      <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-3">
        <CardTitle>{t('received.title')}</CardTitle>
        {farmers ? (
          <FarmerFilter id="bids-farmer" farmers={farmers} chosen={farmer} onChange={onFarmer} />
        ) : null}
      </CardHeader>
      <CardContent>
        <ItemList count={bids.length} empty={t('received.empty')}>
          {bids.map((bid) => (
            <ItemRow
              key={bid.id}
              testId="received-bid"
              title={bid.commodity.name}
              actions={
                <div className="flex gap-2">
                  <Button size="sm" disabled={update.isPending} onClick={() => onAccept(bid)}>
                    {t('received.accept')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={update.isPending}
                    onClick={() => reject(bid)}
                  >
                    {t('received.reject')}
                  </Button>
                </div>
              }
            >
              <p className="text-stone-700">
                {t('received.line', {
                  buyer: bid.buyerUsername,
                  quantity: tons(bid.quantity, lang),
                  price: price(bid.price, lang),
                })}
              </p>
              <RatingBadge rating={bid.buyerRating} />
            </ItemRow>
          ))}
        </ItemList>
      </CardContent>
    </Card>
  );
});
