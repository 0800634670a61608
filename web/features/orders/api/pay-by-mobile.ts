// POST /api/orders/:id/mobile-payments: asks the buyer's wallet for what is due (MTN's prompt on the phone, or
// Orange's payment page). Sent at once, not through the outbox: a prompt replayed hours later would surprise the payer.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TMobilePayment, ZMobilePaymentInput } from '../../../../contract/payments';
import { api } from '../../../lib/api-client';
import { mobilePaymentQuery } from './get-mobile-payment';
import { invalidateOrders } from './get-orders';

/** One key per request asked, so a retried request never prompts the wallet twice (crypto.randomUUID needs HTTPS). */
const idempotencyKey = () => `momo-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export function usePayByMobile(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<ZMobilePaymentInput>) =>
      api.post<TMobilePayment>(`/api/orders/${orderId}/mobile-payments`, input, idempotencyKey()),
    onSuccess: (payment) => {
      queryClient.setQueryData(mobilePaymentQuery(payment.id).queryKey, payment);
      return invalidateOrders(queryClient);
    },
  });
}
