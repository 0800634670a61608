// POST /api/commodities: a farmer lists a commodity (or an agent, for a farmer they represent); the list and the
// market are refetched.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCommodity, TCommodityInput } from '../../../../contract/marketplace';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export function useCreateCommodity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCommodityInput) => api.post<TCommodity>('/api/commodities', input),
    onSuccess: async () => {
      await Promise.all(
        [queryRoots.commodities, queryRoots.market, queryRoots.commodityRequests, queryRoots.dashboard].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
