// PATCH /api/deliveries/:id: the driver's next step (accept, decline, picked up, on the way, delivered, failed),
// through the outbox.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TDeliveryUpdate, TOrder } from '../../../../contract/orders';
import { isQueued } from '../../../lib/outbox/queued-write';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { invalidateDeliveries } from './get-deliveries';

/**
 * `onDone` runs once the server has applied the step, even when the card is gone by then (a finished delivery leaves
 * the open list as the lists refetch, and callbacks given to `mutate` do not run once their component has unmounted);
 * a step kept on this phone gets the outbox's toast instead.
 */
export function useUpdateDelivery(
  deliveryId: number,
  orderId: number,
  onDone: (input: TDeliveryUpdate) => void,
) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('orders');
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (input: TDeliveryUpdate) =>
      write<TOrder>({
        method: 'PATCH',
        path: `/api/deliveries/${deliveryId}`,
        body: input,
        label: {
          key: 'outbox:labels.deliveryStep',
          params: { orderId, step: t(`deliveryStatus.${input.status}`) },
        },
      }),
    onSuccess: (result, input) => settle(() => onDone(input))(result),
    // A wrong code changes the attempts left: refetch on failure too (not for a step still on this phone).
    onSettled: (result) => (isQueued(result) ? undefined : invalidateDeliveries(queryClient)),
  });
}
