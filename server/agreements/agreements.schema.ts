// Forward agreements: the terms a buyer and a seller agree on, where the agreement stands, and each delivery made
// from it (an order of the marketplace, with what the deposit and the advance paid of it).
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CROP_KEYS } from '../../contract/crops';
import { AGREEMENT_STATUSES } from '../../contract/forward-agreements';
import { GRADES } from '../../contract/marketplace';
import { users } from '../db/schema';
import { idOf } from '../db/table-reference';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });

export const forwardAgreements = pgTable(
  'forward_agreements',
  {
    id: serial('id').primaryKey(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    /** The farmer, or the co-operative's marketplace account when `groupId` is set. */
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    groupId: integer('group_id').references(() => idOf('groups')),
    crop: text('crop', { enum: CROP_KEYS }).notNull(),
    grade: text('grade', { enum: GRADES }).notNull(),
    quantityKg: integer('quantity_kg').notNull(),
    tolerancePercent: integer('tolerance_percent').notNull(),
    pricingKind: text('pricing_kind', { enum: ['fixed', 'floor'] }).notNull(),
    /** Fixed: the price per ton; floor: the floor per ton. */
    priceCents: integer('price_cents').notNull(),
    /** Floor pricing: the share of the day's market price paid (50–100). */
    sharePercent: integer('share_percent'),
    deliveryFrom: text('delivery_from').notNull(),
    deliveryTo: text('delivery_to').notNull(),
    place: text('place').notNull(),
    depositPercent: integer('deposit_percent').notNull(),
    depositCents: cents('deposit_cents').notNull(),
    advanceCents: cents('advance_cents').notNull().default(0),
    advanceNote: text('advance_note'),
    status: text('status', { enum: AGREEMENT_STATUSES }).notNull().default('proposed'),
    /** Whose answer a proposal or counter waits for. */
    turn: text('turn', { enum: ['buyer', 'seller'] }),
    countered: integer('countered').notNull().default(0),
    note: text('note'),
    /** The seller's crop plan it is grown under (their choice). */
    planId: integer('plan_id').references(() => idOf('crop_plans'), { onDelete: 'set null' }),
    /** The settlement's decision and who took it (a manager, for a dispute). */
    settledAt: instant('settled_at'),
    settledBy: integer('settled_by').references(() => users.id),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('forward_agreements_buyer_idx').on(t.buyerId, t.id),
    index('forward_agreements_seller_idx').on(t.sellerId, t.id),
    index('forward_agreements_status_idx').on(t.status, t.deliveryTo),
  ],
);

export const agreementDeliveries = pgTable(
  'agreement_deliveries',
  {
    id: serial('id').primaryKey(),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => forwardAgreements.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => idOf('orders')),
    quantityKg: integer('quantity_kg').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** The market price the floor rule priced it by (null: fixed, or no trades that day). */
    marketPriceCents: integer('market_price_cents'),
    depositAppliedCents: cents('deposit_applied_cents').notNull().default(0),
    advanceRecoveredCents: cents('advance_recovered_cents').notNull().default(0),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('agreement_deliveries_agreement_idx').on(t.agreementId),
    uniqueIndex('agreement_deliveries_order_idx').on(t.orderId),
  ],
);
