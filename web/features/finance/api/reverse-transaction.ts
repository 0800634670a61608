// POST /api/farms/:id/transactions/:transactionId/reversal: cancels a transaction with a reversing entry, through
// the outbox.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTransaction } from '../../../../contract/finance';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { farmKey } from '../../../lib/query-keys';

export function useReverseTransaction(farmId: number) {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (transactionId: number) =>
      write<TTransaction>({
        method: 'POST',
        path: `/api/farms/${farmId}/transactions/${transactionId}/reversal`,
        label: { key: 'outbox:labels.transactionReverse', params: {} },
      }),
    onSuccess: settle(() => queryClient.invalidateQueries({ queryKey: farmKey(farmId) })),
  });
}
