// Farm books: journal entries and their lines (the ledger), and the records that post them: transactions, sales,
// generated reports and projection scenarios. Money in integer cents, quantities in integer kilograms.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { REPORT_PERIODS } from '../../contract/finance';
import { users } from '../db/schema';
import { farms } from '../farms/farms.schema';
import { commodities, trades } from '../marketplace/marketplace.schema';
import type { MemoData } from './memo-text';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** One balanced posting; never updated: a correction is a new entry with reversal_of set. */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    memo: text('memo'),
    /** A memo the system wrote, as a catalogue key under finance.memos and its data: shown in the reader's language. */
    memoKey: text('memo_key'),
    memoData: jsonb('memo_data').$type<MemoData>(),
    sourceType: text('source_type', {
      enum: [
        'transaction',
        'sale',
        'trade',
        'reversal',
        'payment',
        'refund',
        'commission',
        'delivery_fee',
        'weight',
        'agreement',
      ],
    }).notNull(),
    sourceId: integer('source_id'),
    reversalOf: integer('reversal_of'),
    createdAt: createdAt(),
  },
  (t) => [
    index('journal_entries_farm_date_idx').on(t.farmId, t.date),
    uniqueIndex('journal_entries_reversal_idx').on(t.reversalOf),
  ],
);

export const journalLines = pgTable(
  'journal_lines',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'cascade' }),
    account: text('account').notNull(),
    debitCents: bigint('debit_cents', { mode: 'number' }).notNull(),
    creditCents: bigint('credit_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('journal_lines_entry_idx').on(t.entryId),
    check('journal_lines_one_side', sql`${t.debitCents} >= 0 and ${t.creditCents} >= 0`),
  ],
);

export const financeTransactions = pgTable(
  'finance_transactions',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['income', 'expense'] }).notNull(),
    category: text('category').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    description: text('description'),
    date: date('date', { mode: 'string' }).notNull(),
    paymentMethod: text('payment_method'),
    reference: text('reference'),
    entryId: integer('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    /** Set once when the transaction is cancelled by a reversing entry (the original entry stays as it was). */
    reversalEntryId: integer('reversal_entry_id').references(() => journalEntries.id),
    /**
     * Money of an order that the system listed among the farm's transactions (a payment received, a refund handed
     * back): it changes through its order, never by hand.
     */
    orderId: integer('order_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('finance_transactions_farm_date_idx').on(t.farmId, t.date, t.id),
    check('finance_transactions_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

export const sales = pgTable(
  'sales',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    commodityId: integer('commodity_id').references(() => commodities.id, { onDelete: 'set null' }),
    tradeId: integer('trade_id').references(() => trades.id),
    type: text('type', { enum: ['commodity', 'custom'] }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    quantityKg: integer('quantity_kg').notNull(),
    /** Per ton. */
    pricePerUnitCents: bigint('price_per_unit_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    buyer: text('buyer'),
    entryId: integer('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('sales_farm_date_idx').on(t.farmId, t.date, t.id),
    uniqueIndex('sales_trade_idx').on(t.tradeId),
  ],
);

export const reports = pgTable(
  'finance_reports',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['income_statement', 'balance_sheet', 'cash_flow'] }).notNull(),
    period: text('period', { enum: REPORT_PERIODS }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** The statement in integer cents, as computed from the ledger when the report was generated. */
    data: jsonb('data').$type<ReportCents>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('finance_reports_farm_idx').on(t.farmId, t.id)],
);

export type ReportCents = { [key: string]: number | ReportCents };

export const projectionScenarios = pgTable(
  'projection_scenarios',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Months with the user's figures in cents. */
    months: jsonb('months').$type<{ month: string; incomeCents: number; expenseCents: number }[]>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('projection_scenarios_farm_idx').on(t.farmId, t.id)],
);
