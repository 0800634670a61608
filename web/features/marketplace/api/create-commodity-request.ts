// POST /api/commodity-requests: a buyer asks for a commodity, through the outbox; every value is sent as text
// (spec §3).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCommodityRequest, TCommodityRequestInput } from '../../../../contract/marketplace';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { queryRoots } from '../../../lib/query-keys';

export function useCreateCommodityRequest() {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (input: TCommodityRequestInput) =>
      write<TCommodityRequest>({
        method: 'POST',
        path: '/api/commodity-requests',
        body: input,
        label: { key: 'outbox:labels.requestCreate', params: { name: input.commodityName } },
      }),
    onSuccess: settle(() => queryClient.invalidateQueries({ queryKey: queryRoots.commodityRequests })),
  });
}
