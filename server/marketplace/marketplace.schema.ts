// Listings, bids, trades and buyers' commodity requests. Prices in cents per ton, quantities in kilograms.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../db/schema';
import { farms } from '../farms/farms.schema';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const commodities = pgTable(
  'commodities',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    farmId: integer('farm_id').references(() => farms.id, { onDelete: 'set null' }),
    /** Who put it on the market: the owner, or an agent representing them. */
    listedById: integer('listed_by_id').references(() => users.id),
    name: text('name').notNull(),
    /** The market: the name case-folded (see market-core.ts marketKey). */
    marketKey: text('market_key').notNull(),
    /** What is still available. */
    quantityKg: integer('quantity_kg').notNull(),
    listedQuantityKg: integer('listed_quantity_kg').notNull(),
    priceCents: integer('price_cents').notNull(),
    grade: text('grade', { enum: ['A', 'B', 'C'] }).notNull(),
    status: text('status', { enum: ['available', 'reserved', 'sold', 'withdrawn'] })
      .notNull()
      .default('available'),
    ...timestamps,
  },
  (t) => [
    index('commodities_status_idx').on(t.status, t.id),
    index('commodities_owner_idx').on(t.ownerId, t.id),
    index('commodities_market_idx').on(t.marketKey),
  ],
);

export const bids = pgTable(
  'bids',
  {
    id: serial('id').primaryKey(),
    commodityId: integer('commodity_id')
      .notNull()
      .references(() => commodities.id),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    priceCents: integer('price_cents').notNull(),
    quantityKg: integer('quantity_kg').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'rejected', 'withdrawn', 'expired'] })
      .notNull()
      .default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('bids_commodity_status_idx').on(t.commodityId, t.status),
    // Each listing's best pending bid in one probe: a bid finds its market's leader through it (placeBidAtomically).
    index('bids_pending_best_idx')
      .on(t.commodityId, t.priceCents.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'pending'`),
    index('bids_buyer_status_idx').on(t.buyerId, t.status),
    index('bids_status_expires_idx').on(t.status, t.expiresAt),
  ],
);

export const trades = pgTable(
  'trades',
  {
    id: serial('id').primaryKey(),
    commodityId: integer('commodity_id')
      .notNull()
      .references(() => commodities.id),
    bidId: integer('bid_id')
      .notNull()
      .references(() => bids.id),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    marketKey: text('market_key').notNull(),
    priceCents: integer('price_cents').notNull(),
    quantityKg: integer('quantity_kg').notNull(),
    /** priceCents × quantityKg / 1000, exact to the cent (see contract/money.ts multiplyCents). */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** The farm whose books got the sale; null until the seller has a farm. */
    farmId: integer('farm_id').references(() => farms.id, { onDelete: 'set null' }),
    postedAt: timestamp('posted_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trades_bid_idx').on(t.bidId),
    index('trades_market_time_idx').on(t.marketKey, t.createdAt),
    index('trades_seller_idx').on(t.sellerId),
    index('trades_buyer_idx').on(t.buyerId),
    index('trades_unposted_idx').on(t.sellerId, t.postedAt),
  ],
);

export const commodityRequests = pgTable(
  'commodity_requests',
  {
    id: serial('id').primaryKey(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    commodityName: text('commodity_name').notNull(),
    marketKey: text('market_key').notNull(),
    quantityKg: integer('quantity_kg').notNull(),
    targetPriceCents: integer('target_price_cents').notNull(),
    grade: text('grade', { enum: ['A', 'B', 'C'] }).notNull(),
    description: text('description'),
    deliveryTimeline: text('delivery_timeline', {
      enum: ['immediate', 'within_week', 'within_month', 'flexible'],
    }).notNull(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('commodity_requests_status_idx').on(t.status, t.id),
    index('commodity_requests_buyer_idx').on(t.buyerId),
  ],
);

/** Listings made to meet a request: several farmers may answer one request, each once. */
export const commodityRequestAnswers = pgTable(
  'commodity_request_answers',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => commodityRequests.id),
    commodityId: integer('commodity_id')
      .notNull()
      .references(() => commodities.id),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('commodity_request_answers_seller_idx').on(t.requestId, t.sellerId),
    uniqueIndex('commodity_request_answers_commodity_idx').on(t.commodityId),
  ],
);
