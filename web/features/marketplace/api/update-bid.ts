// PATCH /api/bids/:id: the seller accepts or rejects, the bidder withdraws.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBid } from '../../../../contract/marketplace';
import { api } from '../../../lib/api-client';

export function useUpdateBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; status: 'accepted' | 'rejected' | 'withdrawn' }) =>
      api.patch<TBid>(`/api/bids/${input.id}`, { status: input.status }),
    onSettled: async () => {
      await Promise.all(
        ['bids', 'commodities', 'market', 'dashboard'].map((root) =>
          queryClient.invalidateQueries({ queryKey: [root] }),
        ),
      );
    },
  });
}
