// POST /api/farms/:id/transactions/:transactionId/reversal: cancels a transaction with a reversing entry.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTransaction } from '../../../../contract/finance';
import { api } from '../../../lib/api-client';
import { farmKey } from '../../../lib/query-keys';

export function useReverseTransaction(farmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: number) =>
      api.post<TTransaction>(`/api/farms/${farmId}/transactions/${transactionId}/reversal`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: farmKey(farmId) }),
  });
}
