// Orders (one per trade), their deliveries, timeline, payments, refunds and disputes.
// Money in integer cents, quantities in integer kilograms.
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { FEE_PAYERS } from '../../contract/delivery-terms';
import {
  DELIVERY_STATUSES,
  DISPUTE_REASONS,
  DISPUTE_RESOLUTIONS,
  PAYMENT_METHODS,
  REFUND_REASONS,
  REFUND_STATUSES,
  TIMELINE_STEPS,
} from '../../contract/orders';
import { ORDER_STATUSES } from '../../contract/orders-constants';
import { users } from '../db/schema';
import { idOf } from '../db/table-reference';
import { farms } from '../farms/farms.schema';
import { commodities, trades } from '../marketplace/marketplace.schema';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const userRef = (name: string) => integer(name).references(() => users.id);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id),
    commodityId: integer('commodity_id')
      .notNull()
      .references(() => commodities.id),
    /** What was sold, as it was named and graded when the bid was accepted. */
    commodityName: text('commodity_name').notNull(),
    grade: text('grade', { enum: ['A', 'B', 'C'] }).notNull(),
    buyerId: userRef('buyer_id').notNull(),
    sellerId: userRef('seller_id').notNull(),
    /** The agent representing the seller when the order was made; earns the commission when it completes. */
    agentId: userRef('agent_id'),
    /** Whether the agent earns a commission on it (an agent does; a co-operative's admin acting for it does not). */
    agentEarns: boolean('agent_earns').notNull().default(true),
    /** The farm whose books hold the sale, its payments and refunds. */
    farmId: integer('farm_id').references(() => farms.id, { onDelete: 'set null' }),
    quantityKg: integer('quantity_kg').notNull(),
    /** The weighing the bill follows (total = price × it); null: the ordered quantity. */
    weighedKg: integer('weighed_kg'),
    /** A weighing beyond the tolerance, billed only once the buyer accepts it at hand-over. */
    pendingWeighedKg: integer('pending_weighed_kg'),
    priceCents: integer('price_cents').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('awaiting_delivery'),
    /** The buyer's 6-digit proof of hand-over; seen by the buyer only. */
    handoverCode: text('handover_code').notNull(),
    /** Wrong codes given since the code was issued. */
    codeFailures: integer('code_failures').notNull().default(0),
    /** The journal entry of the sale (a receivable), reversed if the order is cancelled. */
    saleEntryId: integer('sale_entry_id'),
    deliveredAt: at('delivered_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_trade_idx').on(t.tradeId),
    index('orders_buyer_idx').on(t.buyerId, t.id),
    index('orders_seller_idx').on(t.sellerId, t.id),
    index('orders_agent_idx').on(t.agentId, t.id),
    index('orders_status_idx').on(t.status, t.id),
  ],
);

export const deliveries = pgTable(
  'deliveries',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    mode: text('mode', { enum: ['driver', 'pickup'] }).notNull(),
    driverId: userRef('driver_id'),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull(),
    weighedQuantityKg: integer('weighed_quantity_kg'),
    note: text('note'),
    /** Where the driver collects and delivers: a named place, with its pin when the phone gave one. */
    fromPlace: text('from_place'),
    fromLatitude: doublePrecision('from_latitude'),
    fromLongitude: doublePrecision('from_longitude'),
    toPlace: text('to_place'),
    toLatitude: doublePrecision('to_latitude'),
    toLongitude: doublePrecision('to_longitude'),
    windowStart: at('window_start'),
    windowEnd: at('window_end'),
    /** The driver's fee, and which side of the order pays it. */
    feeCents: bigint('fee_cents', { mode: 'number' }),
    feePaidBy: text('fee_paid_by', { enum: FEE_PAYERS }),
    /** The payer's farm-books entry of the fee, once booked (none when the payer has no farm). */
    feeEntryId: integer('fee_entry_id'),
    /** When the goods were handed over: the day the driver earned the fee. */
    deliveredAt: at('delivered_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('deliveries_order_idx').on(t.orderId, t.id),
    index('deliveries_driver_idx').on(t.driverId, t.status),
    index('deliveries_driver_delivered_idx').on(t.driverId, t.deliveredAt),
  ],
);

export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    step: text('step', { enum: TIMELINE_STEPS }).notNull(),
    byId: userRef('by_id'),
    note: text('note'),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    /** Kilograms a weighing step recorded. */
    quantityKg: integer('quantity_kg'),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

export const orderPayments = pgTable(
  'order_payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    reference: text('reference'),
    paidAt: text('paid_at').notNull(),
    recordedBy: userRef('recorded_by').notNull(),
    entryId: integer('entry_id'),
    /** The mobile-money collection it came from: the money is held in escrow (the farm's books wait for a payout). */
    moveId: integer('move_id').references(() => idOf('money_moves')),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_payments_order_idx').on(t.orderId)],
);

/**
 * Money handed back to a buyer, one row per payment it returns (with that payment's method). A refund recorded by
 * hand is `completed` at once; a provider's refund would be `pending` until its status answer, with its reference.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** The payment this money returns, when it returns one. */
    paymentId: integer('payment_id').references(() => orderPayments.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    reference: text('reference'),
    /** The seller's books' entry of the money going back, when the order has books. */
    entryId: integer('entry_id'),
    /** The payout from escrow that gives it back by mobile money (the refund completes when it succeeds). */
    moveId: integer('move_id').references(() => idOf('money_moves')),
    recordedBy: userRef('recorded_by').notNull(),
    refundedAt: at('refunded_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_refunds_order_idx').on(t.orderId, t.id)],
);

export const disputes = pgTable(
  'disputes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    reason: text('reason', { enum: DISPUTE_REASONS }).notNull(),
    note: text('note').notNull(),
    /** Kilograms ordered and weighed, filled in when the goods were weighed. */
    orderedKg: integer('ordered_kg'),
    weighedKg: integer('weighed_kg'),
    openedBy: userRef('opened_by').notNull(),
    resolution: text('resolution', { enum: DISPUTE_RESOLUTIONS }),
    refundCents: bigint('refund_cents', { mode: 'number' }),
    resolutionNote: text('resolution_note'),
    resolvedBy: userRef('resolved_by'),
    resolvedAt: at('resolved_at'),
    /** The seller's answer, once: a note and the hashes of its photos (in the photo store), in their order. */
    replyNote: text('reply_note'),
    replyPhotos: text('reply_photos').array(),
    repliedAt: at('replied_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('disputes_order_idx').on(t.orderId, t.id)],
);
