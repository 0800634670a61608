// POST /api/orders/:id/code: the buyer gets a new handover code (which also unlocks a locked delivery), through the
// outbox.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOrder } from '../../../../contract/orders';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { invalidateOrders } from './get-orders';
import { orderLabel } from './outbox-label';

export function useRenewCode(orderId: number) {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: () =>
      write<TOrder>({
        method: 'POST',
        path: `/api/orders/${orderId}/code`,
        label: orderLabel('codeRenew', orderId),
      }),
    onSuccess: settle(() => invalidateOrders(queryClient)),
  });
}
