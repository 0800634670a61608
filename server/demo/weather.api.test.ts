import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNotification } from '../../contract/notifications';
import type { TFarmWeather } from '../../contract/weather';
import { users } from '../db/schema';
import { farms } from '../farms/farms.schema';
import { call, createTestApp, nextIp, sessionCookie, type TestApp } from '../test/harness';
import { farmWeather, weatherFarm } from '../weather';
import { DEMO_PASSWORD, DEMO_USERS, ensureDemoUsers } from './accounts';
import { seed as seedCoops } from './coops';
import { seed as seedCrops } from './crops';
import { seed as seedFarms } from './farm';
import { seed as seedFinance } from './finance';
import { seed as seedMarketplace } from './market';
import { seed as seedNetwork } from './network';
import { seed as seedOrders } from './orders';
import { seed as seedPayments } from './payments';
import { seed as seedStock } from './stock';
import { seed as seedUsers } from './users';
import { seed } from './weather';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The demo start-up's order (server/demo/seed.ts): the weather comes last, once every farm and plan exists.
  await ensureDemoUsers(t.ctx, DEMO_USERS);
  for (const step of [
    seedUsers,
    seedFarms,
    seedMarketplace,
    seedOrders,
    seedPayments,
    seedNetwork,
    seedFinance,
    seedCrops,
    seedStock,
    seedCoops,
    seed,
  ]) {
    await step(t.ctx);
  }
}, 300_000);
afterAll(async () => {
  await t.close();
});

async function signIn(username: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: nextIp(),
    payload: { username, password: DEMO_PASSWORD },
  });
}

async function login(username: string): Promise<string> {
  const res = await signIn(username);
  expect(res.statusCode, `${username}: ${res.body}`).toBe(200);
  return sessionCookie(res);
}

/**
 * The farm's weather as its owner's page reads it (`GET /api/farms/:id/weather`); for a farm of an account that
 * signs in with no password of the demo's (a cooperative's), what that route answers, through the weather face.
 */
async function weatherOf(username: string, farmId: number): Promise<TFarmWeather> {
  const res = await signIn(username);
  if (res.statusCode !== 200) {
    const farm = await weatherFarm(t.ctx.db, farmId);
    expect(farm).not.toBeNull();
    return farmWeather(t.ctx, farm as NonNullable<typeof farm>);
  }
  const weather = await call(t.app, sessionCookie(res), {
    method: 'GET',
    url: `/api/farms/${farmId}/weather`,
  });
  expect(weather.statusCode, weather.body).toBe(200);
  return weather.json<TFarmWeather>();
}

/** Every farm (all of them the demo's) with its owner's username, and whether it has a position (not 0, 0). */
async function demoFarms(): Promise<{ username: string; farmId: number; placed: boolean }[]> {
  return t.ctx.db
    .select({
      username: users.username,
      farmId: farms.id,
      placed: sql<boolean>`(${farms.latitude} <> 0 or ${farms.longitude} <> 0)`,
    })
    .from(farms)
    .innerJoin(users, eq(users.id, farms.ownerId))
    .orderBy(asc(farms.id));
}

describe('the demo weather', () => {
  it("gives every demo farm its generated weather, labelled 'demo', with a 7-day forecast", async () => {
    const farms = await demoFarms();
    expect(farms.filter((f) => f.placed).length).toBeGreaterThanOrEqual(4);
    for (const { username, farmId, placed } of farms) {
      const weather = await weatherOf(username, farmId);
      if (!placed) {
        // A farm made for a seller's books waits for its position: no weather is made up for the sea at 0, 0.
        expect(weather).toMatchObject({ status: 'no_location', source: null, forecast: [] });
        continue;
      }
      expect(weather.source).toBe('demo');
      expect(weather.status).toBe('ok');
      expect(weather.forecast).toHaveLength(7);
      for (const day of weather.forecast) {
        expect(day.rainMm).not.toBeNull();
        expect(day.et0Mm).toBeGreaterThan(0);
      }
      expect(weather.rain30Mm).not.toBeNull();
    }
  });

  it("sends amina one weather alert, for her farm's generated heavy rain", async () => {
    const cookie = await login('amina');
    const res = await call(t.app, cookie, { method: 'GET', url: '/api/notifications' });
    expect(res.statusCode).toBe(200);
    const alerts = res.json<TNotification[]>().filter((n) => n.type === 'weather_alert');
    expect(alerts).toHaveLength(1);
    const amina = (await demoFarms()).find((f) => f.username === 'amina');
    const weather = (
      await call(t.app, cookie, { method: 'GET', url: `/api/farms/${amina?.farmId}/weather` })
    ).json<TFarmWeather>();
    expect(weather.alerts.map((a) => a.kind)).toContain('heavy_rain');
  });

  it('runs the analyses of a farm with no sensor readings on the demo weather', async () => {
    const esi = (await demoFarms()).find((f) => f.username === 'esi');
    expect(esi).toBeDefined();
    const cookie = await login('esi');
    const res = await call(t.app, cookie, {
      method: 'POST',
      url: `/api/farms/${esi?.farmId}/analytics/generate`,
      payload: { type: 'resource_optimization' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.inputs.weather.used).toBe('provider');
  });
});
