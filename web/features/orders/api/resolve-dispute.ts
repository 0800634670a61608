// PATCH /api/orders/:id/dispute: a manager settles a dispute (refund, partial refund or rejection), through the
// outbox.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDisputeResolution, TOrder } from '../../../../contract/orders';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { invalidateOrders } from './get-orders';
import { orderLabel } from './outbox-label';

export function useResolveDispute(orderId: number) {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (input: TDisputeResolution) =>
      write<TOrder>({
        method: 'PATCH',
        path: `/api/orders/${orderId}/dispute`,
        body: input,
        label: orderLabel('disputeResolve', orderId),
      }),
    onSuccess: settle(() => invalidateOrders(queryClient)),
  });
}
