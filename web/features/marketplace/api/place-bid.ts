// POST /api/bids: a buyer bids on a listing, through the outbox; once the server has it, listings, market and
// bids are refetched.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TBid, TBidInput } from '../../../../contract/marketplace';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { queryRoots } from '../../../lib/query-keys';
import { priceLabel } from '../format';

/** The bid, and the listing's name for the outbox's label ("Bid 250.00 a ton on Maize"). */
export type BidPlacement = TBidInput & { commodityName: string };

export function usePlaceBid() {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: ({ commodityName, ...bid }: BidPlacement) =>
      write<TBid>({
        method: 'POST',
        path: '/api/bids',
        body: bid,
        label: {
          key: 'outbox:labels.bidPlace',
          params: { name: commodityName, price: priceLabel(bid.price, i18n.language) },
        },
      }),
    onSuccess: settle(() =>
      Promise.all(
        [queryRoots.commodities, queryRoots.market, queryRoots.bids].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    ),
  });
}
