// PATCH /api/commodity-requests/:id: the buyer closes their request.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCommodityRequest } from '../../../../contract/marketplace';
import { api } from '../../../lib/api-client';

export function useCloseCommodityRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.patch<TCommodityRequest>(`/api/commodity-requests/${id}`, { status: 'closed' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['commodity-requests'] }),
  });
}
