// Pages of orders: who sees which (filters), one page newest first, and the details of a page's orders in one
// query per table whatever the page size.
import { and, asc, desc, eq, exists, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { OPEN_DELIVERY_STATUSES } from '../../contract/orders';
import type { OrderStatus } from '../../contract/orders-constants';
import { agentLinkedSql } from '../agents';
import { rowsOf, type Tx } from '../db/client';
import { rowFromJson } from '../db/json-rows';
import { users } from '../db/schema';
import { type MoveWithPayee, movesFromJson, movesOfOrders, orderMovesJsonSql } from '../payments';
import type { PaymentTerms } from './escrow';
import {
  type DeliveryRow,
  type DisputeRow,
  type OrderEventRow,
  type OrderRow,
  orderColumns,
  type PaymentRow,
  type RefundRow,
} from './orders.repo';
import { deliveries, disputes, orderEvents, orderPayments, orderRefunds, orders } from './orders.schema';

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
  /** Mobile money of each order: collections into escrow and payouts from it, oldest first. */
  moves: Map<number, MoveWithPayee[]>;
  terms: PaymentTerms;
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

export async function loadOrderDetails(
  db: Tx,
  rows: readonly OrderRow[],
  terms: PaymentTerms,
): Promise<OrderDetails> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) {
    return {
      deliveries: new Map(),
      payments: new Map(),
      refunds: new Map(),
      disputes: new Map(),
      events: new Map(),
      moves: new Map(),
      terms,
      people: new Map(),
    };
  }
  const [deliveryRows, paymentRows, refundRows, disputeRows, eventRows, moveRows] = await Promise.all([
    db.select().from(deliveries).where(inArray(deliveries.orderId, ids)).orderBy(asc(deliveries.id)),
    db.select().from(orderPayments).where(inArray(orderPayments.orderId, ids)).orderBy(asc(orderPayments.id)),
    db.select().from(orderRefunds).where(inArray(orderRefunds.orderId, ids)).orderBy(asc(orderRefunds.id)),
    db.select().from(disputes).where(inArray(disputes.orderId, ids)).orderBy(asc(disputes.id)),
    db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(asc(orderEvents.id)),
    movesOfOrders(db, ids),
  ]);
  const details: OrderDetails = {
    deliveries: new Map(deliveryRows.map((d) => [d.orderId, d])),
    payments: groupBy(paymentRows),
    refunds: groupBy(refundRows),
    disputes: new Map(disputeRows.map((d) => [d.orderId, d])),
    events: groupBy(eventRows),
    moves: groupMoves(moveRows),
    terms,
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
export async function loadOneOrderDetails(
  db: Tx,
  order: OrderRow,
  terms: PaymentTerms,
): Promise<OrderDetails> {
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
    ${orderMovesJsonSql(id)} as moves,
    (select coalesce(json_agg(json_build_object('id', u.id, 'username', u.username, 'phoneNumber', u.phone_number,
        'countryCode', u.country_code, 'email', u.email)), '[]'::json)
      from users u where u.id = any(string_to_array(${parties.join(',')}::text, ',')::int[])
        or u.id in (select driver_id from deliveries where order_id = ${id})
        or u.id in (select by_id from order_events where order_id = ${id})) as people`);
  const [raw] =
    rowsOf<
      Record<'deliveries' | 'payments' | 'refunds' | 'disputes' | 'events' | 'moves' | 'people', unknown[]>
    >(result);
  if (!raw) {
    throw new Error('loadOneOrderDetails: the query returned no row');
  }
  const deliveryRows = raw.deliveries.map((r) => rowFromJson<DeliveryRow>(deliveries, r));
  const disputeRows = raw.disputes.map((r) => rowFromJson<DisputeRow>(disputes, r));
  return {
    deliveries: new Map(deliveryRows.map((d) => [d.orderId, d])),
    payments: groupBy(raw.payments.map((r) => rowFromJson<PaymentRow>(orderPayments, r))),
    refunds: groupBy(raw.refunds.map((r) => rowFromJson<RefundRow>(orderRefunds, r))),
    disputes: new Map(disputeRows.map((d) => [d.orderId, d])),
    events: groupBy(raw.events.map((r) => rowFromJson<OrderEventRow>(orderEvents, r))),
    // The moves are the payments module's: its face gives their column of this statement and reads it back.
    moves: groupMoves(movesFromJson(raw.moves)),
    terms,
    people: new Map((raw.people as { id: number }[]).map((p) => [p.id, p as PersonRow])),
  };
}

function groupMoves(rows: readonly MoveWithPayee[]): Map<number, MoveWithPayee[]> {
  const out = new Map<number, MoveWithPayee[]>();
  for (const row of rows) {
    if (row.orderId !== null) {
      out.set(row.orderId, [...(out.get(row.orderId) ?? []), row]);
    }
  }
  return out;
}

type PersonRow = OrderDetails['people'] extends Map<number, infer P> ? P : never;

/** A row that PostgreSQL wrote as JSON (keys are column names), read as Drizzle reads the table's rows. */
function groupBy<T extends { orderId: number }>(rows: readonly T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.orderId) ?? [];
    list.push(row);
    map.set(row.orderId, list);
  }
  return map;
}
