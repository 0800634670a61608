// POST /api/commodities: a farmer lists a commodity; the list and the market are refetched.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCommodity } from '../../../../contract/marketplace';
import { api } from '../../../lib/api-client';

export interface NewListing {
  name: string;
  quantity: number;
  price: number;
  grade: 'A' | 'B' | 'C';
  status: 'available';
  requestId?: number;
}

export function useCreateCommodity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewListing) => api.post<TCommodity>('/api/commodities', input),
    onSuccess: async () => {
      await Promise.all(
        ['commodities', 'market', 'commodity-requests', 'dashboard'].map((root) =>
          queryClient.invalidateQueries({ queryKey: [root] }),
        ),
      );
    },
  });
}
