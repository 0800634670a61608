import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PLAN_STATUSES,
  type TCropPlanDetails,
  type TCropPlans,
  type TPlots,
  type TTasks,
} from '../../contract/crop-plans';
import { findUserByUsername } from '../auth/user-accounts';
import { cropPlans, plots } from '../crops/crops.schema';
import { firstFarmIdOf } from '../farms/lookups';
import { addDays } from '../finance/periods';
import { call, createTestApp, sessionCookie, type TestApp } from '../test/harness';
import { DEMO_PASSWORD, DEMO_USERS, ensureDemoUsers } from './accounts';
import { seed } from './crops';
import { seed as seedFarms } from './farm';
import { seed as seedFinance } from './finance';
import { seed as seedMarketplace } from './market';
import { seed as seedOrders } from './orders';
import { seed as seedUsers } from './users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The demo start-up's order (server/demo/seed.ts), the steps the crops build on: farms, listings, fatou's link
  // to amina (orders) and the year's books.
  await ensureDemoUsers(t.ctx, DEMO_USERS);
  await seedUsers(t.ctx);
  await seedFarms(t.ctx);
  await seedMarketplace(t.ctx);
  await seedOrders(t.ctx);
  await seedFinance(t.ctx);
  await seed(t.ctx);
}, 180_000);
afterAll(async () => {
  await t.close();
});

const today = () => new Date().toISOString().slice(0, 10);

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

async function farmOf(username: string): Promise<number> {
  const user = await findUserByUsername(t.ctx.db, username);
  const farmId = user ? await firstFarmIdOf(t.ctx.db, user.id) : null;
  if (farmId === null) {
    throw new Error(`${username} has no farm`);
  }
  return farmId;
}

/** The farmer's plans with their pages. */
async function plansOf(cookie: string, farmId: number): Promise<TCropPlanDetails[]> {
  const { plans } = await get<TCropPlans>(cookie, `/api/farms/${farmId}/crop-plans`);
  return Promise.all(plans.map((p) => get<TCropPlanDetails>(cookie, `/api/crop-plans/${p.id}`)));
}

describe('crops demo data', () => {
  it.each(['amina', 'moussa'])(
    'gives %s two plots within the farm and a plan in every status over two seasons',
    async (username) => {
      const cookie = await login(username);
      const farmId = await farmOf(username);
      const found = await get<TPlots>(cookie, `/api/farms/${farmId}/plots`);
      expect(found.plots.length).toBeGreaterThanOrEqual(2);
      expect(found.plottedArea).toBeLessThanOrEqual(found.farmSize);
      const plans = await plansOf(cookie, farmId);
      expect(new Set(plans.map((p) => p.status))).toEqual(new Set(PLAN_STATUSES));
      expect(new Set(plans.map((p) => p.season)).size).toBeGreaterThanOrEqual(2);
      const abandoned = plans.find((p) => p.status === 'abandoned');
      expect(abandoned?.abandoned?.note).toBeTruthy();
      const planned = plans.find((p) => p.status === 'planned');
      expect((planned?.plantingDate ?? '') > today()).toBe(true);
      // Inputs booked, harvests in bags with stored and sold parts, a sale that gives the plan a margin.
      expect(plans.flatMap((p) => p.inputs).length).toBeGreaterThanOrEqual(4);
      const harvested = plans.find((p) => p.status === 'harvested');
      expect(harvested?.harvests.length).toBeGreaterThanOrEqual(2);
      expect(harvested?.harvests.every((h) => h.entered.unit.startsWith('bag'))).toBe(true);
      expect(harvested?.harvests.some((h) => h.uses.stored > 0 && h.uses.sold > 0)).toBe(true);
      expect(harvested?.money.sales).toBeGreaterThan(0);
      expect(harvested?.money.inputs).toBeGreaterThan(0);
      expect(harvested?.money.costPerTon).toBeGreaterThan(0);
    },
  );

  it.each(['amina', 'moussa'])('gives %s tasks done, overdue and due this week', async (username) => {
    const { tasks } = await get<TTasks>(await login(username), '/api/tasks');
    const now = today();
    expect(tasks.some((task) => task.status === 'done')).toBe(true);
    expect(tasks.some((task) => task.status === 'open' && task.due < now)).toBe(true);
    expect(
      tasks.some((task) => task.status === 'open' && task.due >= now && task.due <= addDays(now, 7)),
    ).toBe(true);
  });

  it('shows what fatou recorded for amina, whom she represents', async () => {
    const plans = await plansOf(await login('amina'), await farmOf('amina'));
    const byFatou = (person: { username: string } | null) => person?.username === 'fatou';
    expect(plans.some((p) => p.status === 'planned' && byFatou(p.recordedBy))).toBe(true);
    expect(plans.flatMap((p) => p.harvests).some((h) => byFatou(h.recordedBy))).toBe(true);
    expect(plans.flatMap((p) => p.tasks).some((task) => byFatou(task.recordedBy))).toBe(true);
    const { tasks } = await get<TTasks>(await login('fatou'), '/api/tasks');
    expect(tasks.some((task) => task.farmName === 'Ferme de la Mifi')).toBe(true);
  });

  it.each(['amina', 'moussa'])(
    'keeps %s’s books balanced with the inputs and sales in them',
    async (username) => {
      const farmId = await farmOf(username);
      const sheet = await call(t.app, await login(username), {
        method: 'POST',
        url: `/api/farms/${farmId}/reports`,
        payload: { type: 'balance_sheet', period: 'monthly' },
      });
      expect(sheet.statusCode).toBe(201);
      const { totalAssets, totalLiabilities, totalEquity } = sheet.json().data;
      expect(totalLiabilities + totalEquity).toBeCloseTo(totalAssets, 2);
    },
  );

  it('seeds once', async () => {
    const counts = async () => [
      (await t.ctx.db.select({ n: count() }).from(plots))[0]?.n,
      (await t.ctx.db.select({ n: count() }).from(cropPlans))[0]?.n,
    ];
    const before = await counts();
    await seed(t.ctx);
    expect(await counts()).toEqual(before);
  });
});

describe('crops demo data on a farm made through the farms service', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
    await ensureDemoUsers(app.ctx, DEMO_USERS);
  }, 60_000);
  afterAll(async () => {
    await app.close();
  });

  it('makes the farm’s own first plot its first, shrunk with its plan, and adds no second plan of its crop', async () => {
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'amina', password: DEMO_PASSWORD },
    });
    const cookie = sessionCookie(res);
    const made = await call(app.app, cookie, {
      method: 'POST',
      url: '/api/farms',
      payload: {
        name: 'Ferme de la Mifi',
        size: 2.5,
        latitude: 5.48,
        longitude: 10.42,
        elevation: 1450,
        crop: 'maize',
        plantingDate: addDays(today(), -100),
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const farmId = made.json<{ id: number }>().id;
    await seed(app.ctx);
    const found = (
      await call(app.app, cookie, { method: 'GET', url: `/api/farms/${farmId}/plots` })
    ).json<TPlots>();
    expect(found.plots.map((p) => [p.name, p.area])).toEqual([
      ['Champ du haut', 1.5],
      ['Bas-fond', 1],
    ]);
    const { plans } = (
      await call(app.app, cookie, { method: 'GET', url: `/api/farms/${farmId}/crop-plans` })
    ).json<TCropPlans>();
    expect(new Set(plans.map((p) => p.status))).toEqual(new Set(PLAN_STATUSES));
    expect(plans.filter((p) => p.crop === 'maize').map((p) => p.area)).toEqual([1.5]);
  });
});
