// PATCH /api/deliveries/:id to 'delivered' on a pick-up order: the seller hands over against the buyer's code.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDeliveryUpdate, TOrder } from '../../../../contract/orders';
import { api } from '../../../lib/api-client';
import { invalidateOrders } from './get-orders';

export function useHandOver(deliveryId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TDeliveryUpdate) => api.patch<TOrder>(`/api/deliveries/${deliveryId}`, input),
    // A wrong code changes the attempts left: refetch on failure too.
    onSettled: () => invalidateOrders(queryClient),
  });
}
