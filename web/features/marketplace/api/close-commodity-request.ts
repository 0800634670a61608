// PATCH /api/commodity-requests/:id: the buyer closes their request, through the outbox.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TCommodityRequest, ZCommodityRequestUpdate } from '../../../../contract/marketplace';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { queryRoots } from '../../../lib/query-keys';

export function useCloseCommodityRequest() {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (request: TCommodityRequest) =>
      write<TCommodityRequest>({
        method: 'PATCH',
        path: `/api/commodity-requests/${request.id}`,
        body: { status: 'closed' } satisfies z.input<typeof ZCommodityRequestUpdate>,
        label: { key: 'outbox:labels.requestClose', params: { name: request.commodityName } },
      }),
    onSettled: settle(() => queryClient.invalidateQueries({ queryKey: queryRoots.commodityRequests })),
  });
}
