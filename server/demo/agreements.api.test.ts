// The forward agreements demo through the real server: kofi's agreements with amina and the Mifi co-operative, one
// in each state; the farms' and the operator's books balance; amina sees hers (the active one on her maize plan, its
// deposit held and advance outstanding, a delivery as an order) and her Futures tab counts them; kofi sees all of
// his; celestin sees the co-operative's; and the demo seeds once.
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TForwardAgreement, TFutures } from '../../contract/forward-agreements';
import { forwardAgreements } from '../agreements/agreements.schema';
import { rowsOf } from '../db/client';
import { call, createTestApp, ok, sessionCookie, type TestApp } from '../test/harness';
import { DEMO_PASSWORD, DEMO_USERS, ensureDemoUsers } from './accounts';
import { seed } from './agreements';
import { DEMO_AGREEMENTS } from './agreements-data';
import { seed as seedCoops } from './coops';
import { COOP_ADMIN } from './coops-data';
import { seed as seedCrops } from './crops';
import { seed as seedFarms } from './farm';
import { seed as seedFinance } from './finance';
import { seed as seedMarketplace } from './market';
import { seed as seedOrders } from './orders';
import { seed as seedPayments } from './payments';
import { seed as seedUsers } from './users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The demo start-up's order (server/demo/seed.ts), the steps the agreements build on: the people, farms, market,
  // orders and payments (kofi's proven number), the books, amina's crop plans and the co-operative.
  await ensureDemoUsers(t.ctx, DEMO_USERS);
  for (const step of [
    seedUsers,
    seedFarms,
    seedMarketplace,
    seedOrders,
    seedPayments,
    seedFinance,
    seedCrops,
    seedCoops,
    seed,
  ]) {
    await step(t.ctx);
  }
}, 180_000);
afterAll(async () => {
  await t.close();
});

async function get<T>(username: string, url: string): Promise<T> {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: DEMO_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  return ok<T>(await call(t.app, sessionCookie(login), { method: 'GET', url }));
}

const listOf = async (username: string) =>
  (await get<{ data: TForwardAgreement[] }>(username, '/api/forward-agreements')).data;

describe('forward agreements demo data', () => {
  it('gives kofi one agreement in each state, with amina and with the co-operative', async () => {
    const mine = await listOf('kofi');
    expect(mine).toHaveLength(DEMO_AGREEMENTS.length);
    expect(new Set(mine.map((a) => a.status))).toEqual(new Set(DEMO_AGREEMENTS.map((d) => d.end)));
    expect(mine.every((a) => a.buyer.username === 'kofi')).toBe(true);
    const withCoop = mine.filter((a) => a.group !== null);
    expect(withCoop).toHaveLength(DEMO_AGREEMENTS.filter((d) => d.seller === 'coop').length);
    expect(mine.find((a) => a.status === 'proposed')).toMatchObject({
      turn: 'seller',
      seller: { username: 'amina' },
    });
    expect(mine.find((a) => a.status === 'countered')).toMatchObject({ turn: 'buyer', countered: true });
    expect(mine.find((a) => a.status === 'accepted')?.depositPayment).toBeNull();
    // Open windows are coming, ended ones are past.
    const today = new Date().toISOString().slice(0, 10);
    for (const a of mine) {
      if (['fulfilled', 'partly_fulfilled', 'defaulted_by_seller'].includes(a.status)) {
        expect(a.deliveryTo < today, `${a.status} ends in the past`).toBe(true);
        expect(a.depositHeld).toBe(0);
      } else {
        expect(a.deliveryTo > today, `${a.status} ends in the future`).toBe(true);
      }
    }
    const fulfilled = mine.find((a) => a.status === 'fulfilled');
    expect(fulfilled?.deliveries.map((d) => d.status)).toEqual(['completed']);
    const partly = mine.find((a) => a.status === 'partly_fulfilled');
    expect(partly?.delivered).toBeGreaterThan(0);
    expect(partly?.delivered).toBeLessThan(partly?.quantity ?? 0);
    expect(mine.find((a) => a.status === 'defaulted_by_seller')?.delivered).toBe(0);
  });

  it('shows amina hers: the active one on her maize plan, its deposit held, its advance, a delivery as an order', async () => {
    const hers = await listOf('amina');
    expect(hers.length).toBe(DEMO_AGREEMENTS.filter((d) => d.seller === 'amina').length);
    const active = hers.find((a) => a.status === 'active');
    expect(active).toBeDefined();
    expect(active?.plan).toMatchObject({ status: 'active' });
    expect(active?.depositHeld).toBeGreaterThan(0);
    expect(active?.advanceOutstanding).toBeGreaterThan(0);
    expect(active?.deliveries).toHaveLength(1);
    expect(active?.deliveries[0]?.status).toBe('awaiting_delivery');
    expect(active?.remaining).toBeGreaterThan(0);

    const futures = await get<TFutures>('amina', '/api/financial/futures');
    expect(futures.contracted).toBeGreaterThan(0);
    expect(futures.delivered).toBeGreaterThan(0);
    expect(futures.toDeliver).toBeGreaterThan(0);
    expect(futures.depositsHeld).toBeGreaterThan(0);
    expect(futures.byMonth.length).toBeGreaterThan(0);
    expect(futures.byMonth.every((m) => m.expected > 0)).toBe(true);
  });

  it("shows celestin the co-operative's, and kofi his Futures as a buyer", async () => {
    const coops = await listOf(COOP_ADMIN);
    expect(coops.length).toBe(DEMO_AGREEMENTS.filter((d) => d.seller === 'coop').length);
    expect(coops.every((a) => a.group !== null)).toBe(true);
    const futures = await get<TFutures>('kofi', '/api/financial/futures');
    expect(futures.agreements).toHaveLength(DEMO_AGREEMENTS.length);
    expect(futures.contracted).toBeGreaterThan(0);
  });

  it("balances every farm's books and the operator's books", async () => {
    const [farm] = rowsOf<{ d: string; c: string }>(
      await t.ctx.db.execute(sql`select sum(debit_cents) as d, sum(credit_cents) as c from journal_lines`),
    );
    expect(farm?.d).toBe(farm?.c);
    const [op] = rowsOf<{ d: string; c: string }>(
      await t.ctx.db.execute(sql`select sum(debit_cents) as d, sum(credit_cents) as c from operator_lines`),
    );
    expect(op?.d).toBe(op?.c);
  });

  it('seeds once', async () => {
    await seed(t.ctx);
    const [row] = await t.ctx.db.select({ n: count() }).from(forwardAgreements);
    expect(row?.n).toBe(DEMO_AGREEMENTS.length);
  });
});
