// What other modules may ask of orders, by name (the orders tables stay this module's).
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { orders } from './orders.schema';

/** What the buyer has paid on the trade's order (0 when it has none). */
export async function paidCentsOfTrade(db: Tx, tradeId: number): Promise<number> {
  const [row] = await db.select({ paid: orders.paidCents }).from(orders).where(eq(orders.tradeId, tradeId));
  return row?.paid ?? 0;
}

/**
 * What each order sold for, in cents: its bill (price × tons, following a weighing) less what was refunded, the
 * figure an agent's commission is taken from. Orders not found are left out.
 */
export async function netSalesCents(db: Tx, orderIds: readonly number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ id: orders.id, total: orders.totalCents, refunded: orders.refundedCents })
    .from(orders)
    .where(inArray(orders.id, [...new Set(orderIds)]));
  return new Map(rows.map((r) => [r.id, r.total - r.refunded]));
}

/** The id of the trade's order, or null. */
export async function orderIdOfTrade(db: Tx, tradeId: number): Promise<number | null> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.tradeId, tradeId));
  return row?.id ?? null;
}

/**
 * What rating an order needs to know: its parties, what was sold, and whether it was completed (an order completed
 * and then disputed was still completed: its parties may rate each other).
 */
export async function orderForRating(
  db: Tx,
  orderId: number,
): Promise<{ buyerId: number; sellerId: number; commodityName: string; completed: boolean } | null> {
  // `orders.id` written out in the subqueries: drizzle leaves a single table's columns unqualified there.
  const [row] = await db
    .select({
      buyerId: orders.buyerId,
      sellerId: orders.sellerId,
      commodityName: orders.commodityName,
      completed: sql<boolean>`(${orders.status} = 'completed' or exists(select 1 from order_events e
        where e.order_id = orders.id and e.step = 'completed'))`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/** A user's orders as buyer or seller: how many completed, were cancelled, and were ever disputed. */
export async function orderRecordOf(
  db: Tx,
  userId: number,
): Promise<{ completed: number; cancelled: number; disputed: number }> {
  const [row] = await db
    .select({
      completed: sql<number>`count(*) filter (where ${orders.status} = 'completed')::int`,
      cancelled: sql<number>`count(*) filter (where ${orders.status} = 'cancelled')::int`,
      disputed: sql<number>`count(*) filter (where ${orders.status} = 'disputed'
        or exists(select 1 from disputes d where d.order_id = orders.id))::int`,
    })
    .from(orders)
    .where(or(eq(orders.buyerId, userId), eq(orders.sellerId, userId)));
  return {
    completed: Number(row?.completed ?? 0),
    cancelled: Number(row?.cancelled ?? 0),
    disputed: Number(row?.disputed ?? 0),
  };
}

/** Where each of these orders stands (a forward agreement's deliveries). */
export async function orderStatesOf(
  db: Tx,
  ids: readonly number[],
): Promise<Map<number, { status: string; totalCents: number; paidCents: number; quantityKg: number }>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      totalCents: orders.totalCents,
      paidCents: orders.paidCents,
      quantityKg: orders.quantityKg,
    })
    .from(orders)
    .where(inArray(orders.id, [...ids]));
  return new Map(rows.map(({ id, ...rest }) => [id, rest]));
}
