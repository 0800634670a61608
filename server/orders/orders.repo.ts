// Orders, deliveries, timeline, payments and disputes: reads and writes of this module's tables.
import { and, asc, desc, eq, exists, getTableColumns, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import { OPEN_DELIVERY_STATUSES } from '../../contract/orders';
import type { OrderStatus } from '../../contract/orders-constants';
import { agentLinkedSql } from '../agents/lookups';
import { rowsOf, type Tx } from '../db/client';
import { users } from '../db/schema';
import { tradeMarketKeySql } from '../marketplace/lookups';
import { deliveries, disputes, orderEvents, orderPayments, orderRefunds, orders } from './orders.schema';

/**
 * An order's columns, and whether its agent represents the seller now (`agentLinked`): the agent stored on the order
 * keeps the commission, but acts on the order and hears of it only while their link stands, read with the order.
 * `marketKey` is its trade's market, so that the order is named as the catalogue names it for each reader.
 */
const orderColumns = {
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

export async function lockOrder(tx: Tx, id: number): Promise<OrderRow | null> {
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

/**
 * The end of a change as one statement (one round trip): its timeline entries (none, or the step and what followed
 * from it, in that order), the data-modifying CTEs `writes` names (the notifications of the people on the order) and
 * the NOTIFYs `announce` makes.
 */
export async function recordChange(
  tx: Tx,
  events: readonly (typeof orderEvents.$inferInsert)[],
  writes: readonly { name: string; write: SQL }[],
  announce: SQL,
): Promise<void> {
  const rows = events.map(
    (event) => sql`(${event.orderId}::int, ${event.step}::text, ${event.byId ?? null}::int,
      ${event.note ?? null}::text, ${event.amountCents ?? null}::bigint, ${event.quantityKg ?? null}::int)`,
  );
  const timeline = rows.length > 0 && {
    name: 'timeline',
    write: sql`insert into order_events (order_id, step, by_id, note, amount_cents, quantity_kg)
      values ${sql.join(rows, sql`, `)}`,
  };
  const ctes = [...(timeline ? [timeline] : []), ...writes];
  const head =
    ctes.length === 0
      ? sql``
      : sql`with ${sql.join(
          ctes.map((c) => sql`${sql.raw(c.name)} as (${c.write})`),
          sql`, `,
        )} `;
  await tx.execute(sql`${head}select (${announce})::text`);
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

export async function findDelivery(db: Tx, id: number): Promise<DeliveryRow | null> {
  const [row] = await db.select().from(deliveries).where(eq(deliveries.id, id));
  return row ?? null;
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
    sql`insert into order_payments (order_id, amount_cents, method, reference, paid_at, recorded_by, entry_id)
      values (${values.orderId}, ${values.amountCents}, ${values.method}, ${values.reference ?? null},
        ${values.paidAt}, ${values.recordedBy}, ${values.entryId ?? null}::int)
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

// ─── Lists ───────────────────────────────────────────────────────────────────

export interface OrderFilter {
  /** Whose orders: null for everyone's (managers). */
  userId: number | null;
  as?: 'buyer' | 'seller' | 'driver' | 'agent' | undefined;
  status?: OrderStatus | undefined;
  delivery?: 'open' | 'done' | undefined;
  /** Only the sales of this farmer (the order's seller). */
  sellerId?: number | undefined;
}

/** Orders whose current delivery is the driver's (`open`: still under way; `done`: finished or called off). */
function drivenBy(userId: number, delivery?: 'open' | 'done'): SQL {
  const open = sql`d.status in (${sql.join(
    OPEN_DELIVERY_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )}) and ${orders.status} <> 'cancelled'`;
  const state =
    delivery === undefined ? sql`` : delivery === 'open' ? sql` and ${open}` : sql` and not (${open})`;
  return exists(
    sql`(select 1 from ${deliveries} d where d.order_id = ${orders.id} and d.driver_id = ${userId}
      and d.id = (select max(d2.id) from ${deliveries} d2 where d2.order_id = ${orders.id})${state})`,
  );
}

function partyCondition(userId: number, filter: OrderFilter): SQL | undefined {
  switch (filter.as) {
    case 'buyer':
      return eq(orders.buyerId, userId);
    case 'seller':
      return eq(orders.sellerId, userId);
    case 'agent':
      return and(eq(orders.agentId, userId), agentLinkedSql(orders.agentId, orders.sellerId));
    case 'driver':
      return drivenBy(userId, filter.delivery);
    default:
      return or(
        eq(orders.buyerId, userId),
        eq(orders.sellerId, userId),
        and(eq(orders.agentId, userId), agentLinkedSql(orders.agentId, orders.sellerId)),
        drivenBy(userId),
      );
  }
}

/** One page of orders, newest first (one row more than `limit` when there is a next page). */
export function listOrders(
  db: Tx,
  filter: OrderFilter,
  limit: number,
  after: number | undefined,
): Promise<OrderRow[]> {
  return db
    .select(orderColumns)
    .from(orders)
    .where(
      and(
        filter.userId === null ? undefined : partyCondition(filter.userId, filter),
        filter.status === undefined ? undefined : eq(orders.status, filter.status),
        filter.sellerId === undefined ? undefined : eq(orders.sellerId, filter.sellerId),
        after === undefined ? undefined : lt(orders.id, after),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(limit + 1);
}

// ─── Details of a page of orders (one query per table, whatever the page size) ─

export interface OrderDetails {
  deliveries: Map<number, DeliveryRow>;
  payments: Map<number, PaymentRow[]>;
  refunds: Map<number, RefundRow[]>;
  disputes: Map<number, DisputeRow>;
  events: Map<number, OrderEventRow[]>;
  people: Map<
    number,
    {
      id: number;
      username: string;
      phoneNumber: string | null;
      countryCode: string | null;
      email: string | null;
    }
  >;
}

export async function loadOrderDetails(db: Tx, rows: readonly OrderRow[]): Promise<OrderDetails> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) {
    return {
      deliveries: new Map(),
      payments: new Map(),
      refunds: new Map(),
      disputes: new Map(),
      events: new Map(),
      people: new Map(),
    };
  }
  const [deliveryRows, paymentRows, refundRows, disputeRows, eventRows] = await Promise.all([
    db.select().from(deliveries).where(inArray(deliveries.orderId, ids)).orderBy(asc(deliveries.id)),
    db.select().from(orderPayments).where(inArray(orderPayments.orderId, ids)).orderBy(asc(orderPayments.id)),
    db.select().from(orderRefunds).where(inArray(orderRefunds.orderId, ids)).orderBy(asc(orderRefunds.id)),
    db.select().from(disputes).where(inArray(disputes.orderId, ids)).orderBy(asc(disputes.id)),
    db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(asc(orderEvents.id)),
  ]);
  const details: OrderDetails = {
    deliveries: new Map(deliveryRows.map((d) => [d.orderId, d])),
    payments: groupBy(paymentRows),
    refunds: groupBy(refundRows),
    disputes: new Map(disputeRows.map((d) => [d.orderId, d])),
    events: groupBy(eventRows),
    people: new Map(),
  };
  const peopleIds = new Set<number>();
  for (const r of rows) {
    for (const id of [r.buyerId, r.sellerId, r.agentId]) {
      if (id !== null) {
        peopleIds.add(id);
      }
    }
  }
  for (const d of deliveryRows) {
    if (d.driverId !== null) {
      peopleIds.add(d.driverId);
    }
  }
  for (const e of eventRows) {
    if (e.byId !== null) {
      peopleIds.add(e.byId);
    }
  }
  const people = await db
    .select({
      id: users.id,
      username: users.username,
      phoneNumber: users.phoneNumber,
      countryCode: users.countryCode,
      email: users.email,
    })
    .from(users)
    .where(inArray(users.id, [...peopleIds]));
  details.people = new Map(people.map((p) => [p.id, p]));
  return details;
}

/**
 * The same details for one order in one query (one round trip, one pool connection instead of five): what a change
 * answers with. Each table's rows come back as JSON and are read through their columns' own mappings.
 */
export async function loadOneOrderDetails(db: Tx, order: OrderRow): Promise<OrderDetails> {
  const id = order.id;
  const rows = (table: string, alias: string) =>
    sql`(select coalesce(json_agg(${sql.raw(alias)} order by ${sql.raw(alias)}.id), '[]'::json)
      from ${sql.raw(table)} ${sql.raw(alias)} where ${sql.raw(alias)}.order_id = ${id})`;
  const parties = [order.buyerId, order.sellerId, order.agentId].filter((p): p is number => p !== null);
  const result = await db.execute(sql`select
    ${rows('deliveries', 'd')} as deliveries,
    ${rows('order_payments', 'p')} as payments,
    ${rows('order_refunds', 'r')} as refunds,
    ${rows('disputes', 'x')} as disputes,
    ${rows('order_events', 'e')} as events,
    (select coalesce(json_agg(json_build_object('id', u.id, 'username', u.username, 'phoneNumber', u.phone_number,
        'countryCode', u.country_code, 'email', u.email)), '[]'::json)
      from users u where u.id = any(string_to_array(${parties.join(',')}::text, ',')::int[])
        or u.id in (select driver_id from deliveries where order_id = ${id})
        or u.id in (select by_id from order_events where order_id = ${id})) as people`);
  const [raw] =
    rowsOf<Record<'deliveries' | 'payments' | 'refunds' | 'disputes' | 'events' | 'people', unknown[]>>(
      result,
    );
  if (!raw) {
    throw new Error('loadOneOrderDetails: the query returned no row');
  }
  const deliveryRows = raw.deliveries.map((r) => fromJson<DeliveryRow>(deliveries, r));
  const disputeRows = raw.disputes.map((r) => fromJson<DisputeRow>(disputes, r));
  return {
    deliveries: new Map(deliveryRows.map((d) => [d.orderId, d])),
    payments: groupBy(raw.payments.map((r) => fromJson<PaymentRow>(orderPayments, r))),
    refunds: groupBy(raw.refunds.map((r) => fromJson<RefundRow>(orderRefunds, r))),
    disputes: new Map(disputeRows.map((d) => [d.orderId, d])),
    events: groupBy(raw.events.map((r) => fromJson<OrderEventRow>(orderEvents, r))),
    people: new Map((raw.people as { id: number }[]).map((p) => [p.id, p as PersonRow])),
  };
}

type PersonRow = OrderDetails['people'] extends Map<number, infer P> ? P : never;

/** A row that PostgreSQL wrote as JSON (keys are column names), read as Drizzle reads the table's rows. */
function fromJson<T>(table: AnyPgTable, json: unknown): T {
  const raw = json as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T;
}

function groupBy<T extends { orderId: number }>(rows: readonly T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.orderId) ?? [];
    list.push(row);
    map.set(row.orderId, list);
  }
  return map;
}

// ─── Operations ──────────────────────────────────────────────────────────────

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
