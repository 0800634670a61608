// POST /api/orders/:id/dispute: the buyer disputes a delivered order (through the outbox).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDisputeInput, TOrder } from '../../../../contract/orders';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { invalidateOrders } from './get-orders';
import { orderLabel } from './outbox-label';

export function useOpenDispute(orderId: number) {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (input: TDisputeInput) =>
      write<TOrder>({
        method: 'POST',
        path: `/api/orders/${orderId}/dispute`,
        body: input,
        label: orderLabel('disputeOpen', orderId),
      }),
    onSuccess: settle(() => invalidateOrders(queryClient)),
  });
}
