// POST /api/orders/:id/payments: records money received for an order (through the outbox).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TOrder, TPaymentInput } from '../../../../contract/orders';
import { formatMoney, parseDecimal } from '../../../lib/format';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { invalidateOrders } from './get-orders';
import { orderLabel } from './outbox-label';

/** One key per submission, so a retried request is never recorded twice (crypto.randomUUID needs HTTPS). */
const idempotencyKey = () => `pay-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export function useRecordPayment(orderId: number) {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: (input: TPaymentInput) =>
      write<TOrder>({
        method: 'POST',
        path: `/api/orders/${orderId}/payments`,
        body: input,
        idempotencyKey: idempotencyKey(),
        label: orderLabel('paymentRecord', orderId, {
          amount: formatMoney(parseDecimal(String(input.amount)), i18n.language),
        }),
      }),
    onSuccess: settle(() => invalidateOrders(queryClient)),
  });
}
