// POST /api/payouts/:id/retry (managers): sends a waiting or failed payout again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPayout } from '../../../../contract/payments';
import { api } from '../../../lib/api-client';
import { invalidatePayouts } from './get-waiting-payouts';

export function useRetryPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payoutId: number) => api.post<TPayout>(`/api/payouts/${payoutId}/retry`),
    onSuccess: () => invalidatePayouts(queryClient),
  });
}
