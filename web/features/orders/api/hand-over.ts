// PATCH /api/deliveries/:id to 'delivered' on a pick-up order: the seller hands over against the buyer's code
// (through the outbox).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDeliveryUpdate, TOrder } from '../../../../contract/orders';
import { isQueued } from '../../../lib/outbox/queued-write';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { invalidateOrders } from './get-orders';
import { orderLabel } from './outbox-label';

export function useHandOver(deliveryId: number, orderId: number) {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (input: TDeliveryUpdate) =>
      write<TOrder>({
        method: 'PATCH',
        path: `/api/deliveries/${deliveryId}`,
        body: input,
        label: orderLabel('orderHandOver', orderId),
      }),
    onSuccess: settle(() => undefined),
    // A wrong code changes the attempts left: refetch on failure too (not for a hand-over still on this phone).
    onSettled: (result) => (isQueued(result) ? undefined : invalidateOrders(queryClient)),
  });
}
