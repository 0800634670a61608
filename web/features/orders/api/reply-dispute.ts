// POST /api/orders/:id/dispute/reply: the seller answers a dispute with a note and photos (through the outbox: the
// photos travel as base64 in the JSON body, each already shrunk under the cap).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDisputeReply, TOrder } from '../../../../contract/orders';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { invalidateOrders } from './get-orders';
import { orderLabel } from './outbox-label';

export function useReplyToDispute(orderId: number) {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (input: TDisputeReply) =>
      write<TOrder>({
        method: 'POST',
        path: `/api/orders/${orderId}/dispute/reply`,
        body: input,
        label: orderLabel('disputeReply', orderId),
      }),
    onSuccess: settle(() => invalidateOrders(queryClient)),
  });
}
