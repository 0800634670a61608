// What crop plans ask of a farm's books: an input booked as an expense inside the plan's own transaction, an expense
// booked before (to link instead of booking twice), and the money a plan's figures are made of.
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../db/client';
import type { EventBus } from '../events/bus';
import { normalizeCategory } from './accounts';
import { booksChangeSql } from './books-change';
import { insertTransactionBooked } from './finance.repo';
import { assertBalanced, postTransaction } from './posting';

/** Books an expense in `tx` (announced only if it commits); the caller drops the farm's cached pages after commit. */
export async function bookExpenseIn(
  tx: Tx,
  bus: EventBus,
  expense: {
    farmId: number;
    actorId: number;
    category: string;
    amountCents: number;
    date: string;
    memo: string;
  },
): Promise<number> {
  const category = normalizeCategory(expense.category, 'expense');
  const entry = postTransaction({
    type: 'expense',
    category,
    amountCents: expense.amountCents,
    date: expense.date,
    paymentMethod: null,
    memo: expense.memo,
  });
  assertBalanced(entry);
  const row = await insertTransactionBooked(
    tx,
    {
      farmId: expense.farmId,
      type: 'expense',
      category,
      amountCents: expense.amountCents,
      description: expense.memo,
      date: expense.date,
      paymentMethod: null,
      reference: null,
      createdBy: expense.actorId,
    },
    entry,
    (id) => booksChangeSql(bus, { type: 'transaction', id }, expense.farmId),
  );
  return row.id;
}

/** A piece of a farm's money: a transaction (not reversed) or a sale, with the commodity a sale sold. */
export interface FarmMoney {
  source: 'transaction' | 'sale';
  id: number;
  type: 'income' | 'expense';
  date: string;
  amountCents: number;
  /** The listing's name for a sale of a listing; null otherwise. */
  commodityName: string | null;
}

interface MoneyRow {
  source: 'transaction' | 'sale';
  id: number;
  type: 'income' | 'expense';
  date: string | Date;
  amount_cents: string | number;
  commodity_name: string | null;
}

const dayOf = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

/**
 * The farm's transactions and sales named by id, and every sale of a listing dated on or after `salesSince` (the
 * sales a plan may take for its crop): one statement. Reversed transactions count for nothing and are left out.
 */
export async function farmMoneyFor(
  db: Tx,
  farmId: number,
  named: { transactionIds: readonly number[]; saleIds: readonly number[]; salesSince: string | null },
): Promise<FarmMoney[]> {
  const transactionIds = sql`array[${sql.join(
    [...named.transactionIds, 0].map((id) => sql`${id}::int`),
    sql`, `,
  )}]`;
  const saleIds = sql`array[${sql.join(
    [...named.saleIds, 0].map((id) => sql`${id}::int`),
    sql`, `,
  )}]`;
  const result = await db.execute(sql`
    select 'transaction' as source, t.id, t.type, t.date, t.amount_cents, null::text as commodity_name
    from finance_transactions t
    where t.farm_id = ${farmId} and t.reversal_entry_id is null and t.id = any(${transactionIds})
    union all
    select 'sale' as source, s.id, 'income' as type, s.date, s.total_cents, c.name as commodity_name
    from sales s left join commodities c on c.id = s.commodity_id
    where s.farm_id = ${farmId}
      and (s.id = any(${saleIds}) or (${named.salesSince}::date is not null and s.commodity_id is not null
           and s.date >= ${named.salesSince}::date))
    order by 4, 2`);
  return rowsOf<MoneyRow>(result).map((row) => ({
    source: row.source,
    id: Number(row.id),
    type: row.type,
    date: dayOf(row.date),
    amountCents: Number(row.amount_cents),
    commodityName: row.commodity_name,
  }));
}

/** The farm's expense `id` if it is one and not reversed (what an input may link to), else null. */
export async function expenseOf(
  db: Tx,
  farmId: number,
  id: number,
): Promise<{ id: number; amountCents: number; date: string } | null> {
  const result = await db.execute(sql`
    select id, amount_cents, date from finance_transactions
    where id = ${id} and farm_id = ${farmId} and type = 'expense' and reversal_entry_id is null
      and order_id is null`);
  const [row] = rowsOf<{ id: number; amount_cents: string | number; date: string | Date }>(result);
  return row ? { id: Number(row.id), amountCents: Number(row.amount_cents), date: dayOf(row.date) } : null;
}

/** Whether the farm has this sale or this transaction (what money a plan may be given). */
export async function farmHasMoney(
  db: Tx,
  farmId: number,
  source: 'transaction' | 'sale',
  id: number,
): Promise<boolean> {
  const result =
    source === 'sale'
      ? await db.execute(sql`select 1 from sales where id = ${id} and farm_id = ${farmId}`)
      : await db.execute(sql`select 1 from finance_transactions where id = ${id} and farm_id = ${farmId}`);
  return rowsOf(result).length > 0;
}
