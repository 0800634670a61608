// POST /api/orders/:id/code: the buyer gets a new handover code (which also unlocks a locked delivery).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOrder } from '../../../../contract/orders';
import { api } from '../../../lib/api-client';
import { invalidateOrders } from './get-orders';

export function useRenewCode(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TOrder>(`/api/orders/${orderId}/code`),
    onSuccess: () => invalidateOrders(queryClient),
  });
}
