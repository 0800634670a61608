// POST /api/commodity-requests: a buyer asks for a commodity; every value is sent as text (spec §3).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCommodityRequest, TCommodityRequestInput } from '../../../../contract/marketplace';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export function useCreateCommodityRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCommodityRequestInput) =>
      api.post<TCommodityRequest>('/api/commodity-requests', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.commodityRequests }),
  });
}
