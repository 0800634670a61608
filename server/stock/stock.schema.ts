// Stock: stores and who keeps them, lots (one crop and grade in one store, owned by one person), every movement
// of a lot, and which listing holds how much of a lot. Quantities in integer kilograms; the checks below keep a lot
// from ever holding less than nothing or reserving more than it holds, whatever runs at once.
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { STORE_KINDS } from '../../contract/constants';
import { GRADES } from '../../contract/marketplace';
import { LOSS_REASONS, MOVEMENT_KINDS } from '../../contract/stock';
import { users } from '../db/schema';
import { farms } from '../farms/farms.schema';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind', { enum: STORE_KINDS }).notNull(),
    location: text('location'),
    /** A home store's farm. */
    farmId: integer('farm_id').references(() => farms.id, { onDelete: 'set null' }),
    /** The farmer of a home store; the manager who opened a co-op store or warehouse (a group, with co-operatives). */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // One home store per farm: a harvest finds it (or makes it) by the farm.
    uniqueIndex('stores_home_farm_idx').on(t.farmId).where(sql`${t.kind} = 'home'`),
    index('stores_owner_idx').on(t.ownerId),
  ],
);

export const storeKeepers = pgTable(
  'store_keepers',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.userId] }), index('store_keepers_user_idx').on(t.userId)],
);

export const lots = pgTable(
  'lots',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    crop: text('crop').notNull(),
    variety: text('variety'),
    /** Null until graded (a harvest stored without a grade): such a lot cannot be listed. */
    grade: text('grade', { enum: GRADES }),
    /** Tenths of a percent (13.5 % → 135). */
    moistureTenths: integer('moisture_tenths'),
    quantityKg: integer('quantity_kg').notNull(),
    /** Listed for sale: the sum of its reservations. */
    reservedKg: integer('reserved_kg').notNull().default(0),
    /** What came in when it was made (a receipt's deposit). */
    depositedKg: integer('deposited_kg').notNull(),
    originHarvestId: integer('origin_harvest_id'),
    originIntakeId: integer('origin_intake_id'),
    /** The lot a transfer split it from. */
    parentLotId: integer('parent_lot_id'),
    /** A deposit in a store its owner does not own gets a receipt. */
    receiptNumber: text('receipt_number'),
    receiptCode: text('receipt_code'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('lots_store_idx').on(t.storeId, t.id),
    index('lots_owner_idx').on(t.ownerId, t.id),
    uniqueIndex('lots_receipt_code_idx').on(t.receiptCode),
    // One lot per harvest kept; the parts transferred from it (lots with a parent) keep its origin too.
    uniqueIndex('lots_harvest_idx').on(t.originHarvestId).where(sql`${t.parentLotId} is null`),
    check('lots_quantity_never_negative', sql`${t.quantityKg} >= 0`),
    check('lots_reserved_within', sql`${t.reservedKg} >= 0 and ${t.reservedKg} <= ${t.quantityKg}`),
  ],
);

export const lotMovements = pgTable(
  'lot_movements',
  {
    id: serial('id').primaryKey(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MOVEMENT_KINDS }).notNull(),
    /** Signed: what the lot gained (+) or lost (−). */
    quantityKg: integer('quantity_kg').notNull(),
    reason: text('reason', { enum: [...LOSS_REASONS, 'count'] }),
    note: text('note'),
    otherLotId: integer('other_lot_id'),
    grade: text('grade', { enum: GRADES }),
    moistureTenths: integer('moisture_tenths'),
    tradeId: integer('trade_id'),
    orderId: integer('order_id'),
    happenedOn: date('happened_on', { mode: 'string' }).notNull(),
    byId: integer('by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('lot_movements_lot_idx').on(t.lotId, t.id),
    // A lot's history is listed by day, newest first (read backwards): its first page without sorting them all.
    index('lot_movements_lot_day_idx').on(t.lotId, t.happenedOn, t.id),
    // A trade sells from a lot once and is returned once, whatever retries.
    uniqueIndex('lot_movements_trade_idx').on(t.tradeId, t.kind).where(sql`${t.tradeId} is not null`),
  ],
);

/** How much of a lot each open listing holds back from sale elsewhere. */
export const lotReservations = pgTable(
  'lot_reservations',
  {
    listingId: integer('listing_id').primaryKey(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id),
    quantityKg: integer('quantity_kg').notNull(),
  },
  (t) => [
    index('lot_reservations_lot_idx').on(t.lotId),
    check('lot_reservations_kg', sql`${t.quantityKg} >= 0`),
  ],
);
