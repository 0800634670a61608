// PATCH /api/commodity-requests/:id: the buyer closes their request.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TCommodityRequest, ZCommodityRequestUpdate } from '../../../../contract/marketplace';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export function useCloseCommodityRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.patch<TCommodityRequest>(`/api/commodity-requests/${id}`, {
        status: 'closed',
      } satisfies z.input<typeof ZCommodityRequestUpdate>),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.commodityRequests }),
  });
}
