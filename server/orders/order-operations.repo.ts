// What the managers' operations view reads of orders: counts by status, stale deliveries, open disputes, value traded.
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { OPEN_DELIVERY_STATUSES } from '../../contract/orders';
import type { OrderStatus } from '../../contract/orders-constants';
import type { Tx } from '../db/client';
import { deliveries, disputes, orders } from './orders.schema';

export async function ordersByStatus(db: Tx): Promise<Map<OrderStatus, number>> {
  const rows = await db
    .select({ status: orders.status, count: sql<number>`count(*)::int` })
    .from(orders)
    .groupBy(orders.status);
  return new Map(rows.map((r) => [r.status, r.count]));
}

/** Open deliveries (or orders with none) last moved before `before`, oldest first. */
export function staleDeliveries(db: Tx, before: Date) {
  return db
    .select({
      orderId: deliveries.orderId,
      deliveryId: deliveries.id,
      status: deliveries.status,
      since: deliveries.updatedAt,
    })
    .from(deliveries)
    .innerJoin(orders, eq(orders.id, deliveries.orderId))
    .where(
      and(
        inArray(deliveries.status, [...OPEN_DELIVERY_STATUSES]),
        inArray(orders.status, ['awaiting_delivery', 'in_transit']),
        lt(deliveries.updatedAt, before),
      ),
    )
    .orderBy(asc(deliveries.updatedAt))
    .limit(100);
}

export async function openDisputeCount(db: Tx): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(disputes)
    .where(sql`${disputes.resolvedAt} is null`);
  return row?.count ?? 0;
}

/** Value of orders made since each date (cancelled ones left out), in cents. */
export async function tradedSince(db: Tx, since7: Date, since30: Date): Promise<{ d7: number; d30: number }> {
  const [row] = await db
    .select({
      d7: sql<string>`coalesce(sum(${orders.totalCents}) filter (where ${orders.createdAt} >= ${since7}), 0)::text`,
      d30: sql<string>`coalesce(sum(${orders.totalCents}) filter (where ${orders.createdAt} >= ${since30}), 0)::text`,
    })
    .from(orders)
    .where(sql`${orders.status} <> 'cancelled'`);
  return { d7: Number(row?.d7 ?? 0), d30: Number(row?.d30 ?? 0) };
}
