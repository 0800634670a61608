// Escrow tests' further steps: a sale whose parties have proven numbers, the hand-over with the buyer's code, and
// what the books say (a farm's accounts, the operator's entries of one move), read straight from the ledgers.
import { sql } from 'drizzle-orm';
import type { TOrder } from '../../contract/orders';
import type { TOperatorEscrow } from '../../contract/payments';
import { rowsOf } from '../db/client';
import { type FarmSold, soldFromFarm, type Trade } from './completed-order';
import { orderOf, proveNumber, workQueue } from './escrow-flow';
import { call, ok, type Session, type TestApp } from './harness';
import type { PaymentsStandIn } from './payments-stand-in';

/** A sale from a new farm; the seller and buyer get proven numbers unless null (the buyer's decides MTN's outcome). */
export async function provenSale(
  t: TestApp,
  options: { sellerPhone?: string | null; buyerPhone?: string | null; trade?: Trade } = {},
): Promise<FarmSold> {
  const sold = await soldFromFarm(t.app, t.ctx, options.trade ? { trade: options.trade } : {});
  const sellerPhone = options.sellerPhone === undefined ? '+237670000001' : options.sellerPhone;
  const buyerPhone = options.buyerPhone === undefined ? '+237670000002' : options.buyerPhone;
  if (sellerPhone) {
    await proveNumber(t.ctx, sold.farmer, sellerPhone);
  }
  if (buyerPhone) {
    await proveNumber(t.ctx, sold.buyer, buyerPhone);
  }
  return sold;
}

/** The seller hands the goods over at pick-up with the buyer's code: the order is delivered. */
export async function deliverWithCode(
  t: TestApp,
  parties: { seller: Session; buyer: Session; orderId: number },
): Promise<TOrder> {
  const { seller, buyer, orderId } = parties;
  const arranged = await ok<TOrder>(
    await call(t.app, seller.cookie, {
      method: 'POST',
      url: `/api/orders/${orderId}/delivery`,
      payload: { mode: 'pickup' },
    }),
    201,
  );
  const code = (await orderOf(t, buyer, orderId)).handoverCode;
  await ok(
    await call(t.app, seller.cookie, {
      method: 'PATCH',
      url: `/api/deliveries/${arranged.delivery?.id}`,
      payload: { status: 'delivered', code },
    }),
    200,
  );
  return orderOf(t, buyer, orderId);
}

/** A farm's balance (debits − credits) per account, in currency units, from its journal. */
export async function farmAccounts(t: TestApp, farmId: number): Promise<Record<string, number>> {
  const rows = rowsOf<{ account: string; balance: string }>(
    await t.ctx.db.execute(sql`select l.account, sum(l.debit_cents - l.credit_cents) as balance
      from journal_lines l join journal_entries e on e.id = l.entry_id
      where e.farm_id = ${farmId} group by l.account`),
  );
  return Object.fromEntries(rows.map((r) => [r.account, Number(r.balance) / 100]));
}

/** A farm's journal totals, in cents: every entry balances, so debits equal credits. */
export async function farmJournalTotals(
  t: TestApp,
  farmId: number,
): Promise<{ debit: number; credit: number }> {
  const [row] = rowsOf<{ debit: string; credit: string }>(
    await t.ctx.db.execute(sql`select coalesce(sum(l.debit_cents), 0) as debit, coalesce(sum(l.credit_cents), 0) as credit
      from journal_lines l join journal_entries e on e.id = l.entry_id where e.farm_id = ${farmId}`),
  );
  return { debit: Number(row?.debit ?? 0), credit: Number(row?.credit ?? 0) };
}

/** The operator's lines booked for one move: `account debit/credit` in cents, sorted. */
export async function operatorLinesOfMove(t: TestApp, moveId: number): Promise<string[]> {
  const rows = rowsOf<{ account: string; debit_cents: string; credit_cents: string }>(
    await t.ctx.db.execute(sql`select l.account, l.debit_cents, l.credit_cents
      from operator_lines l join operator_entries e on e.id = l.entry_id where e.move_id = ${moveId}`),
  );
  return rows.map((r) => `${r.account} ${Number(r.debit_cents)}/${Number(r.credit_cents)}`).sort();
}

export async function operatorEscrow(t: TestApp, manager: Session): Promise<TOperatorEscrow> {
  return ok<TOperatorEscrow>(
    await call(t.app, manager.cookie, { method: 'GET', url: '/api/operations/escrow' }),
    200,
  );
}

/**
 * Works the queue until no move is pending (at most `rounds` times), each time after the stand-in's callbacks were
 * answered: a callback's hint takes its move at that moment, and a run then would skip it.
 */
export async function settleQueue(t: TestApp, stand: PaymentsStandIn, rounds = 4): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    await stand.settled();
    await workQueue(t.ctx);
    await stand.settled();
    const [row] = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from money_moves where status = 'pending'`),
    );
    if (Number(row?.n ?? 0) === 0) {
      return;
    }
  }
}
