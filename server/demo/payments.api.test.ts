import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrder } from '../../contract/orders';
import type { TWaitingPayout } from '../../contract/payments';
import { call, createTestApp, sessionCookie, type TestApp } from '../test/harness';
import { DEMO_PASSWORD, DEMO_USERS, ensureDemoUsers } from './accounts';
import { seed as seedFarms } from './farm';
import { seed as seedMarketplace } from './market';
import { seed as seedOrders } from './orders';
import { seed } from './payments';
import { seed as seedUsers } from './users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The demo start-up's order (server/demo/seed.ts), up to the payments.
  await ensureDemoUsers(t.ctx, DEMO_USERS);
  await seedUsers(t.ctx);
  await seedFarms(t.ctx);
  await seedMarketplace(t.ctx);
  await seedOrders(t.ctx);
  await seed(t.ctx);
  // Idempotent: a second start adds nothing.
  await seed(t.ctx);
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function login(username: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: DEMO_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return sessionCookie(res);
}

async function get<T>(cookie: string, url: string): Promise<T> {
  const res = await call(t.app, cookie, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

describe('payments demo data', () => {
  it('has kofi orders paid into escrow, one still on the road, and a payment that failed for want of funds', async () => {
    const kofi = await login('kofi');
    const orders = await get<TOrder[]>(kofi, '/api/orders?as=buyer&limit=200');
    const held = orders.filter((o) => o.escrow.held > 0);
    expect(held.length).toBeGreaterThanOrEqual(2);
    expect(held.some((o) => o.status === 'in_transit')).toBe(true);
    const failed = orders.flatMap((o) => o.mobilePayments).filter((p) => p.status === 'failed');
    expect(failed).toEqual([expect.objectContaining({ failureReason: 'not_enough_funds' })]);
  });

  it('has a payout waiting for a manager, and operator books that balance', async () => {
    const claire = await login('claire');
    const waiting = await get<TWaitingPayout[]>(claire, '/api/operations/payouts');
    expect(waiting.length).toBeGreaterThanOrEqual(1);
    expect(waiting[0]).toMatchObject({ kind: 'seller', status: 'pending' });
    const escrow = await get<{ held: number; collected: number; paidOut: number; refunded: number }>(
      claire,
      '/api/operations/escrow',
    );
    expect(escrow.collected).toBeGreaterThan(0);
    expect(escrow.held).toBe(escrow.collected - escrow.paidOut - escrow.refunded);
  });
});
