// POST /api/orders/:id/dispute: the buyer disputes a delivered order.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDisputeInput, TOrder } from '../../../../contract/orders';
import { api } from '../../../lib/api-client';
import { invalidateOrders } from './get-orders';

export function useOpenDispute(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TDisputeInput) => api.post<TOrder>(`/api/orders/${orderId}/dispute`, input),
    onSuccess: () => invalidateOrders(queryClient),
  });
}
