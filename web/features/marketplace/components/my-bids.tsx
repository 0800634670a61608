// A buyer's bids, every status, newest first: a pending one can be withdrawn (after a confirmation).
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BidStatus, TBidDetail } from '../../../../contract/marketplace';
import { ItemList, ItemRow } from '../../../components/item-list';
import { RatingBadge } from '../../../components/ratings/rating-badge';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDay } from '../../../lib/format';
import { price, tons } from '../format';
import type { WaitingBid } from '../hooks/use-waiting-bids';
import { WaitingBidLine } from './waiting-bid-line';

export const MY_BIDS_ID = 'my-bids';

const BADGES: Record<BidStatus, 'default' | 'secondary' | 'outline' | 'destructive'> = {
  pending: 'outline',
  accepted: 'default',
  rejected: 'destructive',
  withdrawn: 'secondary',
  expired: 'secondary',
};

export const MyBids = memo(function MyBids({
  bids,
  waiting,
  onWithdraw,
}: {
  bids: TBidDetail[];
  /** Bids still on the phone: listed first, marked as waiting. */
  waiting: WaitingBid[];
  onWithdraw: (bid: TBidDetail) => void;
}) {
  const { t, i18n } = useTranslation('marketplace');
  const lang = i18n.language;
  return (
    <Card id={MY_BIDS_ID} tabIndex={-1} className="mb-6 scroll-mt-4 focus:outline-none">
      <CardHeader>
        <CardTitle>{t('myBids.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ItemList count={bids.length + waiting.length} empty={t('myBids.empty')}>
          {waiting.map((bid) => (
            <WaitingBidLine key={bid.id} bid={bid} />
          ))}
          {bids.map((bid) => (
            <ItemRow
              key={bid.id}
              testId="my-bid"
              title={bid.commodity.name}
              badges={<Badge variant={BADGES[bid.status]}>{t(`bidStatus.${bid.status}`)}</Badge>}
              actions={
                bid.status === 'pending' ? (
                  <Button size="sm" variant="secondary" onClick={() => onWithdraw(bid)}>
                    {t('myBids.withdraw')}
                  </Button>
                ) : null
              }
            >
              <p className="text-stone-700">
                {t('myBids.line', {
                  quantity: tons(bid.quantity, lang),
                  price: price(bid.price, lang),
                  seller: bid.commodity.sellerUsername,
                  date: formatDay(bid.createdAt, lang),
                })}
              </p>
              <RatingBadge rating={bid.commodity.sellerRating} />
              {bid.status === 'pending' ? (
                <p className="text-xs text-stone-600">
                  {t('myBids.expires', { date: formatDay(bid.expiresAt, lang) })}
                </p>
              ) : null}
            </ItemRow>
          ))}
        </ItemList>
      </CardContent>
    </Card>
  );
});
