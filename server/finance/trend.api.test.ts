// Tests of the overview's income and expense trend: sales count as income, money that is not earned does not, and
// the database's monthly sums equal the ledger's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDecimal } from '../../contract/money';
import { createFarm, userWithRole } from '../test/factories';
import { call, createTestApp, type Session, type TestApp } from '../test/harness';
import { loadEntries } from './finance.repo';
import { addMonths, monthOf } from './periods';
import { monthlyHistory } from './projections';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const today = () => new Date().toISOString().slice(0, 10);
type Month = { month: string; income: number; expense: number };

function post(session: Session, url: string, payload: Record<string, unknown>) {
  return call(t.app, session.cookie, { method: 'POST', url, payload });
}

describe('financial overview trend', () => {
  it('shows a sale as income beside expenses, month by month over the last year', async () => {
    const owner = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, owner);
    const thisMonth = monthOf(today());
    const twoMonthsAgo = `${addMonths(thisMonth, -2)}-15`;
    const books = `/api/farms/${farm.id}`;
    const sale = await post(owner, `${books}/sales`, {
      type: 'custom',
      date: today(),
      quantity: '2,5',
      pricePerUnit: '100.10',
      buyer: 'Coop',
    });
    expect(sale.statusCode).toBe(201);
    const transactions: Record<string, unknown>[] = [
      { type: 'expense', category: 'seeds', amount: '40.50', date: today() },
      { type: 'income', category: 'produce_sales', amount: '0.10', date: twoMonthsAgo },
      { type: 'expense', category: 'fuel', amount: '0.20', date: twoMonthsAgo },
      // Borrowed money is not earned: no income.
      { type: 'income', category: 'loan_received', amount: '5000', date: today() },
      // A year ago this month is outside the trend.
      { type: 'income', category: 'produce_sales', amount: '7', date: `${addMonths(thisMonth, -12)}-28` },
    ];
    for (const payload of transactions) {
      expect((await post(owner, `${books}/transactions`, payload)).statusCode).toBe(201);
    }

    const res = await call(t.app, owner.cookie, { method: 'GET', url: `${books}/financials` });
    expect(res.statusCode).toBe(200);
    const { trend, recentTransactions } = res.json() as { trend: Month[]; recentTransactions: unknown[] };
    // The sale is not a transaction: the recent transactions alone never showed it.
    expect(recentTransactions).toHaveLength(transactions.length);
    expect(trend).toHaveLength(12);
    expect(trend[0]?.month).toBe(addMonths(thisMonth, -11));
    expect(trend[11]).toEqual({ month: thisMonth, income: 250.25, expense: 40.5 });
    expect(trend[9]).toEqual({ month: addMonths(thisMonth, -2), income: 0.1, expense: 0.2 });
    expect(trend.filter((m) => m.income !== 0 || m.expense !== 0)).toHaveLength(2);

    // The same figures as the ledger's monthly operating income and expenses (what projections use).
    const ledger = monthlyHistory(await loadEntries(t.ctx.db, farm.id), {
      startMonth: addMonths(thisMonth, -11),
      endMonth: thisMonth,
    });
    expect(trend).toEqual(
      ledger.map((m) => ({
        month: m.month,
        income: centsToDecimal(m.incomeCents),
        expense: centsToDecimal(m.expenseCents),
      })),
    );
  });

  it('is a year of zeros for a farm with no books', async () => {
    const owner = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, owner);
    const res = await call(t.app, owner.cookie, { method: 'GET', url: `/api/farms/${farm.id}/financials` });
    const trend: Month[] = res.json().trend;
    expect(trend).toHaveLength(12);
    expect(trend.every((m) => m.income === 0 && m.expense === 0)).toBe(true);
  });
});
