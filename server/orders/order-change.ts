// The shape of every order change: the order locked and checked, the work, then its timeline, notifications and events.
import { sql } from 'drizzle-orm';
import { centsToDecimal, multiplyCents } from '../../contract/money';
import type { NotificationType, TNotificationData } from '../../contract/notifications';
import type { TimelineStep } from '../../contract/orders';
import { recordCommission } from '../agents';
import { findUserById } from '../auth';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { userIdArray } from '../events/audience';
import { bookCommission, today } from '../finance';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { inboxCache, inboxNoticeSql, notificationWritesSql } from '../notifications';
import { movesOfOrders } from '../payments';
import { escrowCents, paymentTerms } from './escrow';
import { orderAudience } from './order-audience';
import { recordChange } from './order-change.sql';
import { loadOneOrderDetails, type OrderDetails } from './order-pages.repo';
import { dueCents, maySeeOrder } from './orders.policy';
import {
  currentDelivery,
  type DeliveryRow,
  lastPaymentMethod,
  lockOrder,
  type OrderRow,
  type OrderTarget,
  updateOrder,
} from './orders.repo';

export const orderNotFound = () => new AppError('notFound', 'orders.errors.orderNotFound');
export const deliveryNotFound = () => new AppError('notFound', 'orders.errors.deliveryNotFound');

export interface OrderView {
  order: OrderRow;
  details: OrderDetails;
}

export async function view(ctx: AppContext, order: OrderRow): Promise<OrderView> {
  return { order, details: await loadOneOrderDetails(ctx.db, order, paymentTerms(ctx.config)) };
}

// ─── The shape of every change ───────────────────────────────────────────────

interface Locked {
  order: OrderRow;
  delivery: DeliveryRow | null;
}

export interface Change {
  order: OrderRow;
  /** The timeline entry; null when nothing but a counter changed (a wrong handover code). */
  step: TimelineStep | null;
  note?: string | null;
  amountCents?: number | null;
  /** Users who no longer are on the order but must hear it changed (a driver who declined or was called off). */
  also?: number[];
  /** Users the work told of the change its own way, left out of the order-step notification. */
  toldApart?: number[];
  /** The delivery `work` arranged, which is now the order's current one (left out: the current one stays). */
  delivery?: DeliveryRow;
  /** Timeline entries that follow from the step, after it (each refund a cancellation made, a weighing billed). */
  followUps?: { step: TimelineStep; amountCents: number | null; quantityKg?: number | null }[];
  /** Money handed back to the buyer by the change: its notification says how much (`order_refund`). */
  refundedCents?: number;
  /** Mobile money moved: this notice (`payment_update`) goes to `to` instead of the order-step one to everyone. */
  notice?: PaymentNotice;
}

export interface PaymentNotice {
  /** `requested`, `succeeded`, `failed`, `released`, `payout_sent`, `payout_failed`, `refund_sent`. */
  reason: string;
  amountCents: number;
  failureReason?: string | null;
  to: readonly number[];
}

/** The notification a change sends: its payment notice, the refund it made, or the order's new step. */
function noticeOf(locked: OrderRow, done: Change): { type: NotificationType; data: TNotificationData } {
  const about = { orderId: locked.id, commodity: locked.commodityName };
  const refunded = done.refundedCents ?? 0;
  if (done.notice) {
    const { reason, amountCents, failureReason } = done.notice;
    const failureKey = failureReason ? `payments.reasons.${failureReason}` : null;
    return {
      type: 'payment_update',
      data: { ...about, amount: centsToDecimal(amountCents), reason, failureKey },
    };
  }
  return refunded > 0
    ? { type: 'order_refund', data: { ...about, amount: centsToDecimal(refunded) } }
    : { type: 'order_update', data: { ...about, stepKey: `orders.steps.${done.step}` } };
}

/**
 * Who makes a change: a signed-in user (who must see the order: 404 otherwise), or the server itself (escrow released
 * after its hold, a provider's answer), with the user the timeline names, if any.
 */
export type OrderActor = SessionUser | { system: true; byId: number | null };

const isSystem = (actor: OrderActor): actor is { system: true; byId: number | null } => 'system' in actor;

/**
 * Runs `work` on the locked order in one transaction, after checking the user may see it (404 otherwise), then
 * writes the timeline entry and the live event `work` asks for.
 */
export async function change(
  ctx: AppContext,
  user: OrderActor,
  target: OrderTarget,
  work: (tx: Tx, locked: Locked) => Promise<Change>,
): Promise<OrderView> {
  const order = await ctx.db.transaction((tx) => changeIn(ctx, tx, user, target, work));
  return view(ctx, order);
}

/** `change` inside a transaction the caller holds (a payment's settlement is one with the provider's answer). */
export async function changeIn(
  ctx: AppContext,
  tx: Tx,
  user: OrderActor,
  target: OrderTarget,
  work: (tx: Tx, locked: Locked) => Promise<Change>,
): Promise<OrderRow> {
  const locked = await lockOrder(tx, target);
  if (!locked) {
    throw typeof target === 'number' ? orderNotFound() : deliveryNotFound();
  }
  const delivery = await currentDelivery(tx, locked.id);
  if (!isSystem(user) && !maySeeOrder(user, locked, delivery)) {
    throw orderNotFound();
  }
  const done = await work(tx, { order: locked, delivery });
  // Only arranging one makes another delivery current; a step changes a delivery's status, never its driver.
  await record(ctx, tx, user, locked, done, done.delivery === undefined ? delivery : done.delivery);
  return done.order;
}

/**
 * The end of a change, in one statement: its timeline entry, a notification to everyone on the order but whoever
 * made it (buyer, seller, agent, driver, and one just dropped), and the live events.
 */
async function record(
  ctx: AppContext,
  tx: Tx,
  actor: OrderActor,
  locked: OrderRow,
  done: Change,
  after: DeliveryRow | null,
): Promise<void> {
  const byId = isSystem(actor) ? actor.byId : actor.id;
  // Whoever made the change knows of it; a change the server made (a provider's answer) is news to everyone.
  const maker = isSystem(actor) ? null : actor.id;
  const people = [
    done.order.buyerId,
    done.order.sellerId,
    // An agent whose link with the seller ended no longer hears of the order.
    done.order.agentLinked ? done.order.agentId : null,
    after?.driverId,
    ...(done.also ?? []),
  ];
  const recipients = done.notice
    ? [...new Set(done.notice.to.filter((id) => id !== maker))]
    : done.step === null
      ? []
      : [
          ...new Set(
            people.filter(
              (id): id is number =>
                typeof id === 'number' && id !== maker && !(done.toldApart ?? []).includes(id),
            ),
          ),
        ];
  const orderEvent = ctx.bus.notifySql(
    { type: 'order', id: sql`${locked.id}` },
    orderAudience({ ...done.order, driverId: after?.driverId ?? null, also: done.also }),
  );
  const events =
    done.step === null
      ? []
      : [
          {
            orderId: locked.id,
            step: done.step,
            byId,
            note: done.note ?? null,
            amountCents: done.amountCents ?? null,
          },
          ...(done.followUps ?? []).map((f) => ({
            orderId: locked.id,
            step: f.step,
            byId,
            amountCents: f.amountCents,
            quantityKg: f.quantityKg ?? null,
          })),
          // Completion follows from the step (the payment or hand-over that settled the order), so it comes last.
          ...(locked.status !== 'completed' && done.order.status === 'completed'
            ? [{ orderId: locked.id, step: 'completed' as const, byId }]
            : []),
        ];
  if (recipients.length === 0) {
    await recordChange(tx, events, [], orderEvent);
    return;
  }
  // This instance reads the recipients' inboxes afresh (as `notify` does before its write).
  inboxCache.of(ctx).expect(recipients);
  const notice = noticeOf(locked, done);
  const notified = notificationWritesSql(ctx, 'notified', {
    from: sql`(select 1) as one`,
    recipients: userIdArray(recipients),
    type: notice.type,
    data: sql`${JSON.stringify(notice.data)}::jsonb`,
    link: sql`${`/orders?order=${locked.id}`}::text`,
  });
  const heard = inboxNoticeSql(ctx, { userIds: recipients });
  await recordChange(tx, events, notified, sql`(${heard})::text || (${orderEvent})::text`);
}

/**
 * Delivered and nothing due: the order completes. An agent on it earns their commission then, once, booked as an
 * expense of the seller's farm.
 */
export async function completeIfSettled(ctx: AppContext, tx: Tx, order: OrderRow): Promise<OrderRow> {
  if (order.status !== 'delivered' || dueCents(order) > 0) {
    return order;
  }
  // Its timeline entry is written by `change`, after the entry of the step that settled the order.
  const completed = await updateOrder(tx, order.id, { status: 'completed' });
  const net = order.totalCents - order.refundedCents;
  if (order.agentId !== null && order.agentEarns && order.farmId !== null && net > 0) {
    const amountCents = multiplyCents(net, Math.round(ctx.config.agentCommissionPercent * 100), 10_000);
    if (amountCents > 0) {
      const agent = await findUserById(tx, order.agentId);
      const entryId = await bookCommission(tx, ctx.bus, {
        farmId: order.farmId,
        orderId: order.id,
        date: today(),
        amountCents,
        method: (await lastPaymentMethod(tx, order.id)) ?? 'cash',
        agentUsername: agent?.username ?? `#${order.agentId}`,
        fromEscrow: escrowCents(await movesOfOrders(tx, [order.id])).collected > 0,
      });
      await recordCommission(tx, {
        orderId: order.id,
        agentId: order.agentId,
        farmerId: order.sellerId,
        amountCents,
        entryId,
      });
    }
  }
  return completed;
}
