// POST /api/farms/:id/transactions: books a transaction, then refreshes the farm's financial queries.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTransaction, TTransactionInput } from '../../../../contract/finance';
import { api } from '../../../lib/api-client';
import { farmKey } from '../../../lib/query-keys';

/** One key per submission, so a retried request is never booked twice (crypto.randomUUID needs HTTPS). */
const idempotencyKey = () => `tx-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export function useAddTransaction(farmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TTransactionInput) =>
      api.post<TTransaction>(`/api/farms/${farmId}/transactions`, { ...input, farmId }, idempotencyKey()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: farmKey(farmId) }),
  });
}
