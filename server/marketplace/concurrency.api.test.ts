// Under concurrent load: accepts over overlapping bids never oversell, and every farm ledger stays balanced.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries, journalLines } from '../finance/finance.schema';
import { createFarm, userWithRole } from '../test/factories';
import { call, createTestApp, type TestApp } from '../test/harness';
import { commodities, trades } from './marketplace.schema';

/** Each scenario runs this many times on fresh users and farms: 1 in npm test, more in test:stress. */
const ROUNDS = Number(process.env.CONCURRENCY_ROUNDS ?? 1);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Debits minus credits over a farm's whole journal, and the number of entries that do not balance. */
async function trialBalance(farmId: number) {
  const [total] = await t.ctx.db
    .select({
      debit: sql<string>`coalesce(sum(${journalLines.debitCents}), 0)`,
      credit: sql<string>`coalesce(sum(${journalLines.creditCents}), 0)`,
      lines: sql<string>`count(*)`,
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(eq(journalEntries.farmId, farmId));
  const unbalanced = await t.ctx.db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .innerJoin(journalLines, eq(journalEntries.id, journalLines.entryId))
    .where(eq(journalEntries.farmId, farmId))
    .groupBy(journalEntries.id)
    .having(sql`sum(${journalLines.debitCents}) <> sum(${journalLines.creditCents})`);
  return {
    difference: Number(total?.debit ?? 0) - Number(total?.credit ?? 0),
    lines: Number(total?.lines ?? 0),
    unbalanced: unbalanced.length,
  };
}

/** 50 accepts at once over 5 listings of 10 t, each with 10 bids of 3 t: exactly 3 sell per listing. */
async function overlappingAccepts() {
  const farmer = await userWithRole(t.app, t.ctx, 'farmer');
  const farm = await createFarm(t.app, farmer);
  const buyers = await Promise.all(Array.from({ length: 10 }, () => userWithRole(t.app, t.ctx, 'buyer')));
  const listings: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const res = await call(t.app, farmer.cookie, {
      method: 'POST',
      url: '/api/commodities',
      payload: { name: 'Maize', quantity: 10, price: 200, grade: 'A', farmId: farm.id },
    });
    expect(res.statusCode).toBe(201);
    listings.push(res.json<{ id: number }>().id);
  }
  // Ten buyers want 3 t of each 10 t listing: 30 t asked of 10 t, so at most 3 accepts per listing fit.
  const bids: number[] = [];
  for (const listing of listings) {
    for (const buyer of buyers) {
      const res = await call(t.app, buyer.cookie, {
        method: 'POST',
        url: '/api/bids',
        payload: { commodityId: listing, price: 210, quantity: 3 },
      });
      expect(res.statusCode).toBe(201);
      bids.push(res.json<{ id: number }>().id);
    }
  }
  expect(bids).toHaveLength(50);
  const answers = await Promise.all(
    bids.map((id) =>
      call(t.app, farmer.cookie, {
        method: 'PATCH',
        url: `/api/bids/${id}`,
        payload: { status: 'accepted' },
      }),
    ),
  );
  const statuses = answers.map((r) => r.statusCode);
  expect(
    statuses.filter((s) => s !== 200 && s !== 409),
    JSON.stringify(statuses),
  ).toEqual([]);
  expect(statuses.filter((s) => s === 200)).toHaveLength(15);
  for (const listing of listings) {
    const sold = await t.ctx.db
      .select({ kg: sql<string>`coalesce(sum(${trades.quantityKg}), 0)`, n: sql<string>`count(*)` })
      .from(trades)
      .where(eq(trades.commodityId, listing));
    const [row] = await t.ctx.db.select().from(commodities).where(eq(commodities.id, listing));
    expect(Number(sold[0]?.kg)).toBe(9000);
    expect(Number(sold[0]?.n)).toBe(3);
    expect(row?.quantityKg).toBe(1000);
    expect(row?.status).toBe('available');
  }
  const balance = await trialBalance(farm.id);
  expect(balance.lines).toBeGreaterThan(0);
  expect(balance).toMatchObject({ difference: 0, unbalanced: 0 });
}

/** 20 transactions at once, then 16 reversals (each sent twice), 10 transactions and 10 sales at once. */
async function mixedLedgerWrites() {
  const owner = await userWithRole(t.app, t.ctx, 'farmer');
  const farm = await createFarm(t.app, owner);
  const today = new Date().toISOString().slice(0, 10);
  const post = (url: string, payload?: object) =>
    call(t.app, owner.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}${url}`,
      ...(payload ? { payload } : {}),
    });
  const first = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      post('/transactions', {
        type: i % 2 ? 'income' : 'expense',
        category: i % 2 ? 'produce_sales' : 'seeds',
        amount: `${i + 1}.${String(i * 7)
          .padStart(2, '0')
          .slice(-2)}`,
        date: today,
      }),
    ),
  );
  expect(first.map((r) => r.statusCode)).toEqual(first.map(() => 201));
  const ids = first.map((r) => r.json<{ id: number }>().id);
  // Reversals (each sent twice at once), new transactions and sales, all together.
  const mixed = await Promise.all([
    ...ids
      .slice(0, 8)
      .flatMap((id) => [post(`/transactions/${id}/reversal`), post(`/transactions/${id}/reversal`)]),
    ...Array.from({ length: 10 }, (_, i) =>
      post('/transactions', { type: 'expense', category: 'fuel', amount: 3.33 + i, date: today }),
    ),
    ...Array.from({ length: 10 }, (_, i) =>
      post('/sales', {
        type: 'custom',
        date: today,
        quantity: 0.125 * (i + 1),
        pricePerUnit: 99.99,
        paid: i % 2 === 0,
      }),
    ),
  ]);
  const codes = mixed.map((r) => r.statusCode);
  expect(
    codes.filter((c) => c >= 500),
    JSON.stringify(codes),
  ).toEqual([]);
  const reversals = codes.slice(0, 16);
  expect(reversals.filter((c) => c === 201)).toHaveLength(8);
  expect(codes.slice(16).every((c) => c === 201)).toBe(true);
  const balance = await trialBalance(farm.id);
  expect(balance).toMatchObject({ difference: 0, unbalanced: 0 });
  const overview = await call(t.app, owner.cookie, {
    method: 'GET',
    url: `/api/farms/${farm.id}/financials`,
  });
  expect(overview.statusCode).toBe(200);
}

describe('concurrency', () => {
  it(`${ROUNDS} × 50 concurrent accepts over listings with overlapping bids never oversell`, {
    timeout: 30_000 * ROUNDS,
  }, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      await overlappingAccepts();
    }
  });

  it(`keeps a farm ledger balanced under ${ROUNDS} × 56 concurrent transactions, sales and reversals`, {
    timeout: 30_000 * ROUNDS,
  }, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      await mixedLedgerWrites();
    }
  });
});
