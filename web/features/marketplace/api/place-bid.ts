// POST /api/bids: a buyer bids on a listing; listings, market and bids are refetched.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBid } from '../../../../contract/marketplace';
import { api } from '../../../lib/api-client';

export function usePlaceBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { commodityId: number; price: number; quantity: number }) =>
      api.post<TBid>('/api/bids', input),
    onSuccess: async () => {
      await Promise.all(
        ['commodities', 'market', 'bids'].map((root) => queryClient.invalidateQueries({ queryKey: [root] })),
      );
    },
  });
}
