// POST /api/orders/:id/delivery: gives the delivery to a driver, or lets the buyer collect (through the outbox).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TArrangeDelivery, TOrder } from '../../../../contract/orders';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { invalidateOrders } from './get-orders';
import { orderLabel } from './outbox-label';

export function useArrangeDelivery(orderId: number) {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (input: TArrangeDelivery) =>
      write<TOrder>({
        method: 'POST',
        path: `/api/orders/${orderId}/delivery`,
        body: input,
        label: orderLabel('deliveryArrange', orderId),
      }),
    onSuccess: settle(() => invalidateOrders(queryClient)),
  });
}
