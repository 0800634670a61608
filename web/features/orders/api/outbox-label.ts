// What an order step is called in the outbox ("Cancel order no. 12"): one of the outbox's labels for orders.
import type { OutboxLabel } from '../../../lib/outbox/outbox-item';

export type OrderLabel =
  | 'deliveryArrange'
  | 'orderCancel'
  | 'orderHandOver'
  | 'disputeOpen'
  | 'disputeReply'
  | 'disputeResolve'
  | 'paymentRecord'
  | 'codeRenew';

export const orderLabel = (
  name: OrderLabel,
  orderId: number,
  params: Record<string, string | number> = {},
): OutboxLabel => ({ key: `outbox:labels.${name}`, params: { orderId, ...params } });
