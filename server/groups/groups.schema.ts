// Groups and co-operatives: the groups, their members and members-only feed; a co-operative's intakes (each into a
// bulk stock lot the co-operative owns), the input credit it gave members, its settlements and each member's share,
// and its own double-entry books. Quantities in integer kilograms, money in integer minor units.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  COOP_ACCOUNTS,
  GROUP_KINDS,
  GROUP_ROLES,
  GROUP_VISIBILITIES,
  MEMBER_STATUSES,
  SETTLEMENT_STATUSES,
} from '../../contract/groups';
import { GRADES } from '../../contract/marketplace';
import { users } from '../db/schema';
import { idOf } from '../db/table-reference';
import { lots, stores } from '../stock/stock.schema';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => at('created_at').notNull().defaultNow();
const money = (name: string) => bigint(name, { mode: 'number' });
const userRef = (name: string) => integer(name).references(() => users.id);

export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind', { enum: GROUP_KINDS }).notNull(),
    description: text('description').notNull().default(''),
    region: text('region'),
    visibility: text('visibility', { enum: GROUP_VISIBILITIES }).notNull().default('members'),
    crops: text('crops').array().notNull().default(sql`'{}'::text[]`),
    /** Tenths of a percent (5.5 % → 55). */
    levyTenths: integer('levy_tenths').notNull().default(0),
    transportPerTon: money('transport_per_ton').notNull().default(0),
    differentialA: money('differential_a').notNull().default(0),
    differentialB: money('differential_b').notNull().default(0),
    differentialC: money('differential_c').notNull().default(0),
    /** A co-operative's party on the marketplace and in stock (the owner of its bulk lots, the seller of its orders). */
    accountUserId: userRef('account_user_id'),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('groups_account_idx').on(t.accountUserId),
    index('groups_kind_idx').on(t.kind, t.id),
    check('groups_levy_range', sql`${t.levyTenths} between 0 and 1000`),
  ],
);

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: userRef('user_id').notNull(),
    role: text('role', { enum: GROUP_ROLES }).notNull().default('member'),
    status: text('status', { enum: MEMBER_STATUSES }).notNull(),
    invitedBy: userRef('invited_by'),
    createdAt: createdAt(),
    joinedAt: at('joined_at'),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user_idx').on(t.userId)],
);

export const groupPosts = pgTable(
  'group_posts',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    authorId: userRef('author_id').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('group_posts_group_idx').on(t.groupId, t.id)],
);

export const groupComments = pgTable(
  'group_comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => groupPosts.id, { onDelete: 'cascade' }),
    authorId: userRef('author_id').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('group_comments_post_idx').on(t.postId, t.id)],
);

/** A member's delivery at a co-op store, or the entry reversing one (negative, `reversal_of` set); never edited. */
export const intakes = pgTable(
  'intakes',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    memberId: userRef('member_id').notNull(),
    crop: text('crop').notNull(),
    grade: text('grade', { enum: GRADES }).notNull(),
    moistureTenths: integer('moisture_tenths'),
    /** Signed: a reversal takes back what its intake added. */
    quantityKg: integer('quantity_kg').notNull(),
    bags: integer('bags'),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id),
    date: date('date', { mode: 'string' }).notNull(),
    reference: text('reference').notNull(),
    reversalOf: integer('reversal_of'),
    reason: text('reason'),
    recordedBy: userRef('recorded_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('intakes_group_idx').on(t.groupId, t.id),
    index('intakes_member_idx').on(t.memberId, t.id),
    index('intakes_lot_idx').on(t.lotId),
    uniqueIndex('intakes_reference_idx').on(t.groupId, t.reference),
    // An intake is reversed once.
    uniqueIndex('intakes_reversal_idx').on(t.reversalOf),
  ],
);

/** Inputs (seed, fertiliser) a co-operative advanced to a member, repaid from their shares. */
export const memberCredits = pgTable(
  'member_credits',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    memberId: userRef('member_id').notNull(),
    amount: money('amount').notNull(),
    repaid: money('repaid').notNull().default(0),
    note: text('note').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('member_credits_member_idx').on(t.groupId, t.memberId),
    check('member_credits_repaid_within', sql`${t.repaid} >= 0 and ${t.repaid} <= ${t.amount}`),
  ],
);

export const settlements = pgTable(
  'settlements',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    status: text('status', { enum: SETTLEMENT_STATUSES }).notNull().default('draft'),
    orderIds: integer('order_ids').array().notNull(),
    lotIds: integer('lot_ids').array().notNull(),
    proceeds: money('proceeds').notNull(),
    levyTenths: integer('levy_tenths').notNull(),
    transportPerTon: money('transport_per_ton').notNull(),
    prices: jsonb('prices').$type<{ grade: (typeof GRADES)[number]; price: number }[]>().notNull(),
    approvedBy: userRef('approved_by'),
    approvedAt: at('approved_at'),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('settlements_group_idx').on(t.groupId, t.id)],
);

/** An order's proceeds are shared out once: by the approved settlement that holds it here. */
export const settledOrders = pgTable('settled_orders', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => idOf('orders')),
  settlementId: integer('settlement_id')
    .notNull()
    .references(() => settlements.id),
});

export const settlementShares = pgTable(
  'settlement_shares',
  {
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id, { onDelete: 'cascade' }),
    memberId: userRef('member_id').notNull(),
    /** Kilograms counted per grade. */
    delivered: jsonb('delivered').$type<{ grade: (typeof GRADES)[number]; kg: number }[]>().notNull(),
    gross: money('gross').notNull(),
    levy: money('levy').notNull(),
    credit: money('credit').notNull(),
    transport: money('transport').notNull(),
    net: money('net').notNull(),
    /** The mobile-money payout of the net share (payments' move), once approved. */
    moveId: integer('move_id').references(() => idOf('money_moves')),
    /** No proven number: paid in cash by the co-operative, recorded with its reference. */
    cashReference: text('cash_reference'),
    paidCashAt: at('paid_cash_at'),
  },
  (t) => [
    primaryKey({ columns: [t.settlementId, t.memberId] }),
    index('settlement_shares_member_idx').on(t.memberId),
    check(
      'settlement_shares_adds_up',
      sql`${t.gross} = ${t.levy} + ${t.credit} + ${t.transport} + ${t.net} and ${t.levy} >= 0 and ${t.credit} >= 0
        and ${t.transport} >= 0 and ${t.net} >= 0`,
    ),
  ],
);

/** The co-operative's books: one balanced entry per event, never updated. */
export const coopEntries = pgTable(
  'coop_entries',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    date: date('date', { mode: 'string' }).notNull(),
    memoKey: text('memo_key').notNull(),
    memoData: jsonb('memo_data').$type<Record<string, string | number>>().notNull(),
    /** What posted it, once: `settlement:4`, `credit:7`, `share-paid:4:12`. */
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('coop_entries_group_idx').on(t.groupId, t.id),
    uniqueIndex('coop_entries_source_idx').on(t.source),
  ],
);

export const coopLines = pgTable(
  'coop_lines',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => coopEntries.id, { onDelete: 'cascade' }),
    account: text('account', { enum: COOP_ACCOUNTS }).notNull(),
    debit: money('debit').notNull(),
    credit: money('credit').notNull(),
  },
  (t) => [
    index('coop_lines_entry_idx').on(t.entryId),
    check('coop_lines_one_side', sql`${t.debit} >= 0 and ${t.credit} >= 0`),
  ],
);

/** A broadcast an admin sent, and who it reached (at most one a day each). */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    en: text('en'),
    fr: text('fr'),
    crop: text('crop'),
    recipients: integer('recipients').notNull(),
    sentBy: userRef('sent_by'),
    createdAt: createdAt(),
  },
  (t) => [index('broadcasts_group_idx').on(t.groupId, t.id)],
);

export const broadcastReceipts = pgTable(
  'broadcast_receipts',
  {
    broadcastId: integer('broadcast_id')
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    userId: userRef('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.broadcastId, t.userId] }),
    // One broadcast a day per member, whichever group sends it.
    uniqueIndex('broadcast_receipts_daily_idx').on(t.userId, t.day),
  ],
);
