// PATCH /api/deliveries/:id: the driver's next step (accept, decline, picked up, on the way, delivered, failed).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDeliveryUpdate, TOrder } from '../../../../contract/orders';
import { api } from '../../../lib/api-client';
import { invalidateDeliveries } from './get-deliveries';

/**
 * `onDone` runs on success even when the card is gone by then (a finished delivery leaves the open list as the lists
 * refetch, and callbacks given to `mutate` do not run once their component has unmounted).
 */
export function useUpdateDelivery(deliveryId: number, onDone: (input: TDeliveryUpdate) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TDeliveryUpdate) => api.patch<TOrder>(`/api/deliveries/${deliveryId}`, input),
    onSuccess: (_order, input) => onDone(input),
    // A wrong code changes the attempts left: refetch on failure too.
    onSettled: () => invalidateDeliveries(queryClient),
  });
}
