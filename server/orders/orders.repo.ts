// Orders, deliveries, timeline, payments and disputes: reads and writes of this module's tables.
import { and, asc, desc, eq, getTableColumns, inArray, lte, sql } from 'drizzle-orm';
import { agentLinkedSql } from '../agents';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { tradeMarketKeySql } from '../marketplace';
import { deliveries, disputes, orderEvents, orderPayments, orderRefunds, orders } from './orders.schema';

/**
 * An order's columns, and whether its agent represents the seller now (`agentLinked`): the agent stored on the order
 * keeps the commission, but acts on the order and hears of it only while their link stands, read with the order.
 * `marketKey` is its trade's market, so that the order is named as the catalogue names it for each reader.
 */
export const orderColumns = {
  ...getTableColumns(orders),
  agentLinked: agentLinkedSql(orders.agentId, orders.sellerId).mapWith(Boolean),
  marketKey: tradeMarketKeySql(orders.tradeId).mapWith(String),
};
export type OrderRow = typeof orders.$inferSelect & { agentLinked: boolean; marketKey: string };
export type DeliveryRow = typeof deliveries.$inferSelect;
export type PaymentRow = typeof orderPayments.$inferSelect;
export type RefundRow = typeof orderRefunds.$inferSelect;
export type DisputeRow = typeof disputes.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;

export async function insertOrder(tx: Tx, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning(orderColumns);
  if (!row) {
    throw new Error('order insert returned nothing');
  }
  return row;
}

export async function findOrder(db: Tx, id: number): Promise<OrderRow | null> {
  const [row] = await db.select(orderColumns).from(orders).where(eq(orders.id, id));
  return row ?? null;
}

export async function findOrderByTrade(db: Tx, tradeId: number): Promise<OrderRow | null> {
  const [row] = await db.select(orderColumns).from(orders).where(eq(orders.tradeId, tradeId));
  return row ?? null;
}

/** Every order, oldest first (demo data only: it reads the whole table). */
export function allOrdersOldestFirst(db: Tx): Promise<OrderRow[]> {
  return db.select(orderColumns).from(orders).orderBy(asc(orders.createdAt), asc(orders.id));
}

/** An order by its id, or the order one of its deliveries belongs to (a driver's step names the delivery). */
export type OrderTarget = number | { deliveryId: number };

/**
 * Locks an order, found by its id or by one of its deliveries in the same statement. Its current delivery is read
 * by a statement of its own after the lock: one that waited for the lock must see a delivery arranged meanwhile,
 * and a statement only re-reads, after such a wait, the row it locks (READ COMMITTED), not the rows it joins.
 */
export async function lockOrder(tx: Tx, target: OrderTarget): Promise<OrderRow | null> {
  const id =
    typeof target === 'number'
      ? target
      : sql`(select d.order_id from deliveries d where d.id = ${target.deliveryId})`;
  const [row] = await tx.select(orderColumns).from(orders).where(eq(orders.id, id)).for('update');
  return row ?? null;
}

export async function updateOrder(
  tx: Tx,
  id: number,
  changes: Partial<typeof orders.$inferInsert>,
): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(orders.id, id))
    .returning(orderColumns);
  if (!row) {
    throw new Error('order update returned nothing');
  }
  return row;
}

/** Changes an order as of `at` (demo data replays a past; live changes use updateOrder, stamped now). */
export async function updateOrderAsOf(
  tx: Tx,
  id: number,
  changes: Partial<typeof orders.$inferInsert>,
  at: Date,
): Promise<void> {
  await tx
    .update(orders)
    .set({ ...changes, updatedAt: at })
    .where(eq(orders.id, id));
}

export async function insertEvent(tx: Tx, values: typeof orderEvents.$inferInsert): Promise<void> {
  await tx.insert(orderEvents).values(values);
}

/** Several timeline entries at once (demo data writes a settled order's whole past). */
export async function insertEvents(tx: Tx, values: (typeof orderEvents.$inferInsert)[]): Promise<void> {
  if (values.length > 0) {
    await tx.insert(orderEvents).values(values);
  }
}

export async function insertDelivery(tx: Tx, values: typeof deliveries.$inferInsert): Promise<DeliveryRow> {
  const [row] = await tx.insert(deliveries).values(values).returning();
  if (!row) {
    throw new Error('delivery insert returned nothing');
  }
  return row;
}

export async function anyDeliveryExists(db: Tx): Promise<boolean> {
  const [row] = await db.select({ id: deliveries.id }).from(deliveries).limit(1);
  return row !== undefined;
}

export async function lockDelivery(tx: Tx, id: number): Promise<DeliveryRow | null> {
  const [row] = await tx.select().from(deliveries).where(eq(deliveries.id, id)).for('update');
  return row ?? null;
}

/** The order's latest delivery (the one that counts), or null. */
export async function currentDelivery(db: Tx, orderId: number): Promise<DeliveryRow | null> {
  const [row] = await db
    .select()
    .from(deliveries)
    .where(eq(deliveries.orderId, orderId))
    .orderBy(desc(deliveries.id))
    .limit(1);
  return row ?? null;
}

export async function updateDeliveryRow(
  tx: Tx,
  id: number,
  changes: Partial<typeof deliveries.$inferInsert>,
): Promise<DeliveryRow> {
  const [row] = await tx
    .update(deliveries)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(deliveries.id, id))
    .returning();
  if (!row) {
    throw new Error('delivery update returned nothing');
  }
  return row;
}

export async function insertPayment(tx: Tx, values: typeof orderPayments.$inferInsert): Promise<PaymentRow> {
  const [row] = await tx.insert(orderPayments).values(values).returning();
  if (!row) {
    throw new Error('payment insert returned nothing');
  }
  return row;
}

/** A payment and the order's new paid total, in one statement; answers the order as updated. */
export async function insertPaymentUpdating(
  tx: Tx,
  values: typeof orderPayments.$inferInsert,
  changes: Pick<typeof orders.$inferInsert, 'paidCents'>,
): Promise<OrderRow> {
  const written = tx.$with('written', { id: sql<number>`id` }).as(
    sql`insert into order_payments (order_id, amount_cents, method, reference, paid_at, recorded_by, entry_id, move_id)
      values (${values.orderId}, ${values.amountCents}, ${values.method}, ${values.reference ?? null},
        ${values.paidAt}, ${values.recordedBy}, ${values.entryId ?? null}::int, ${values.moveId ?? null}::int)
      returning id`,
  );
  const [row] = await tx
    .with(written)
    .update(orders)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(orders.id, values.orderId))
    .returning(orderColumns);
  if (!row) {
    throw new Error('order update returned nothing');
  }
  return row;
}

/** The order's payments, oldest first. */
export function paymentsOf(tx: Tx, orderId: number): Promise<PaymentRow[]> {
  return tx
    .select()
    .from(orderPayments)
    .where(eq(orderPayments.orderId, orderId))
    .orderBy(asc(orderPayments.id));
}

export async function insertRefund(tx: Tx, values: typeof orderRefunds.$inferInsert): Promise<RefundRow> {
  const [row] = await tx.insert(orderRefunds).values(values).returning();
  if (!row) {
    throw new Error('refund insert returned nothing');
  }
  return row;
}

/** Which of these orders are completed and were delivered by `cutoff` (their escrow's hold has ended). */
export async function completedBefore(db: Tx, ids: readonly number[], cutoff: Date): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(inArray(orders.id, [...ids]), eq(orders.status, 'completed'), lte(orders.deliveredAt, cutoff)),
    );
  return rows.map((r) => r.id);
}

/** The commodity each of these orders sold: its market, and its name as typed when the bid was accepted. */
export async function commodityNamesOf(
  db: Tx,
  ids: readonly number[],
): Promise<Map<number, { marketKey: string; typed: string }>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ id: orders.id, typed: orders.commodityName, marketKey: orderColumns.marketKey })
    .from(orders)
    .where(inArray(orders.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { marketKey: r.marketKey, typed: r.typed }]));
}

/** A refund given back by mobile money from escrow is completed when its payout succeeds. */
export async function completeRefundOfMove(tx: Tx, moveId: number, at: Date): Promise<void> {
  await tx
    .update(orderRefunds)
    .set({ status: 'completed', refundedAt: at })
    .where(eq(orderRefunds.moveId, moveId));
}

export async function insertDispute(tx: Tx, values: typeof disputes.$inferInsert): Promise<DisputeRow> {
  const [row] = await tx.insert(disputes).values(values).returning();
  if (!row) {
    throw new Error('dispute insert returned nothing');
  }
  return row;
}

/** The order's unresolved dispute, locked, or null. */
export async function lockOpenDispute(tx: Tx, orderId: number): Promise<DisputeRow | null> {
  const [row] = await tx
    .select()
    .from(disputes)
    .where(and(eq(disputes.orderId, orderId), sql`${disputes.resolvedAt} is null`))
    .for('update');
  return row ?? null;
}

export async function resolveDisputeRow(
  tx: Tx,
  id: number,
  changes: Pick<typeof disputes.$inferInsert, 'resolution' | 'refundCents' | 'resolutionNote' | 'resolvedBy'>,
): Promise<void> {
  await tx
    .update(disputes)
    .set({ ...changes, resolvedAt: new Date() })
    .where(eq(disputes.id, id));
}

/** The seller's answer to a dispute: its note and the hashes of its photos. */
export async function replyToDisputeRow(
  tx: Tx,
  id: number,
  reply: { note: string; photos: string[] },
): Promise<void> {
  await tx
    .update(disputes)
    .set({ replyNote: reply.note, replyPhotos: reply.photos, repliedAt: new Date() })
    .where(eq(disputes.id, id));
}

/** Every dispute's id of an order (the owners of its dispute photos). */
export async function disputeIdsOf(db: Tx, orderId: number): Promise<number[]> {
  const rows = await db.select({ id: disputes.id }).from(disputes).where(eq(disputes.orderId, orderId));
  return rows.map((r) => r.id);
}

/** The managers, who hear of what a dispute's parties say. */
export async function managerIds(db: Tx): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'manager'));
  return rows.map((r) => r.id);
}

/** How the buyer last paid (the account a commission is paid from), or null before any payment. */
export async function lastPaymentMethod(db: Tx, orderId: number): Promise<PaymentRow['method'] | null> {
  const [row] = await db
    .select({ method: orderPayments.method })
    .from(orderPayments)
    .where(eq(orderPayments.orderId, orderId))
    .orderBy(desc(orderPayments.id))
    .limit(1);
  return row?.method ?? null;
}
