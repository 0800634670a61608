// POST /api/payouts/:id/record (managers): a payout made by other means (cash, bank, another wallet), with its reference.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TPayout, ZPayoutRecordInput } from '../../../../contract/payments';
import { api } from '../../../lib/api-client';
import { invalidatePayouts } from './get-waiting-payouts';

export function useRecordPayout(payoutId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof ZPayoutRecordInput>) =>
      api.post<TPayout>(`/api/payouts/${payoutId}/record`, input),
    onSuccess: () => invalidatePayouts(queryClient),
  });
}
