// POST /api/orders/:id/cancel: cancels an order with the reason given (through the outbox).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOrder } from '../../../../contract/orders';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { invalidateOrders } from './get-orders';
import { orderLabel } from './outbox-label';

export function useCancelOrder(orderId: number) {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (input: { reason: string }) =>
      write<TOrder>({
        method: 'POST',
        path: `/api/orders/${orderId}/cancel`,
        body: input,
        label: orderLabel('orderCancel', orderId),
      }),
    onSuccess: settle(() => invalidateOrders(queryClient)),
  });
}
