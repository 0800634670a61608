import type { z } from 'zod';
import type { TFinancials, TSale, TTransaction, ZSaleInput, ZTransactionInput } from '../../contract/finance';
import { centsToDecimal, parseMoneyToCents } from '../../contract/money';
import { parseTonsToKg, priceForKgCents } from '../../contract/quantity';
import type { SessionUser } from '../auth/sessions';
import type { AppContext } from '../context';
import type { Db, Tx } from '../db/client';
import { FARM_PERMISSIONS, requireFarmAccess } from '../farms/farm-access';
import { farmAudience } from '../farms/farm-audience';
import { AppError } from '../http/errors';
import { isListingOwnedBy } from '../marketplace/lookups';
import { normalizeCategory } from './accounts';
import { presentSale, presentTransaction } from './finance.present';
import {
  accountTotals,
  findTransactionForUpdate,
  insertEntry,
  insertSale,
  insertTransactionBooked,
  listSales,
  listTransactions,
  loadEntry,
  markReversed,
  setEntrySource,
} from './finance.repo';
import { assertBalanced, type JournalEntry, postSale, postTransaction, reverseEntry } from './posting';
import { financialOverviewFromTotals } from './statements';

/** What finance's services use of the app context. */
export type Services = Pick<AppContext, 'db' | 'bus' | 'achievements'>;

export const today = () => new Date().toISOString().slice(0, 10);
/** Who hears of a change to a farm's books: the members who may read them. */
const booksAudience = (farmId: number) => farmAudience(farmId, { action: 'farm.finance.read' });
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

type TransactionInput = z.output<typeof ZTransactionInput>;

/**
 * Books a transaction for a user who may write the farm's books. The access check, the entry, its lines, the
 * transaction and its live event are one statement (one round trip); only a refusal asks again to tell 404 from 403.
 */
export async function createTransaction(
  s: Services,
  farmId: number,
  user: Pick<SessionUser, 'id'>,
  input: TransactionInput,
): Promise<TTransaction> {
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
  const book = () =>
    insertTransactionBooked(
      s.db,
      { userId: user.id, roles: FARM_PERMISSIONS['farm.finance.write'] },
      {
        farmId,
        type: input.type,
        category,
        amountCents,
        description: input.description,
        date: input.date,
        paymentMethod: input.paymentMethod,
        reference: input.reference,
        createdBy: user.id,
      },
      entry,
      (id) => s.bus.notifySql({ type: 'transaction', id }, booksAudience(farmId)),
    );
  let row = await book();
  if (!row) {
    // Not a member (404) or a role that may not write (403); access granted in between gets one more try.
    await requireFarmAccess(s.db, user, farmId, 'farm.finance.write');
    row = await book();
    if (!row) {
      throw new AppError('forbidden', 'errors.farmForbidden');
    }
  }
  return presentTransaction(row);
}

/**
 * Cancels a transaction with a reversing entry dated today: the original entry is never edited, so statements
 * already reported for its period stay true, and the books are right from today on. A transaction reverses once.
 */
export async function reverseTransaction(
  s: Services,
  farmId: number,
  transactionId: number,
): Promise<TTransaction> {
  const row = await s.db.transaction(async (tx) => {
    const original = await findTransactionForUpdate(tx, farmId, transactionId);
    if (!original) {
      throw new AppError('notFound', 'finance.errors.transactionNotFound');
    }
    if (original.reversalEntryId !== null) {
      throw new AppError('conflict', 'finance.errors.alreadyReversed');
    }
    const entry = await loadEntry(tx, original.entryId);
    const reversal = reverseEntry(entry, { date: today(), memo: `Reversal of transaction #${original.id}` });
    const reversalEntryId = await bookEntry(tx, farmId, reversal, {
      sourceType: 'reversal',
      sourceId: original.id,
      reversalOf: original.entryId,
    });
    const updated = await markReversed(tx, original.id, reversalEntryId);
    await s.bus.publish(tx, { type: 'transaction', id: original.id }, booksAudience(farmId));
    return updated;
  });
  return presentTransaction(row);
}

type SaleInput = z.output<typeof ZSaleInput>;

/**
 * Records a sale in the farm's books. A commodity sale names a listing of the farm's owner; any other listing is
 * 404, as for a listing that does not exist (a farm's books never point at another farmer's listings).
 */
export async function createSale(
  s: Services,
  farm: { id: number; ownerId: number },
  input: SaleInput,
): Promise<TSale> {
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
  const row = await s.db.transaction(async (tx) => {
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
    const entryId = await bookEntry(tx, farmId, entry, { sourceType: 'sale' });
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
    await s.bus.publish(tx, { type: 'sale', id: created.id }, booksAudience(farmId));
    return created;
  });
  return presentSale(row);
}

/**
 * The dashboard: headline figures from per-account totals the database sums (not every entry loaded), and the
 * latest transactions and sales. The three reads are independent, so they run at once: on a pool each takes its own
 * connection, and PGlite queues them. Not for a transaction handle (one connection cannot run queries at once).
 */
export async function getFinancials(db: Db, farmId: number, asOf = today()): Promise<TFinancials> {
  const [totals, transactions, recentSales] = await Promise.all([
    accountTotals(db, farmId, asOf),
    listTransactions(db, farmId, {}, RECENT),
    listSales(db, farmId, RECENT),
  ]);
  const overview = financialOverviewFromTotals(totals);
  return {
    overview: {
      netWorth: centsToDecimal(overview.netWorth),
      totalAssets: centsToDecimal(overview.totalAssets),
      totalLiabilities: centsToDecimal(overview.totalLiabilities),
    },
    recentTransactions: transactions.map(presentTransaction),
    recentSales: recentSales.map(presentSale),
  };
}
