// POST /api/orders/:id/cancel: cancels an order with the reason given.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOrder } from '../../../../contract/orders';
import { api } from '../../../lib/api-client';
import { invalidateOrders } from './get-orders';

export function useCancelOrder(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { reason: string }) => api.post<TOrder>(`/api/orders/${orderId}/cancel`, input),
    onSuccess: () => invalidateOrders(queryClient),
  });
}
