// POST /api/bids: a buyer bids on a listing; listings, market and bids are refetched.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBid, TBidInput } from '../../../../contract/marketplace';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export function usePlaceBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TBidInput) => api.post<TBid>('/api/bids', input),
    onSuccess: async () => {
      await Promise.all(
        [queryRoots.commodities, queryRoots.market, queryRoots.bids].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
