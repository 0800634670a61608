// Queries for the farm books: journal entries and lines, transactions, sales, reports, projection scenarios.
import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  like,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { rowsOf, type Tx } from '../db/client';
import { type Account, isAccount } from './accounts';
import { financeTransactions, journalEntries, journalLines, sales } from './finance.schema';
import type { MemoData } from './memo-text';
import type { JournalEntry, JournalLine } from './posting';
import type { MonthlyTotals } from './projections';

export type TransactionRow = typeof financeTransactions.$inferSelect;
/** A sale with its journal entry's memo, which says what was sold (see memo-text). */
export type SaleRow = typeof sales.$inferSelect & {
  memo: string | null;
  memoKey: string | null;
  memoData: MemoData | null;
};
type EntrySource = Pick<typeof journalEntries.$inferInsert, 'sourceType' | 'sourceId' | 'reversalOf'>;

/** Inserts a balanced entry (the caller checked it with assertBalanced) and its lines; returns the entry id. */
export async function insertEntry(
  db: Tx,
  farmId: number,
  entry: JournalEntry,
  source: EntrySource,
): Promise<number> {
  const [row] = await db
    .insert(journalEntries)
    .values({
      farmId,
      date: entry.date,
      memo: entry.memo ?? null,
      memoKey: entry.note?.key ?? null,
      memoData: entry.note?.data ?? null,
      ...source,
    })
    .returning({ id: journalEntries.id });
  if (!row) {
    throw new Error('journal entry insert returned nothing');
  }
  await db.insert(journalLines).values(
    entry.lines.map((line) => ({
      entryId: row.id,
      account: line.account,
      debitCents: line.debit,
      creditCents: line.credit,
    })),
  );
  return row.id;
}

/**
 * The same as insertEntry and the NOTIFY `announce` builds from the new id, in one statement (one round trip; atomic
 * with the caller's transaction like the three it replaces).
 */
export async function insertEntryAnnounced(
  db: Tx,
  farmId: number,
  entry: JournalEntry,
  source: EntrySource,
  announce: (id: SQL) => SQL,
): Promise<number> {
  const lines = sql.join(
    entry.lines.map((l) => sql`(${l.account}::text, ${l.debit}::bigint, ${l.credit}::bigint)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with entry as (
      insert into journal_entries (farm_id, date, memo, memo_key, memo_data, source_type, source_id, reversal_of)
      values (${farmId}, ${entry.date}::date, ${entry.memo ?? null}, ${entry.note?.key ?? null},
        ${entry.note ? JSON.stringify(entry.note.data) : null}::jsonb, ${source.sourceType},
        ${source.sourceId ?? null}::int, ${source.reversalOf ?? null}::int)
      returning id
    ),
    entry_lines as (
      insert into journal_lines (entry_id, account, debit_cents, credit_cents)
      select entry.id, l.account, l.debit, l.credit from entry, (values ${lines}) as l(account, debit, credit)
    )
    select id, ${announce(sql`entry.id`)}::text as announced from entry`);
  const [row] = rowsOf<{ id: number }>(result);
  if (!row) {
    throw new Error('insertEntryAnnounced: the statement returned no row');
  }
  return row.id;
}

/**
 * Books a transaction in one statement: its journal entry (pointing back at it), the entry's lines, the
 * transaction, and the NOTIFY `announce` builds from the new id. One statement is atomic by itself, so this needs no
 * BEGIN/COMMIT. Both ids come from their sequences first, so each row can name the other.
 */
export async function insertTransactionBooked(
  db: Tx,
  values: Omit<typeof financeTransactions.$inferInsert, 'entryId'> & { farmId: number },
  entry: JournalEntry,
  announce: (id: SQL) => SQL,
): Promise<TransactionRow> {
  const lines = sql.join(
    entry.lines.map((l) => sql`(${l.account}::text, ${l.debit}::bigint, ${l.credit}::bigint)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with ids as (
      select nextval(pg_get_serial_sequence('finance_transactions', 'id'))::int as transaction_id,
             nextval(pg_get_serial_sequence('journal_entries', 'id'))::int as entry_id
    ),
    entry as (
      insert into journal_entries (id, farm_id, date, memo, source_type, source_id)
      select entry_id, ${values.farmId}, ${entry.date}::date, ${entry.memo ?? null}, 'transaction', transaction_id
      from ids
    ),
    entry_lines as (
      insert into journal_lines (entry_id, account, debit_cents, credit_cents)
      select ids.entry_id, l.account, l.debit, l.credit from ids, (values ${lines}) as l(account, debit, credit)
    ),
    created as (
      insert into finance_transactions
        (id, farm_id, type, category, amount_cents, description, date, payment_method, reference, entry_id, created_by)
      select transaction_id, ${values.farmId}, ${values.type}, ${values.category}, ${values.amountCents},
             ${values.description ?? null}, ${values.date}::date, ${values.paymentMethod ?? null},
             ${values.reference ?? null}, entry_id, ${values.createdBy ?? null}
      from ids
      returning id, entry_id, created_at
    )
    select id, entry_id, created_at, ${announce(sql`created.id`)}::text as announced from created`);
  const [row] = rowsOf<{ id: number; entry_id: number; created_at: Date | string }>(result);
  if (!row) {
    throw new Error('insertTransactionBooked: the statement returned no row');
  }
  return {
    id: row.id,
    farmId: values.farmId,
    type: values.type,
    category: values.category,
    amountCents: values.amountCents,
    description: values.description ?? null,
    date: values.date,
    paymentMethod: values.paymentMethod ?? null,
    reference: values.reference ?? null,
    entryId: row.entry_id,
    reversalEntryId: null,
    orderId: null,
    createdBy: values.createdBy ?? null,
    createdAt: new Date(row.created_at),
  };
}

export async function setEntrySource(db: Tx, entryId: number, sourceId: number): Promise<void> {
  await db.update(journalEntries).set({ sourceId }).where(eq(journalEntries.id, entryId));
}

/** Every entry of a farm with its lines, oldest first. */
export async function loadEntries(db: Tx, farmId: number): Promise<JournalEntry[]> {
  const rows = await db
    .select({
      id: journalEntries.id,
      date: journalEntries.date,
      memo: journalEntries.memo,
      account: journalLines.account,
      debit: journalLines.debitCents,
      credit: journalLines.creditCents,
    })
    .from(journalEntries)
    .innerJoin(journalLines, eq(journalLines.entryId, journalEntries.id))
    .where(eq(journalEntries.farmId, farmId))
    .orderBy(asc(journalEntries.id), asc(journalLines.id));
  const entries = new Map<number, { date: string; memo?: string; lines: JournalLine[] }>();
  for (const row of rows) {
    if (!isAccount(row.account)) {
      throw new Error(`journal line of entry ${row.id} has unknown account '${row.account}'`);
    }
    let entry = entries.get(row.id);
    if (!entry) {
      entry = { date: row.date, lines: [], ...(row.memo === null ? {} : { memo: row.memo }) };
      entries.set(row.id, entry);
    }
    entry.lines.push({ account: row.account, debit: Number(row.debit), credit: Number(row.credit) });
  }
  return [...entries.values()];
}

/**
 * Debit minus credit per account over a farm's entries dated up to `asOf` (inclusive), summed by the database:
 * the balance sheet needs these totals, not the entries. Accounts are checked as loadEntries checks them.
 */
export async function accountTotals(db: Tx, farmId: number, asOf: string): Promise<Map<Account, number>> {
  const rows = await db
    .select({
      account: journalLines.account,
      // sum(bigint) is numeric; every total of cents is a safe integer (sumCents checks it downstream).
      net: sql<number>`sum(${journalLines.debitCents} - ${journalLines.creditCents})::bigint`.mapWith(Number),
    })
    .from(journalEntries)
    .innerJoin(journalLines, eq(journalLines.entryId, journalEntries.id))
    .where(and(eq(journalEntries.farmId, farmId), lte(journalEntries.date, asOf)))
    .groupBy(journalLines.account);
  const totals = new Map<Account, number>();
  for (const row of rows) {
    if (!isAccount(row.account)) {
      throw new Error(`journal lines of farm ${farmId} have unknown account '${row.account}'`);
    }
    totals.set(row.account, row.net);
  }
  return totals;
}

/**
 * Operating income (income accounts: transactions of income categories, sales, trades) and expenses per month
 * ('YYYY-MM') of a farm's entries dated from `from` to `to` inclusive, summed in cents by the database; reversals
 * net out in their own month. Months without income or expense lines are absent.
 */
export async function monthlyIncomeExpense(
  db: Tx,
  farmId: number,
  range: { from: string; to: string },
): Promise<MonthlyTotals[]> {
  const month = sql<string>`to_char(${journalEntries.date}, 'YYYY-MM')`;
  const net = (account: string, plus: AnyColumn, minus: AnyColumn) =>
    sql<number>`coalesce(sum(${plus} - ${minus}) filter (where ${journalLines.account} like ${account}), 0)::bigint`.mapWith(
      Number,
    );
  const rows = await db
    .select({
      month,
      incomeCents: net('income:%', journalLines.creditCents, journalLines.debitCents),
      expenseCents: net('expense:%', journalLines.debitCents, journalLines.creditCents),
    })
    .from(journalEntries)
    .innerJoin(journalLines, eq(journalLines.entryId, journalEntries.id))
    .where(
      and(
        eq(journalEntries.farmId, farmId),
        gte(journalEntries.date, range.from),
        lte(journalEntries.date, range.to),
        or(like(journalLines.account, 'income:%'), like(journalLines.account, 'expense:%')),
      ),
    )
    .groupBy(month);
  return rows;
}

/** One entry with its lines; throws when it does not exist (entries are never deleted). */
export async function loadEntry(db: Tx, entryId: number): Promise<JournalEntry> {
  const [entry] = await db.select().from(journalEntries).where(eq(journalEntries.id, entryId)).limit(1);
  const lines = await db
    .select()
    .from(journalLines)
    .where(eq(journalLines.entryId, entryId))
    .orderBy(asc(journalLines.id));
  if (!entry) {
    throw new Error(`journal entry ${entryId} is missing`);
  }
  return {
    date: entry.date,
    ...(entry.memo === null ? {} : { memo: entry.memo }),
    lines: lines.map((line) => {
      if (!isAccount(line.account)) {
        throw new Error(`journal line ${line.id} has unknown account '${line.account}'`);
      }
      return { account: line.account, debit: Number(line.debitCents), credit: Number(line.creditCents) };
    }),
  };
}

/** Lists an order's money among the farm's transactions, pointing at the entry the order booked for it. */
export async function insertOrderTransaction(
  db: Tx,
  values: Omit<typeof financeTransactions.$inferInsert, 'orderId' | 'reversalEntryId'> & { orderId: number },
): Promise<void> {
  await db.insert(financeTransactions).values(values);
}

/** The transaction listing an entry an order booked, if any (a reversal of that entry marks it reversed). */
export async function markEntryTransactionReversed(
  db: Tx,
  entryId: number,
  reversalEntryId: number,
): Promise<void> {
  await db
    .update(financeTransactions)
    .set({ reversalEntryId })
    .where(and(eq(financeTransactions.entryId, entryId), sql`${financeTransactions.orderId} is not null`));
}

export async function findTransactionForUpdate(db: Tx, farmId: number, id: number) {
  const [row] = await db
    .select()
    .from(financeTransactions)
    .where(and(eq(financeTransactions.farmId, farmId), eq(financeTransactions.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function markReversed(db: Tx, id: number, reversalEntryId: number) {
  const [row] = await db
    .update(financeTransactions)
    .set({ reversalEntryId })
    .where(eq(financeTransactions.id, id))
    .returning();
  if (!row) {
    throw new Error('transaction update returned nothing');
  }
  return row;
}

export interface TransactionFilter {
  from?: string | undefined;
  to?: string | undefined;
  type?: 'income' | 'expense' | undefined;
  category?: string | undefined;
  cursor?: { date: string; id: number } | undefined;
}

/** Newest first (by date, then id); `limit` null returns every match. */
export async function listTransactions(
  db: Tx,
  farmId: number,
  filter: TransactionFilter,
  limit: number | null,
): Promise<TransactionRow[]> {
  const where: SQL[] = [eq(financeTransactions.farmId, farmId)];
  if (filter.from) {
    where.push(gte(financeTransactions.date, filter.from));
  }
  if (filter.to) {
    where.push(lte(financeTransactions.date, filter.to));
  }
  if (filter.type) {
    where.push(eq(financeTransactions.type, filter.type));
  }
  if (filter.category) {
    where.push(sql`lower(${financeTransactions.category}) = lower(${filter.category})`);
  }
  if (filter.cursor) {
    const { date, id } = filter.cursor;
    const before = or(
      lt(financeTransactions.date, date),
      and(eq(financeTransactions.date, date), lt(financeTransactions.id, id)),
    );
    if (before) {
      where.push(before);
    }
  }
  const query = db
    .select()
    .from(financeTransactions)
    .where(and(...where))
    .orderBy(desc(financeTransactions.date), desc(financeTransactions.id));
  return limit === null ? query : query.limit(limit);
}

export async function countTransactions(db: Tx, farmId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(financeTransactions)
    .where(eq(financeTransactions.farmId, farmId));
  return Number(row?.count ?? 0);
}

export async function insertSale(db: Tx, values: typeof sales.$inferInsert) {
  const [row] = await db.insert(sales).values(values).returning();
  if (!row) {
    throw new Error('sale insert returned nothing');
  }
  return row;
}

export async function listSales(db: Tx, farmId: number, limit: number): Promise<SaleRow[]> {
  return db
    .select({
      ...getTableColumns(sales),
      memo: journalEntries.memo,
      memoKey: journalEntries.memoKey,
      memoData: journalEntries.memoData,
    })
    .from(sales)
    .leftJoin(journalEntries, eq(journalEntries.id, sales.entryId))
    .where(eq(sales.farmId, farmId))
    .orderBy(desc(sales.date), desc(sales.id))
    .limit(limit);
}
