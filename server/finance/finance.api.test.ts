import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDecimal } from '../../contract/money';
import { seed } from '../demo/finance';
import { bids, commodities, trades } from '../marketplace/marketplace.schema';
import { paidCentsOfTrade } from '../orders/lookups';
import { createFarm, userWithRole } from '../test/factories';
import { call, createTestApp, eventsDuring, registerUser, type Session, type TestApp } from '../test/harness';
import { userAchievements } from '../users/users.schema';
import { presentFinancials } from './finance.present';
import { accountTotals, countTransactions, loadEntries } from './finance.repo';
import { journalEntries, journalLines, sales } from './finance.schema';
import { getFinancials } from './finance.service';
import { addDays } from './periods';
import { financialOverview, netByAccount } from './statements';
import { postTradeToBooks } from './trade-posting';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const today = () => new Date().toISOString().slice(0, 10);

async function ownerWithFarm() {
  const owner = await userWithRole(t.app, t.ctx, 'farmer');
  const farm = await createFarm(t.app, owner);
  return { owner, farm };
}

function addTransaction(session: Session, farmId: number, payload: Record<string, unknown>) {
  return call(t.app, session.cookie, {
    method: 'POST',
    url: `/api/farms/${farmId}/transactions`,
    payload: { type: 'income', category: 'produce_sales', amount: '10', date: today(), ...payload },
  });
}

async function financials(session: Session, farmId: number) {
  const res = await call(t.app, session.cookie, { method: 'GET', url: `/api/farms/${farmId}/financials` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function ledgerIsBalanced(farmId: number) {
  const lines = await t.ctx.db
    .select({ debit: journalLines.debitCents, credit: journalLines.creditCents, entry: journalLines.entryId })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(eq(journalEntries.farmId, farmId));
  const byEntry = new Map<number, number>();
  for (const line of lines) {
    byEntry.set(line.entry, (byEntry.get(line.entry) ?? 0) + line.debit - line.credit);
  }
  return { entries: byEntry.size, unbalanced: [...byEntry.values()].filter((v) => v !== 0).length };
}

describe('transactions', () => {
  it('books a transaction (amount as text with a comma) and moves the overview', async () => {
    const { owner, farm } = await ownerWithFarm();
    const before = await financials(owner, farm.id);
    expect(before.overview).toEqual({ netWorth: 0, totalAssets: 0, totalLiabilities: 0 });
    const res = await addTransaction(owner, farm.id, {
      amount: '1250,50',
      description: 'Maize at the market',
      paymentMethod: 'cash',
      reference: 'R-1',
      farmId: farm.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      farmId: farm.id,
      type: 'income',
      category: 'produce_sales',
      amount: 1250.5,
      description: 'Maize at the market',
      date: today(),
      paymentMethod: 'cash',
      reference: 'R-1',
    });
    const [entry] = await t.ctx.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.sourceId, res.json().id));
    expect(entry).toMatchObject({ farmId: farm.id, sourceType: 'transaction', memo: 'Maize at the market' });
    let expense = res;
    const events = await eventsDuring(t, async () => {
      expense = await addTransaction(owner, farm.id, { type: 'expense', category: 'seeds', amount: 0.3 });
    });
    expect(expense.json().amount).toBe(0.3);
    expect(events).toContainEqual({ type: 'transaction', id: expense.json().id });
    const after = await financials(owner, farm.id);
    expect(after.overview).toEqual({ netWorth: 1250.2, totalAssets: 1250.2, totalLiabilities: 0 });
    expect(after.recentTransactions.map((r: { amount: number }) => r.amount)).toEqual([0.3, 1250.5]);
  });

  it('answers the spec messages in English and French', async () => {
    const { owner, farm } = await ownerWithFarm();
    // The user's stored language wins over Accept-Language.
    const francophone = await registerUser(t.app, { language: 'fr' });
    await call(t.app, owner.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/members`,
      payload: { userId: francophone.user.id, role: 'manager' },
    });
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ category: '' }, 'category', 'Category is required', 'La catégorie est obligatoire'],
      [{ category: undefined }, 'category', 'Category is required', 'La catégorie est obligatoire'],
      [
        { amount: '0' },
        'amount',
        'Amount must be a positive number',
        'Le montant doit être un nombre positif',
      ],
      [
        { amount: '-5' },
        'amount',
        'Amount must be a positive number',
        'Le montant doit être un nombre positif',
      ],
      [
        { amount: 'abc' },
        'amount',
        'Amount must be a positive number',
        'Le montant doit être un nombre positif',
      ],
      [
        { amount: '1.234' },
        'amount',
        'Amount must be a positive number',
        'Le montant doit être un nombre positif',
      ],
      [{ date: '2026-02-30' }, 'date', 'Invalid date', 'Date invalide'],
      [{ date: 'yesterday' }, 'date', 'Invalid date', 'Date invalide'],
    ];
    for (const [payload, path, en, fr] of cases) {
      const res = await addTransaction(owner, farm.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().issues).toContainEqual({ path, message: en });
      const french = await addTransaction(francophone, farm.id, payload);
      expect(french.json().issues).toContainEqual({ path, message: fr });
    }
    expect((await financials(owner, farm.id)).recentTransactions).toEqual([]);
  });

  it('keeps the books secret from non-members (404) and read-only for viewers (403)', async () => {
    const { owner, farm } = await ownerWithFarm();
    const stranger = await userWithRole(t.app, t.ctx, 'farmer');
    for (const url of ['financials', 'transactions', 'transactions.csv', 'reports', 'projections']) {
      const res = await call(t.app, stranger.cookie, { method: 'GET', url: `/api/farms/${farm.id}/${url}` });
      expect(res.statusCode, url).toBe(404);
    }
    expect((await addTransaction(stranger, farm.id, {})).statusCode).toBe(404);
    await call(t.app, owner.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/members`,
      payload: { userId: stranger.user.id, role: 'viewer' },
    });
    expect((await financials(stranger, farm.id)).overview.netWorth).toBe(0);
    expect((await addTransaction(stranger, farm.id, {})).statusCode).toBe(403);
    expect(await countTransactions(t.ctx.db, farm.id)).toBe(0);
    const report = await call(t.app, stranger.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/reports`,
      payload: { type: 'balance_sheet', period: 'monthly' },
    });
    expect(report.statusCode).toBe(403);
    const manager = await userWithRole(t.app, t.ctx, 'farmer');
    await call(t.app, owner.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/members`,
      payload: { userId: manager.user.id, role: 'manager' },
    });
    expect((await addTransaction(manager, farm.id, {})).statusCode).toBe(201);
    expect(
      (await call(t.app, null, { method: 'GET', url: `/api/farms/${farm.id}/financials` })).statusCode,
    ).toBe(401);
  });

  it('filters and paginates with X-Next-Cursor', async () => {
    const { owner, farm } = await ownerWithFarm();
    for (const [day, type] of [
      ['01', 'income'],
      ['02', 'expense'],
      ['03', 'income'],
      ['04', 'expense'],
      ['05', 'income'],
    ] as const) {
      const category = type === 'income' ? 'produce_sales' : 'fuel';
      expect(
        (await addTransaction(owner, farm.id, { date: `2026-03-${day}`, type, category })).statusCode,
      ).toBe(201);
    }
    const first = await call(t.app, owner.cookie, {
      method: 'GET',
      url: `/api/farms/${farm.id}/transactions?limit=2`,
    });
    expect(first.json().map((r: { date: string }) => r.date)).toEqual(['2026-03-05', '2026-03-04']);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toBeTypeOf('string');
    const second = await call(t.app, owner.cookie, {
      method: 'GET',
      url: `/api/farms/${farm.id}/transactions?limit=2&cursor=${cursor}`,
    });
    expect(second.json().map((r: { date: string }) => r.date)).toEqual(['2026-03-03', '2026-03-02']);
    const third = await call(t.app, owner.cookie, {
      method: 'GET',
      url: `/api/farms/${farm.id}/transactions?limit=2&cursor=${second.headers['x-next-cursor']}`,
    });
    expect(third.json()).toHaveLength(1);
    expect(third.headers['x-next-cursor']).toBeUndefined();
    const filtered = await call(t.app, owner.cookie, {
      method: 'GET',
      url: `/api/farms/${farm.id}/transactions?type=expense&from=2026-03-03&category=FUEL`,
    });
    expect(filtered.json().map((r: { date: string }) => r.date)).toEqual(['2026-03-04']);
  });

  it('refuses a page cursor naming an impossible day or an id past the integer column with a 400 (found by the query fuzzer: a 500 on PostgreSQL)', async () => {
    const { owner, farm } = await ownerWithFarm();
    for (const cursor of [
      '9995-40-26.9207',
      '2026-02-30.1',
      '1842-14-00.3',
      '0000-00-00.1',
      '2026-03-01.2147483648',
    ]) {
      const res = await call(t.app, owner.cookie, {
        method: 'GET',
        url: `/api/farms/${farm.id}/transactions?cursor=${cursor}`,
      });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().code).toBe('badRequest');
    }
    const edge = await call(t.app, owner.cookie, {
      method: 'GET',
      url: `/api/farms/${farm.id}/transactions?cursor=2026-03-01.2147483647`,
    });
    expect(edge.statusCode).toBe(200);
  });

  it('exports CSV with RFC 4180 quoting and a formula guard', async () => {
    const { owner, farm } = await ownerWithFarm();
    await addTransaction(owner, farm.id, {
      description: '=HYPERLINK("http://evil","click")',
      reference: 'a,b',
      category: 'Honey, "raw"',
      amount: '12.5',
      date: '2026-04-01',
    });
    const res = await call(t.app, owner.cookie, {
      method: 'GET',
      url: `/api/farms/${farm.id}/transactions.csv`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFID,Date,Type,Category,Amount,Currency,Description,Payment method,Reference,Reversed,Recorded at,Order',
    );
    expect(lines[1]).toContain(
      ',2026-04-01,Income,"Honey, ""raw""",12.5,USD,"\'=HYPERLINK(""http://evil"",""click"")",,"a,b",no,',
    );
    expect(lines[2]).toBe('');
  });

  it('exports CSV in French for a French reader: translated headers, a BOM, `;` and the decimal comma', async () => {
    const { owner, farm } = await ownerWithFarm();
    await call(t.app, owner.cookie, {
      method: 'PATCH',
      url: '/api/user/language',
      payload: { language: 'fr' },
    });
    await addTransaction(owner, farm.id, {
      type: 'expense',
      category: 'fertilizer',
      description: 'Engrais NPK; 2 sacs',
      paymentMethod: 'cash',
      amount: '1250.5',
      date: '2026-04-01',
    });
    const res = await call(t.app, owner.cookie, {
      method: 'GET',
      url: `/api/farms/${farm.id}/transactions.csv`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFN°;Date;Type;Catégorie;Montant;Devise;Libellé;Moyen de paiement;Référence;Contre-passée;Saisie le;Commande',
    );
    expect(lines[1]).toContain(';2026-04-01;Dépense;Engrais;1250,5;USD;"Engrais NPK; 2 sacs";Espèces;;non;');
  });

  it('keeps the ledger balanced under concurrent writes', async () => {
    const { owner, farm } = await ownerWithFarm();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        addTransaction(owner, farm.id, {
          type: i % 2 === 0 ? 'income' : 'expense',
          category: i % 2 === 0 ? 'produce_sales' : 'labour',
          amount: `${i + 1}.10`,
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect(await ledgerIsBalanced(farm.id)).toEqual({ entries: 20, unbalanced: 0 });
    // income 1.10+3.10+…+19.10 = 101; expense 2.10+…+20.10 = 111
    expect((await financials(owner, farm.id)).overview.netWorth).toBe(-10);
  });
});

describe('reversals', () => {
  it('cancels a transaction with a reversing entry today, once, leaving past statements as reported', async () => {
    const { owner, farm } = await ownerWithFarm();
    const created = (await addTransaction(owner, farm.id, { amount: '75.25', date: '2025-06-10' })).json();
    expect(created.reversed).toBe(false);
    expect((await financials(owner, farm.id)).overview.netWorth).toBe(75.25);
    const url = `/api/farms/${farm.id}/transactions/${created.id}/reversal`;
    const res = await call(t.app, owner.cookie, { method: 'POST', url });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: created.id, amount: 75.25, reversed: true });
    expect((await financials(owner, farm.id)).overview.netWorth).toBe(0);
    expect(await ledgerIsBalanced(farm.id)).toEqual({ entries: 2, unbalanced: 0 });
    const again = await call(t.app, owner.cookie, { method: 'POST', url });
    expect(again.statusCode).toBe(409);
    const june = await call(t.app, owner.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/reports`,
      payload: { type: 'income_statement', period: 'monthly', startDate: '2025-06-01' },
    });
    expect(june.json()).toMatchObject({ endDate: '2025-06-30', data: { totalIncome: 75.25 } });

    const other = await ownerWithFarm();
    const foreign = await call(t.app, other.owner.cookie, {
      method: 'POST',
      url: `/api/farms/${other.farm.id}/transactions/${created.id}/reversal`,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('loans, equipment and reports', () => {
  it('keeps a loan out of income, balances the sheet and reconciles the cash flow', async () => {
    const { owner, farm } = await ownerWithFarm();
    const month = today().slice(0, 7);
    const posts = [
      { type: 'income', category: 'loan_received', amount: '5000', paymentMethod: 'bank_transfer' },
      { type: 'expense', category: 'equipment_purchase', amount: '3000', paymentMethod: 'bank_transfer' },
      { type: 'income', category: 'produce_sales', amount: '800.25' },
      { type: 'expense', category: 'fertilizer', amount: '200.10' },
      { type: 'expense', category: 'loan_repayment', amount: '500', paymentMethod: 'bank_transfer' },
      { type: 'expense', category: 'seeds', amount: '50', paymentMethod: 'credit' },
    ];
    for (const p of posts) {
      expect((await addTransaction(owner, farm.id, { ...p, date: `${month}-01` })).statusCode).toBe(201);
    }
    const overview = (await financials(owner, farm.id)).overview;
    expect(overview).toEqual({ totalAssets: 5100.15, totalLiabilities: 4550, netWorth: 550.15 });

    const generate = async (type: string) => {
      const res = await call(t.app, owner.cookie, {
        method: 'POST',
        url: `/api/farms/${farm.id}/reports`,
        payload: { type, period: 'monthly', farmId: farm.id, data: { totalIncome: 1e9 } },
      });
      expect(res.statusCode).toBe(201);
      return res.json();
    };
    const income = await generate('income_statement');
    expect(income).toMatchObject({ type: 'income_statement', period: 'monthly', startDate: `${month}-01` });
    expect(income.data).toEqual({
      income: { produce_sales: 800.25 },
      expenses: { fertilizer: 200.1, seeds: 50 },
      totalIncome: 800.25,
      totalExpenses: 250.1,
      netIncome: 550.15,
    });
    const sheet = await generate('balance_sheet');
    expect(sheet.data.totalAssets).toBe(5100.15);
    expect(sheet.data.totalLiabilities + sheet.data.totalEquity).toBe(sheet.data.totalAssets);
    expect(sheet.data.liabilities).toEqual({ loans: 4500, payables: 50 });
    expect(sheet.data.equity.retained_earnings).toBe(550.15);
    const flow = await generate('cash_flow');
    expect(flow.data).toEqual({
      operating: 600.15,
      investing: -3000,
      financing: 4500,
      netChange: 2100.15,
      openingCash: 0,
      closingCash: 2100.15,
    });

    const list = await call(t.app, owner.cookie, { method: 'GET', url: `/api/farms/${farm.id}/reports` });
    expect(list.json().map((r: { type: string }) => r.type)).toEqual([
      'cash_flow',
      'balance_sheet',
      'income_statement',
    ]);
    const csv = await call(t.app, owner.cookie, {
      method: 'GET',
      url: `/api/farms/${farm.id}/reports/${income.id}.csv`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFFReport,Period,Start date,End date,Currency');
    expect(csv.body.split('\r\n')[1]).toMatch(/^Income Statement,Monthly,.*,USD$/);
    expect(csv.body).toContain('Income,Produce sales,800.25\r\n');
    expect(csv.body).toContain('Total,Net income,550.15\r\n');
    const badge = await t.ctx.db
      .select()
      .from(userAchievements)
      .where(eq(userAchievements.userId, owner.user.id));
    expect(badge.map((b) => b.code)).toEqual(['first_report']);

    const other = await ownerWithFarm();
    const hidden = await call(t.app, other.owner.cookie, {
      method: 'GET',
      url: `/api/farms/${other.farm.id}/reports/${income.id}.csv`,
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('rejects a range that ends before it starts, and a commodity sale without a commodity', async () => {
    const { owner, farm } = await ownerWithFarm();
    const res = await call(t.app, owner.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/reports`,
      payload: { type: 'cash_flow', period: 'monthly', startDate: '2026-05-31', endDate: '2026-05-01' },
    });
    expect(res.statusCode).toBe(400);
    const sale = await call(t.app, owner.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/sales`,
      payload: { type: 'commodity', date: today(), quantity: '1', pricePerUnit: '10' },
    });
    expect(sale.statusCode).toBe(400);
    expect(sale.json().issues[0]).toEqual({
      path: 'commodityId',
      message: 'A commodity sale needs a commodity',
    });
  });
});

describe('overview from the database’s per-account sums', () => {
  it('equals the ledger computed over every entry, and leaves out entries dated after the day', async () => {
    const { owner, farm } = await ownerWithFarm();
    const [early, mid, now, future] = ['2025-03-01', '2025-03-15', today(), addDays(today(), 40)];
    const posts = [
      { type: 'income', category: 'loan_received', amount: '5000', paymentMethod: 'bank', date: early },
      { type: 'expense', category: 'equipment_purchase', amount: '1200', paymentMethod: 'bank', date: early },
      { type: 'income', category: 'produce_sales', amount: '800.25', paymentMethod: 'momo', date: mid },
      { type: 'expense', category: 'fertilizer', amount: '200.10', paymentMethod: 'credit', date: mid },
      { type: 'expense', category: 'loan_repayment', amount: '250', paymentMethod: 'bank', date: now },
      { type: 'income', category: 'Honey', amount: '12.34', date: future },
      { type: 'income', category: 'loan_received', amount: '900', date: future },
    ];
    for (const p of posts) {
      expect((await addTransaction(owner, farm.id, p)).statusCode).toBe(201);
    }
    const cancelled = (await addTransaction(owner, farm.id, { amount: '75.25', date: mid })).json();
    const reversal = await call(t.app, owner.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/transactions/${cancelled.id}/reversal`,
    });
    expect(reversal.statusCode).toBe(201);
    for (const [date, paid] of [
      [mid, true],
      [now, false],
      [future, true],
    ] as const) {
      const sale = await call(t.app, owner.cookie, {
        method: 'POST',
        url: `/api/farms/${farm.id}/sales`,
        payload: { type: 'custom', date, quantity: '2', pricePerUnit: '100.01', paid },
      });
      expect(sale.statusCode).toBe(201);
    }

    const entries = await loadEntries(t.ctx.db, farm.id);
    const fromEntries = (asOf: string) => {
      const o = financialOverview(entries, { asOf });
      return {
        netWorth: centsToDecimal(o.netWorth),
        totalAssets: centsToDecimal(o.totalAssets),
        totalLiabilities: centsToDecimal(o.totalLiabilities),
      };
    };
    const overview = (await financials(owner, farm.id)).overview;
    expect(overview).toEqual(fromEntries(now));
    // By hand: bank 5000 − 1200 − 250, momo 800.25, equipment 1200, a 200.02 sale paid in cash and one receivable
    // (the cancelled 75.25 is back out today); loans 5000 − 250, payables 200.10.
    expect(overview).toEqual({ totalAssets: 5950.29, totalLiabilities: 4950.1, netWorth: 1000.19 });
    // The entries dated after today do count once their day comes.
    expect(fromEntries(future)).not.toEqual(overview);
    expect(presentFinancials(await getFinancials(t.ctx, { farm, asOf: future }), 'en').overview).toEqual(
      fromEntries(future),
    );

    for (const asOf of [addDays(early, -1), early, addDays(mid, -1), mid, addDays(now, -1), now, future]) {
      expect(await accountTotals(t.ctx.db, farm.id, asOf), asOf).toEqual(
        netByAccount(entries, (date) => date <= asOf),
      );
      expect(presentFinancials(await getFinancials(t.ctx, { farm, asOf }), 'en').overview, asOf).toEqual(
        fromEntries(asOf),
      );
    }
  });
});

describe('sales', () => {
  it('records a custom sale with total = quantity × price exact to the cent', async () => {
    const { owner, farm } = await ownerWithFarm();
    const res = await call(t.app, owner.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/sales`,
      payload: { type: 'custom', date: today(), quantity: '0,333', pricePerUnit: '100.01', buyer: 'Coop' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'custom',
      commodityId: null,
      quantity: 0.333,
      pricePerUnit: 100.01,
      totalAmount: 33.3,
      buyer: 'Coop',
    });
    const f = await financials(owner, farm.id);
    expect(f.recentSales).toHaveLength(1);
    expect(f.overview.totalAssets).toBe(33.3);
  });
});

describe('a sale’s listing', () => {
  const rowCounts = async () => {
    const count = async (table: typeof sales | typeof journalEntries | typeof journalLines) => {
      const [row] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(table);
      return row?.n ?? 0;
    };
    return {
      sales: await count(sales),
      entries: await count(journalEntries),
      lines: await count(journalLines),
    };
  };
  const listingOf = async (farmer: Session) => {
    const res = await call(t.app, farmer.cookie, {
      method: 'POST',
      url: '/api/commodities',
      payload: { name: 'Maize', quantity: 4, price: 250, grade: 'A' },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: number }>().id;
  };
  const sell = (who: Session, farmId: number, commodityId: number) =>
    call(t.app, who.cookie, {
      method: 'POST',
      url: `/api/farms/${farmId}/sales`,
      payload: { type: 'commodity', commodityId, date: today(), quantity: '1', pricePerUnit: '250' },
    });

  it('is only one of the farm owner’s: another farmer’s listing is 404, like one that does not exist, and writes nothing', async () => {
    const { owner, farm } = await ownerWithFarm();
    const otherFarmer = await userWithRole(t.app, t.ctx, 'farmer');
    const theirs = await listingOf(otherFarmer);
    // A manager of the farm who lists produce of their own may not book it into the owner's farm either.
    const manager = await userWithRole(t.app, t.ctx, 'farmer');
    const added = await call(t.app, owner.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/members`,
      payload: { userId: manager.user.id, role: 'manager' },
    });
    expect(added.statusCode).toBe(201);
    const managers = await listingOf(manager);

    const before = await rowCounts();
    const missing = await sell(owner, farm.id, 2_000_000_000);
    expect(missing.statusCode).toBe(404);
    for (const [who, commodityId] of [
      [owner, theirs],
      [manager, theirs],
      [owner, managers],
      [manager, managers],
    ] as const) {
      const res = await sell(who, farm.id, commodityId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    expect(await rowCounts()).toEqual(before);
    expect((await financials(owner, farm.id)).recentSales).toEqual([]);

    const mine = await listingOf(owner);
    for (const who of [owner, manager]) {
      const res = await sell(who, farm.id, mine);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ commodityId: mine, totalAmount: 250 });
    }
  });
});

describe('marketplace trades', () => {
  async function insertTrade(seller: Session, buyer: Session, farmId: number | null) {
    const [commodity] = await t.ctx.db
      .insert(commodities)
      .values({
        ownerId: seller.user.id,
        farmId,
        name: 'Maize',
        marketKey: 'maize',
        quantityKg: 0,
        listedQuantityKg: 2500,
        priceCents: 20_050,
        grade: 'A',
        status: 'sold',
      })
      .returning();
    if (!commodity) {
      throw new Error('no commodity');
    }
    const [bid] = await t.ctx.db
      .insert(bids)
      .values({
        commodityId: commodity.id,
        buyerId: buyer.user.id,
        priceCents: 20_050,
        quantityKg: 2500,
        status: 'accepted',
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    if (!bid) {
      throw new Error('no bid');
    }
    const [trade] = await t.ctx.db
      .insert(trades)
      .values({
        commodityId: commodity.id,
        bidId: bid.id,
        buyerId: buyer.user.id,
        sellerId: seller.user.id,
        marketKey: 'maize',
        priceCents: 20_050,
        quantityKg: 2500,
        totalCents: 50_125,
        farmId,
      })
      .returning();
    if (!trade) {
      throw new Error('no trade');
    }
    return { commodity, trade };
  }

  it('posts an accepted trade to the listing farm as a cash sale', async () => {
    const { owner, farm } = await ownerWithFarm();
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const { commodity, trade } = await insertTrade(owner, buyer, farm.id);
    await t.ctx.db.transaction((tx) =>
      postTradeToBooks(
        tx,
        t.ctx.bus,
        {
          tradeId: trade.id,
          sellerId: owner.user.id,
          farmId: farm.id,
          commodityId: commodity.id,
          commodityName: 'Maize',
          quantityKg: 2500,
          priceCents: 20_050,
          totalCents: 50_125,
          at: trade.createdAt,
        },
        paidCentsOfTrade,
      ),
    );
    const f = await financials(owner, farm.id);
    expect(f.recentSales[0]).toMatchObject({
      type: 'commodity',
      commodityId: commodity.id,
      tradeId: trade.id,
      quantity: 2.5,
      pricePerUnit: 200.5,
      totalAmount: 501.25,
      buyer: buyer.user.username,
      description: `Sale of Maize (marketplace trade #${trade.id})`,
    });
    expect(f.overview.totalAssets).toBe(501.25);
    // The memo is a key and its data: a French reader reads it in French.
    await call(t.app, owner.cookie, {
      method: 'PATCH',
      url: '/api/user/language',
      payload: { language: 'fr' },
    });
    expect((await financials(owner, farm.id)).recentSales[0].description).toBe(
      `Vente de Maize (échange n° ${trade.id} sur le marché)`,
    );
    const [posted] = await t.ctx.db.select().from(trades).where(eq(trades.id, trade.id));
    expect(posted?.postedAt).toBeInstanceOf(Date);
    expect(posted?.farmId).toBe(farm.id);
  });

  it('books a farmless seller’s trade on a farm made for their books, with their earlier unbooked trades', async () => {
    const seller = await userWithRole(t.app, t.ctx, 'farmer');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    // A trade from before every sale got a farm: never booked.
    const earlier = await insertTrade(seller, buyer, null);
    const { commodity, trade } = await insertTrade(seller, buyer, null);
    const booked = await t.ctx.db.transaction((tx) =>
      postTradeToBooks(
        tx,
        t.ctx.bus,
        {
          tradeId: trade.id,
          sellerId: seller.user.id,
          farmId: null,
          commodityId: commodity.id,
          commodityName: 'Maize',
          quantityKg: 2500,
          priceCents: 20_050,
          totalCents: 50_125,
          at: trade.createdAt,
        },
        paidCentsOfTrade,
      ),
    );
    const farms = (await call(t.app, seller.cookie, { method: 'GET', url: '/api/farms' })).json<
      { id: number; name: string }[]
    >();
    expect(farms.map((f) => [f.id, f.name])).toEqual([[booked.farmId, seller.user.username]]);
    for (const id of [earlier.trade.id, trade.id]) {
      const [posted] = await t.ctx.db.select().from(trades).where(eq(trades.id, id));
      expect(posted?.farmId).toBe(booked.farmId);
    }
    const f = await financials(seller, booked.farmId);
    expect(f.recentSales.map((s: { tradeId: number }) => s.tradeId).sort()).toEqual(
      [earlier.trade.id, trade.id].sort(),
    );
    // Each names its crop as the seller wrote it (not the lower-cased market key).
    expect(f.recentSales.map((s: { description: string }) => s.description).sort()).toEqual(
      [earlier.trade.id, trade.id].map((id) => `Sale of Maize (marketplace trade #${id})`).sort(),
    );
    // Both are owed, not yet paid: receivables, and the net worth they add.
    expect(f.overview.netWorth).toBe(1002.5);
    const second = await createFarm(t.app, seller, { name: 'Second farm' });
    expect((await financials(seller, second.id)).recentSales).toEqual([]);
  });

  it('books the trades a seller made before having a farm on the first farm they create', async () => {
    const seller = await userWithRole(t.app, t.ctx, 'farmer');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const { trade } = await insertTrade(seller, buyer, null);
    // Creating the farm (farms' `farmCreated` hook, which the orders module fills) books the waiting trade on it.
    const farm = await createFarm(t.app, seller);
    const [posted] = await t.ctx.db.select().from(trades).where(eq(trades.id, trade.id));
    expect(posted?.farmId).toBe(farm.id);
    const f = await financials(seller, farm.id);
    expect(f.recentSales.map((s: { tradeId: number }) => s.tradeId)).toEqual([trade.id]);
  });
});

describe('projections', () => {
  it('projects six months with their method and stores a scenario', async () => {
    const { owner, farm } = await ownerWithFarm();
    const now = today();
    const prev = new Date(Date.UTC(Number(now.slice(0, 4)), Number(now.slice(5, 7)) - 2, 15))
      .toISOString()
      .slice(0, 10);
    await addTransaction(owner, farm.id, { amount: '300', date: prev });
    const res = await call(t.app, owner.cookie, { method: 'GET', url: `/api/farms/${farm.id}/projections` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.fromMonth).toBe(now.slice(0, 7));
    expect(body.months).toHaveLength(6);
    expect(body.months[0]).toMatchObject({ method: 'trailing_3_month_average', income: 300, expense: 0 });
    const stored = await call(t.app, owner.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/projections`,
      payload: { name: 'Good rains', months: [{ month: body.fromMonth, income: '450,50', expense: 100 }] },
    });
    expect(stored.statusCode).toBe(201);
    expect(stored.json().months).toEqual([{ month: body.fromMonth, income: 450.5, expense: 100 }]);
    const again = await call(t.app, owner.cookie, {
      method: 'GET',
      url: `/api/farms/${farm.id}/projections`,
    });
    expect(again.json().scenarios.map((s: { name: string }) => s.name)).toEqual(['Good rains']);
  });
});

describe('projections start after the actuals', () => {
  it('starts next month once this month has figures', async () => {
    const { owner, farm } = await ownerWithFarm();
    const now = today();
    await addTransaction(owner, farm.id, { amount: '120', date: now });
    const res = await call(t.app, owner.cookie, { method: 'GET', url: `/api/farms/${farm.id}/projections` });
    const next = new Date(Date.UTC(Number(now.slice(0, 4)), Number(now.slice(5, 7)), 1))
      .toISOString()
      .slice(0, 7);
    expect(res.json().fromMonth).toBe(next);
    expect(res.json().months[0]).toMatchObject({ month: next, income: 120 });
  });
});

describe('demo seed', () => {
  it('books a balanced year for amina’s farm once, with a loan, a pump and harvest sales', async () => {
    const amina = await registerUser(t.app, { username: 'amina' });
    const farm = await createFarm(t.app, amina);
    await seed(t.ctx);
    const first = await countTransactions(t.ctx.db, farm.id);
    expect(first).toBeGreaterThan(50);
    await seed(t.ctx);
    expect(await countTransactions(t.ctx.db, farm.id)).toBe(first);
    expect((await ledgerIsBalanced(farm.id)).unbalanced).toBe(0);

    const year = await call(t.app, amina.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/reports`,
      payload: { type: 'cash_flow', period: 'yearly', startDate: '2000-01-01', endDate: today() },
    });
    const flow = year.json().data;
    expect(flow.investing).toBe(-1800);
    // Instalments fall on the 5th, the one of this month only once it has come.
    const instalments = Number(today().slice(8, 10)) >= 5 ? 9 : 8;
    expect(flow.financing).toBe(2000 + 3000 - instalments * 250);
    expect(flow.operating).toBeGreaterThan(0);
    const f = await financials(amina, farm.id);
    expect(f.overview.totalLiabilities).toBe(3000 - instalments * 250);
    expect(f.recentSales.length).toBeGreaterThan(0);
    const sheet = await call(t.app, amina.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/reports`,
      payload: { type: 'balance_sheet', period: 'monthly' },
    });
    const { totalAssets, totalLiabilities, totalEquity, assets } = sheet.json().data;
    expect(totalLiabilities + totalEquity).toBeCloseTo(totalAssets, 2);
    expect(assets.equipment).toBe(1800);
  });
});
