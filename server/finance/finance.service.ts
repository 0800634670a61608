// Finance's commands and reads on one farm's books: transactions, reversals, sales and the overview. Each takes the
// app context and one options object naming a farm the caller already checked, and answers domain rows.
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZSaleInput, ZTransactionInput } from '../../contract/finance';
import { parseMoneyToCents } from '../../contract/money';
import { parseTonsToKg, priceForKgCents } from '../../contract/quantity';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { FarmRow } from '../farms';
import { farmPagesCache } from '../farms';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { isListingOwnedBy } from '../marketplace';
import { normalizeCategory } from './accounts';
import { booksChangeSql, publishBooksChange } from './books-change';
import {
  accountTotals,
  findTransactionForUpdate,
  insertEntry,
  insertEntryAnnounced,
  insertSale,
  insertTransactionBooked,
  listSales,
  listTransactions,
  loadEntry,
  markReversed,
  monthlyIncomeExpense,
  type SaleRow,
  setEntrySource,
  type TransactionFilter,
  type TransactionRow,
} from './finance.repo';
import type { MemoNote } from './memo-text';
import { monthOf } from './periods';
import { assertBalanced, type JournalEntry, postSale, postTransaction, reverseEntry } from './posting';
import type { MonthlyTotals } from './projections';
import { type FinancialOverview, financialOverviewFromTotals } from './statements';
import { trendMonths, trendStart } from './trend';

/** The farm whose books a service writes: the one the farm guard checked for the caller. */
export type BooksFarm = Pick<FarmRow, 'id' | 'ownerId'>;

export const today = () => new Date().toISOString().slice(0, 10);
const RECENT = 20;

/** Checks and books an entry: nothing unbalanced ever reaches the database. */
export async function bookEntry(
  tx: Tx,
  farmId: number,
  entry: JournalEntry,
  source: Parameters<typeof insertEntry>[3],
): Promise<number> {
  assertBalanced(entry);
  return insertEntry(tx, farmId, entry, source);
}

/** bookEntry with the NOTIFY `announce` builds from the new entry's id, in the same statement. */
export async function bookEntryAnnounced(
  tx: Tx,
  farmId: number,
  entry: JournalEntry,
  source: Parameters<typeof insertEntry>[3],
  announce: (id: SQL) => SQL,
): Promise<number> {
  assertBalanced(entry);
  return insertEntryAnnounced(tx, farmId, entry, source, announce);
}

type TransactionInput = z.output<typeof ZTransactionInput>;

/**
 * Books a transaction in the farm's books. The entry, its lines, the transaction and its live event are one
 * statement (one round trip).
 */
/** The farm's transactions matching `filter`, newest first; `limit` null: every one (the CSV). */
export function transactionsOf(
  ctx: AppContext,
  options: { farm: Pick<BooksFarm, 'id'> },
  filter: TransactionFilter,
  limit: number | null,
): Promise<TransactionRow[]> {
  return listTransactions(ctx.db, options.farm.id, filter, limit);
}

export async function createTransaction(
  ctx: AppContext,
  options: { farm: BooksFarm; actor: Pick<SessionUser, 'id'>; input: TransactionInput },
): Promise<TransactionRow> {
  const { farm, actor, input } = options;
  const amountCents = parseMoneyToCents(input.amount);
  if (amountCents === null || amountCents <= 0) {
    throw new AppError('badRequest', 'finance.validation.amountPositive');
  }
  const category = normalizeCategory(input.category, input.type);
  const entry = postTransaction({
    type: input.type,
    category,
    amountCents,
    date: input.date,
    paymentMethod: input.paymentMethod,
    memo: input.description ?? category,
  });
  assertBalanced(entry);
  const row = await insertTransactionBooked(
    ctx.db,
    {
      farmId: farm.id,
      type: input.type,
      category,
      amountCents,
      description: input.description,
      date: input.date,
      paymentMethod: input.paymentMethod,
      reference: input.reference,
      createdBy: actor.id,
    },
    entry,
    (id) => booksChangeSql(ctx.bus, { type: 'transaction', id }, farm.id),
  );
  farmPagesCache.of(ctx).drop(farm.id);
  return row;
}

/**
 * Cancels a transaction with a reversing entry dated today: the original entry is never edited, so statements
 * already reported for its period stay true, and the books are right from today on. A transaction reverses once.
 */
export async function reverseTransaction(
  ctx: AppContext,
  options: { farm: BooksFarm; transactionId: number },
): Promise<TransactionRow> {
  const farmId = options.farm.id;
  const transactionId = options.transactionId;
  const row = await ctx.db.transaction(async (tx) => {
    const original = await findTransactionForUpdate(tx, farmId, transactionId);
    if (!original) {
      throw new AppError('notFound', 'finance.errors.transactionNotFound');
    }
    if (original.reversalEntryId !== null) {
      throw new AppError('conflict', 'finance.errors.alreadyReversed');
    }
    if (original.orderId !== null) {
      throw new AppError('conflict', 'finance.errors.orderMoney');
    }
    const entry = await loadEntry(tx, original.entryId);
    const reversal = reverseEntry(entry, { date: today(), memo: `Reversal of transaction #${original.id}` });
    const reversalEntryId = await bookEntry(tx, farmId, reversal, {
      sourceType: 'reversal',
      sourceId: original.id,
      reversalOf: original.entryId,
    });
    const updated = await markReversed(tx, original.id, reversalEntryId);
    await publishBooksChange(tx, ctx.bus, { type: 'transaction', id: original.id }, farmId);
    return updated;
  });
  farmPagesCache.of(ctx).drop(farmId);
  return row;
}

type SaleInput = z.output<typeof ZSaleInput>;

/**
 * Records a sale in the farm's books. A commodity sale names a listing of the farm's owner; any other listing is
 * 404, as for a listing that does not exist (a farm's books never point at another farmer's listings).
 */
export async function createSale(
  ctx: AppContext,
  options: { farm: BooksFarm; input: SaleInput },
): Promise<SaleRow> {
  const { farm, input } = options;
  const farmId = farm.id;
  const quantityKg = parseTonsToKg(input.quantity);
  const priceCents = parseMoneyToCents(input.pricePerUnit);
  if (quantityKg === null || quantityKg <= 0) {
    throw new AppError('badRequest', 'finance.validation.quantityPositive');
  }
  if (priceCents === null || priceCents <= 0) {
    throw new AppError('badRequest', 'finance.validation.amountPositive');
  }
  const totalCents = priceForKgCents(priceCents, quantityKg);
  if (totalCents <= 0) {
    throw new AppError('badRequest', 'finance.validation.totalZero');
  }
  const sale = await ctx.db.transaction(async (tx) => {
    let commodityId: number | null = null;
    if (input.commodityId !== null && input.commodityId !== undefined) {
      if (!(await isListingOwnedBy(tx, input.commodityId, farm.ownerId))) {
        throw new AppError('notFound', 'finance.errors.commodityNotFound');
      }
      commodityId = input.commodityId;
    }
    const entry = postSale({
      date: input.date,
      totalCents,
      paid: input.paid,
      paymentMethod: input.paymentMethod,
      memo: input.buyer ? `Sale to ${input.buyer}` : 'Sale',
    });
    const note: MemoNote = input.buyer
      ? { key: 'saleTo', data: { buyer: input.buyer } }
      : { key: 'sale', data: {} };
    const entryId = await bookEntry(tx, farmId, { ...entry, note }, { sourceType: 'sale' });
    const created = await insertSale(tx, {
      farmId,
      commodityId,
      type: input.type,
      date: input.date,
      quantityKg,
      pricePerUnitCents: priceCents,
      totalCents,
      buyer: input.buyer,
      entryId,
    });
    await setEntrySource(tx, entryId, created.id);
    await publishBooksChange(tx, ctx.bus, { type: 'sale', id: created.id }, farmId);
    return { ...created, memo: entry.memo ?? null, memoKey: note.key, memoData: note.data };
  });
  farmPagesCache.of(ctx).drop(farmId);
  return sale;
}

/**
 * The dashboard: headline figures from per-account totals the database sums (not every entry loaded), the
 * latest transactions and sales, and the monthly income and expense trend up to today (summed by the database
 * too). The reads are independent, so they run at once: on a pool each takes its own connection, and PGlite
 * queues them. Not for a transaction handle (one connection cannot run queries at once).
 */
export async function getFinancials(
  ctx: AppContext,
  options: { farm: Pick<BooksFarm, 'id'>; asOf?: string },
): Promise<Financials> {
  const farmId = options.farm.id;
  const asOf = options.asOf ?? today();
  const endMonth = monthOf(asOf);
  const [totals, recentTransactions, recentSales, months] = await Promise.all([
    accountTotals(ctx.db, farmId, asOf),
    listTransactions(ctx.db, farmId, {}, RECENT),
    listSales(ctx.db, farmId, RECENT),
    monthlyIncomeExpense(ctx.db, farmId, { from: `${trendStart(endMonth)}-01`, to: asOf }),
  ]);
  return {
    overview: financialOverviewFromTotals(totals),
    recentTransactions,
    recentSales,
    trend: trendMonths(months, endMonth),
  };
}

/** The overview's figures in cents with the latest rows: finance.present turns it into the API's shape. */
export interface Financials {
  overview: FinancialOverview;
  recentTransactions: TransactionRow[];
  recentSales: SaleRow[];
  /** Operating income and expenses per month in cents, the last TREND_MONTHS months up to today. */
  trend: MonthlyTotals[];
}
