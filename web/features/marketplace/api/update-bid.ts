// PATCH /api/bids/:id: the seller accepts or rejects, the bidder withdraws, through the outbox.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TBid, TBidDetail, ZBidUpdate } from '../../../../contract/marketplace';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { queryRoots } from '../../../lib/query-keys';

type BidStatusChange = z.input<typeof ZBidUpdate>['status'];

const LABELS: Record<BidStatusChange, string> = {
  accepted: 'outbox:labels.bidAccept',
  rejected: 'outbox:labels.bidReject',
  withdrawn: 'outbox:labels.bidWithdraw',
};

export function useUpdateBid() {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: ({ bid, status }: { bid: TBidDetail; status: BidStatusChange }) =>
      write<TBid>({
        method: 'PATCH',
        path: `/api/bids/${bid.id}`,
        body: { status } satisfies z.input<typeof ZBidUpdate>,
        label: { key: LABELS[status], params: { name: bid.commodity.name, buyer: bid.buyerUsername } },
      }),
    onSettled: settle(() =>
      Promise.all(
        [queryRoots.bids, queryRoots.commodities, queryRoots.market, queryRoots.dashboard].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    ),
  });
}
