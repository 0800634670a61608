// The commodity catalogue of this deployment, farmers' requests to add to it, and price alerts on its markets.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TKindUnitInput } from '../../contract/commodity-kinds';
import type { Grade } from '../../contract/marketplace';
import { users } from '../db/schema';

/** One kind of commodity; its key is its market's key (commodities.market_key). */
export const commodityKinds = pgTable('commodity_kinds', {
  key: text('key').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameFr: text('name_fr').notNull(),
  synonyms: jsonb('synonyms').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  grades: jsonb('grades').$type<Grade[]>().notNull(),
  /** Local units with their kilograms, as this deployment counts them. */
  units: jsonb('units').$type<TKindUnitInput[]>().notNull().default(sql`'[]'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A commodity a farmer could not find in the catalogue: managers see it until one of them closes it. */
export const commodityKindRequests = pgTable(
  'commodity_kind_requests',
  {
    id: serial('id').primaryKey(),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('commodity_kind_requests_time_idx').on(t.createdAt)],
);

/**
 * "Tell me when this market passes this price". `lastSide` is where the market price stood at the last check, so an
 * alert fires once per crossing: the update that changes it is the one that notifies (one row lock, any instance).
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    marketKey: text('market_key').notNull(),
    thresholdCents: integer('threshold_cents').notNull(),
    /** null until the market has a price. */
    lastSide: text('last_side', { enum: ['above', 'below'] }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('price_alerts_user_market_threshold_idx').on(t.userId, t.marketKey, t.thresholdCents),
    index('price_alerts_market_idx').on(t.marketKey),
  ],
);
