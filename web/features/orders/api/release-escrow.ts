// POST /api/orders/:id/release: the buyer lets the seller have the money held in escrow now, before the hold ends.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOrder } from '../../../../contract/orders';
import { api } from '../../../lib/api-client';
import { invalidateOrders } from './get-orders';

export function useReleaseEscrow(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TOrder>(`/api/orders/${orderId}/release`),
    onSuccess: () => invalidateOrders(queryClient),
  });
}
