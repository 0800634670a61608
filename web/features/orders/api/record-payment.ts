// POST /api/orders/:id/payments: records money received for an order.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOrder, TPaymentInput } from '../../../../contract/orders';
import { api } from '../../../lib/api-client';
import { invalidateOrders } from './get-orders';

/** One key per submission, so a retried request is never recorded twice (crypto.randomUUID needs HTTPS). */
const idempotencyKey = () => `pay-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export function useRecordPayment(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TPaymentInput) =>
      api.post<TOrder>(`/api/orders/${orderId}/payments`, input, idempotencyKey()),
    onSuccess: () => invalidateOrders(queryClient),
  });
}
