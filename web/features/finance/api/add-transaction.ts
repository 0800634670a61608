// POST /api/farms/:id/transactions: books a transaction through the outbox, then refreshes the farm's financial
// queries (or says it is saved on this phone).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TTransaction, TTransactionInput } from '../../../../contract/finance';
import { formatMoney, parseDecimal } from '../../../lib/format';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { farmKey } from '../../../lib/query-keys';

/** One key per submission, so a retried request is never booked twice (crypto.randomUUID needs HTTPS). */
const idempotencyKey = () => `tx-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export function useAddTransaction(farmId: number) {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: (input: TTransactionInput) =>
      write<TTransaction>({
        method: 'POST',
        path: `/api/farms/${farmId}/transactions`,
        body: { ...input, farmId },
        idempotencyKey: idempotencyKey(),
        label: {
          key: 'outbox:labels.transactionAdd',
          params: {
            amount: formatMoney(parseDecimal(String(input.amount)), i18n.language),
            description: input.description ?? '',
          },
        },
      }),
    onSuccess: settle(() => queryClient.invalidateQueries({ queryKey: farmKey(farmId) })),
  });
}
