// POST /api/orders/:id/delivery: gives the delivery to a driver, or lets the buyer collect.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TArrangeDelivery, TOrder } from '../../../../contract/orders';
import { api } from '../../../lib/api-client';
import { invalidateOrders } from './get-orders';

export function useArrangeDelivery(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TArrangeDelivery) => api.post<TOrder>(`/api/orders/${orderId}/delivery`, input),
    onSuccess: () => invalidateOrders(queryClient),
  });
}
