// PATCH /api/bids/:id: the seller accepts or rejects, the bidder withdraws.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TBid, ZBidUpdate } from '../../../../contract/marketplace';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export function useUpdateBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number } & z.input<typeof ZBidUpdate>) =>
      api.patch<TBid>(`/api/bids/${input.id}`, { status: input.status } satisfies z.input<typeof ZBidUpdate>),
    onSettled: async () => {
      await Promise.all(
        [queryRoots.bids, queryRoots.commodities, queryRoots.market, queryRoots.dashboard].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
