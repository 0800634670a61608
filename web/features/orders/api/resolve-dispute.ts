// PATCH /api/orders/:id/dispute: a manager settles a dispute (refund, partial refund or rejection).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDisputeResolution, TOrder } from '../../../../contract/orders';
import { api } from '../../../lib/api-client';
import { invalidateOrders } from './get-orders';

export function useResolveDispute(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TDisputeResolution) => api.patch<TOrder>(`/api/orders/${orderId}/dispute`, input),
    onSuccess: () => invalidateOrders(queryClient),
  });
}
