import { and, count, eq, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDecimal } from '../../contract/money';
import type { TOrder } from '../../contract/orders';
import { ORDER_STATUSES } from '../../contract/orders-constants';
import { findUserByUsername } from '../auth/user-accounts';
import { firstFarmIdOf } from '../farms/lookups';
import { deliveries, orderEvents, orders } from '../orders/orders.schema';
import { call, createTestApp, sessionCookie, type TestApp } from '../test/harness';
import { DEMO_PASSWORD, DEMO_USERS, ensureDemoUsers } from './accounts';
import { seed as seedFarms } from './farm';
import { seed as seedMarketplace } from './market';
import { seed } from './orders';
import { seed as seedUsers } from './users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The demo start-up's order (server/demo/seed.ts, which only start-up may import), up to the orders.
  await ensureDemoUsers(t.ctx, DEMO_USERS);
  await seedUsers(t.ctx);
  await seedFarms(t.ctx);
  await seedMarketplace(t.ctx);
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

async function ordersOf(cookie: string, query: string): Promise<TOrder[]> {
  const res = await call(t.app, cookie, { method: 'GET', url: `/api/orders?limit=200&${query}` });
  expect(res.statusCode).toBe(200);
  return res.json<TOrder[]>();
}

async function idOf(username: string): Promise<number> {
  const user = await findUserByUsername(t.ctx.db, username);
  if (!user) {
    throw new Error(`${username} missing`);
  }
  return user.id;
}

describe('orders demo data', () => {
  it('gives amina (selling) and kofi (buying) an order to each other in every status', async () => {
    const amina = await login('amina');
    const kofi = await login('kofi');
    for (const status of ORDER_STATUSES) {
      const sold = await ordersOf(amina, `as=seller&status=${status}`);
      expect(
        sold.some((o) => o.buyer.username === 'kofi'),
        status,
      ).toBe(true);
      expect((await ordersOf(kofi, `as=buyer&status=${status}`)).length, status).toBeGreaterThan(0);
    }
    const awaiting = await ordersOf(amina, 'as=seller&status=awaiting_delivery');
    expect(awaiting.some((o) => o.delivery === null)).toBe(true);
    expect(
      awaiting.some((o) => o.delivery?.status === 'assigned' && o.delivery.driver?.username === 'yaw'),
    ).toBe(true);
    const delivered = await ordersOf(amina, 'as=seller&status=delivered');
    expect(delivered.some((o) => o.can.recordPayment && o.payment.due > 0)).toBe(true);
    const disputed = await ordersOf(kofi, 'as=buyer&status=disputed');
    expect(disputed[0]?.dispute).toMatchObject({ reason: 'quantity', resolution: null });
    // The seller's answer, with a photo kofi may open.
    const [photo = ''] = disputed[0]?.dispute?.reply?.photos ?? [];
    expect(disputed[0]?.dispute?.reply?.note).toMatch(/scale ticket/);
    expect((await call(t.app, kofi, { method: 'GET', url: photo })).statusCode).toBe(200);
  });

  it('has delivered and paid the older orders through yaw (one stalled), with their timeline in order', async () => {
    const old = sql`${orders.createdAt} < now() - interval '4 days 1 hour'`;
    const byStatus = await t.ctx.db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .where(old)
      .groupBy(orders.status);
    expect(byStatus.filter((r) => r.status !== 'completed').reduce((n, r) => n + r.n, 0)).toBeLessThanOrEqual(
      1,
    );
    const claire = await login('claire');
    const summary = await call(t.app, claire, { method: 'GET', url: '/api/operations/summary' });
    expect(summary.json().staleDeliveries.map((d: { status: string }) => d.status)).toEqual(['accepted']);
    const [oldest] = await t.ctx.db.select().from(orders).where(old).orderBy(orders.id).limit(1);
    expect(oldest?.paidCents).toBe(oldest?.totalCents);
    const steps = await t.ctx.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, oldest?.id ?? 0))
      .orderBy(orderEvents.id);
    expect(steps.map((s) => s.step)).toEqual([
      'awaiting_delivery',
      'delivery_assigned',
      'delivery_accepted',
      'picked_up',
      'in_transit',
      'delivered',
      'payment',
      'completed',
    ]);
    const times = steps.map((s) => s.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.at(-1)).toBeLessThan(Date.now());
  });

  it('leaves yaw a delivery to accept and others under way', async () => {
    const yaw = await login('yaw');
    const driven = await ordersOf(yaw, 'as=driver');
    expect(driven.some((o) => o.delivery?.status === 'assigned')).toBe(true);
    expect(driven.some((o) => o.delivery?.status === 'picked_up')).toBe(true);
  });

  it('makes fatou amina’s agent, with a listing for her and a commission on its completed order', async () => {
    const fatou = await login('fatou');
    const links = (await call(t.app, fatou, { method: 'GET', url: '/api/agent-links' })).json<
      { farmer: { username: string }; status: string }[]
    >();
    expect(links.map((l) => [l.farmer.username, l.status]).sort()).toEqual([
      ['amina', 'active'],
      ['moussa', 'pending'],
    ]);
    const agentOrders = await ordersOf(fatou, 'as=agent');
    expect(agentOrders.map((o) => [o.seller.username, o.status])).toContainEqual(['amina', 'completed']);
    const commissions = (await call(t.app, fatou, { method: 'GET', url: '/api/commissions' })).json<{
      items: { farmer: { username: string }; amount: number }[];
      totalAllTime: number;
    }>();
    expect(commissions.items.map((c) => c.farmer.username)).toEqual(['amina']);
    expect(commissions.totalAllTime).toBeGreaterThan(0);
  });

  it('keeps amina’s books balanced, her receivables what her buyers still owe', async () => {
    const aminaId = await idOf('amina');
    const farmId = await firstFarmIdOf(t.ctx.db, aminaId);
    const sheet = await call(t.app, await login('amina'), {
      method: 'POST',
      url: `/api/farms/${farmId}/reports`,
      payload: { type: 'balance_sheet', period: 'monthly' },
    });
    expect(sheet.statusCode).toBe(201);
    const { totalAssets, totalLiabilities, totalEquity, assets } = sheet.json().data;
    expect(totalLiabilities + totalEquity).toBeCloseTo(totalAssets, 2);
    const [owed] = await t.ctx.db
      .select({
        cents: sql<string>`sum(${orders.totalCents} - ${orders.paidCents} - ${orders.refundedCents})::text`,
      })
      .from(orders)
      .where(and(eq(orders.farmId, farmId ?? 0), notInArray(orders.status, ['cancelled'])));
    expect(assets.receivables).toBe(centsToDecimal(Number(owed?.cents)));
  });

  it('seeds once', async () => {
    const [before] = await t.ctx.db.select({ n: count() }).from(deliveries);
    await seed(t.ctx);
    const [after] = await t.ctx.db.select({ n: count() }).from(deliveries);
    expect(after?.n).toBe(before?.n);
  });
});
