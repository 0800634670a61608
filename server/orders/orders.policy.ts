// Per-object rules of orders: who sees an order, who moves its delivery, its money and its disputes, and when.
import { DAY_MS } from '../../contract/constants';
import {
  CLOSED_DELIVERY_STATUSES,
  DELIVERY_NEXT,
  type DeliveryStatus,
  DISPUTE_WINDOW_DAYS,
  MAX_CODE_ATTEMPTS,
} from '../../contract/orders';

type Actor = { id: number; role: string };
type Order = {
  buyerId: number;
  sellerId: number;
  agentId: number | null;
  /** Whether the order's agent represents the seller now: an ended link ends every right the agent had on it. */
  agentLinked: boolean;
  status: string;
  totalCents: number;
  paidCents: number;
  refundedCents: number;
  codeFailures: number;
  deliveredAt: Date | null;
  /** A weighing the bill follows (booked on the seller's farm). */
  weighedKg: number | null;
};
type Delivery = { mode: 'driver' | 'pickup'; driverId: number | null; status: DeliveryStatus } | null;

const isManager = (user: Actor) => user.role === 'manager';

/** The order's agent, while their link with the seller stands (checked at each request, not when the order was made). */
export function isActingAgent(user: Actor, order: Order): boolean {
  return order.agentId === user.id && order.agentLinked;
}

/** Whether the user is on the seller's side of the order: a manager, the seller, or the seller's agent now. */
export function isSellerSide(user: Actor, order: Order): boolean {
  return isManager(user) || order.sellerId === user.id || isActingAgent(user, order);
}

/** Buyer, seller, the seller's agent on it, its current driver and managers see an order; to others it does not exist. */
export function maySeeOrder(user: Actor, order: Order, delivery: Delivery): boolean {
  return (
    isManager(user) ||
    order.buyerId === user.id ||
    order.sellerId === user.id ||
    isActingAgent(user, order) ||
    (delivery !== null && delivery.driverId === user.id)
  );
}

/** The seller, their agent on the order, or a manager arranges delivery and may cancel. */
export function mayManageSale(user: Actor, order: Order): boolean {
  return isSellerSide(user, order);
}

/** What the buyer still owes: the total, less refunds and payments; nothing on a cancelled order (the sale is undone). */
export function dueCents(order: Order): number {
  return order.status === 'cancelled' ? 0 : order.totalCents - order.refundedCents - order.paidCents;
}

const goodsMoved = (delivery: Delivery) =>
  delivery !== null && ['picked_up', 'in_transit', 'delivered'].includes(delivery.status);

/**
 * Before pick-up only: once the goods have left, a cancellation would need them back (a dispute does that). Goods
 * weighed and billed (then a delivery failed) were picked up too: the order is delivered again, not cancelled.
 */
export function mayCancel(user: Actor, order: Order, delivery: Delivery): boolean {
  return (
    mayManageSale(user, order) &&
    order.status === 'awaiting_delivery' &&
    !goodsMoved(delivery) &&
    order.weighedKg === null
  );
}

/** A delivery is arranged while the order awaits one and no other is under way. */
export function mayArrangeDelivery(user: Actor, order: Order, delivery: Delivery): boolean {
  return (
    mayManageSale(user, order) &&
    order.status === 'awaiting_delivery' &&
    (delivery === null || CLOSED_DELIVERY_STATUSES.includes(delivery.status))
  );
}

/** The seller or a manager records money received, while something is due on an order not cancelled. */
export function mayRecordPayment(user: Actor, order: Order): boolean {
  return (
    (isManager(user) || order.sellerId === user.id) && order.status !== 'cancelled' && dueCents(order) > 0
  );
}

/**
 * The buyer (or a manager for them) pays what is due by mobile money: one payment pending at a time, and only by a
 * provider this server has.
 */
export function mayPayByMobile(
  user: Actor,
  order: Order,
  money: { pendingCollection: boolean; providers: number },
): boolean {
  return (
    (isManager(user) || order.buyerId === user.id) &&
    order.status !== 'cancelled' &&
    dueCents(order) > 0 &&
    !money.pendingCollection &&
    money.providers > 0
  );
}

/** The buyer lets the escrow go to the seller before the hold ends, once the order is completed (not in a dispute). */
export function mayReleaseEscrow(user: Actor, order: Order, heldCents: number): boolean {
  return order.buyerId === user.id && order.status === 'completed' && heldCents > 0;
}

/** The buyer, within the window after delivery, once (an open dispute is resolved before another). */
export function mayDispute(user: Actor, order: Order, now: number): boolean {
  return (
    order.buyerId === user.id &&
    (order.status === 'delivered' || order.status === 'completed') &&
    order.deliveredAt !== null &&
    now - order.deliveredAt.getTime() <= DISPUTE_WINDOW_DAYS * DAY_MS
  );
}

/** The seller answers an open dispute, once (their agent and managers do not speak for them). */
export function mayReplyToDispute(
  user: Actor,
  order: Order,
  dispute: { resolvedAt: Date | null; repliedAt: Date | null } | null,
): boolean {
  return (
    order.sellerId === user.id &&
    order.status === 'disputed' &&
    dispute !== null &&
    dispute.resolvedAt === null &&
    dispute.repliedAt === null
  );
}

/**
 * A dispute's photos go to its parties, the seller's agent on the order and managers; a driver who sees the order
 * does not see them.
 */
export function maySeeDisputePhotos(user: Actor, order: Order): boolean {
  return (
    isManager(user) || order.buyerId === user.id || order.sellerId === user.id || isActingAgent(user, order)
  );
}

export function mayResolveDispute(user: Actor, order: Order): boolean {
  return isManager(user) && order.status === 'disputed';
}

/**
 * The buyer's handover code serves while the goods are still to be handed over: only then is it shown (a spent code
 * in large type on a completed order reads as something still to give) and renewed.
 */
export function mayUseCode(user: Actor, order: Order): boolean {
  return order.buyerId === user.id && (order.status === 'awaiting_delivery' || order.status === 'in_transit');
}

/** The buyer renews the handover code while the goods are not yet handed over. */
export function mayRenewCode(user: Actor, order: Order): boolean {
  return mayUseCode(user, order);
}

/** Who moves a delivery: its driver (or a manager); for a pick-up, the seller's side (or a manager). */
export function mayMoveDelivery(user: Actor, order: Order, delivery: NonNullable<Delivery>): boolean {
  if (isManager(user)) {
    return true;
  }
  return delivery.mode === 'driver' ? delivery.driverId === user.id : mayManageSale(user, order);
}

/** Whether `next` may follow the delivery's status (a pick-up goes straight from accepted to delivered). */
export function isNextStep(delivery: NonNullable<Delivery>, next: DeliveryStatus): boolean {
  if (delivery.mode === 'pickup') {
    return delivery.status === 'accepted' && (next === 'delivered' || next === 'failed');
  }
  return DELIVERY_NEXT[delivery.status].includes(next);
}

export function isCodeLocked(order: Order): boolean {
  return order.codeFailures >= MAX_CODE_ATTEMPTS;
}
