// The farm pages' cached answers (GET /analytics, GET /financials): every write that changes them shows at the next
// read, on this instance and on another one; the farm guard still decides who reads; the analytics answer stays small.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DAY_MS, HOUR_MS } from '../../contract/constants';
import { SENSOR_TYPES } from '../../contract/crops';
import { MAX_POINTS_PER_TYPE } from '../../contract/farm-data';
import { createFarm, userWithRole } from '../test/factories';
import {
  call,
  createSecondInstance,
  createTestApp,
  drainBus,
  noticesDuring,
  type Session,
  type TestApp,
} from '../test/harness';
import { syntheticReadings } from './agronomy/synthetic-weather';
import { demoWeather } from './demo-weather';

const onPostgres = process.env.TEST_DB === 'postgres';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;

function weather(days: number, start = today - (days + 1) * DAY_MS) {
  return syntheticReadings({ start: isoDay(start), days }).map((r) => ({
    timestamp: r.timestamp.toISOString(),
    type: r.type,
    value: r.value,
  }));
}

async function send(
  app: TestApp,
  session: Session,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
) {
  return call(app.app, session.cookie, { method, url, ...(payload ? { payload } : {}) });
}

async function created(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(201);
}

async function read(session: Session, farmId: number, page: 'analytics' | 'financials', app = t) {
  const res = await send(app, session, 'GET', `/api/farms/${farmId}/${page}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The spec's sensor data, as a client written against it reads it: a list of {timestamp, value} (with the type). */
const ZSpecSensorData = z.array(
  z.strictObject({ timestamp: z.iso.datetime(), value: z.number(), type: z.enum(SENSOR_TYPES) }),
);

async function upload(owner: Session, farmId: number, readings: readonly object[]) {
  for (let i = 0; i < readings.length; i += 10_000) {
    await created(
      await send(t, owner, 'POST', `/api/farms/${farmId}/sensor-data`, {
        readings: readings.slice(i, i + 10_000),
      }),
    );
  }
}

async function ownerWithFarm(app = t) {
  const owner = await userWithRole(app.app, app.ctx, 'farmer');
  const farm = await createFarm(app.app, owner, { plantingDate: isoDay(today - 60 * DAY_MS) });
  return { owner, farm };
}

async function addMember(owner: Session, farmId: number, role: 'viewer' | 'worker' | 'manager') {
  const user = await userWithRole(t.app, t.ctx, 'farmer');
  await created(await send(t, owner, 'POST', `/api/farms/${farmId}/members`, { userId: user.user.id, role }));
  return user;
}

const expense = (amount: number) => ({ type: 'expense', category: 'seeds', amount, date: isoDay(today) });

describe('GET /analytics from the cache', () => {
  it('shows readings, surveys and results written after it was cached', async () => {
    const { owner, farm } = await ownerWithFarm();
    const base = `/api/farms/${farm.id}`;
    expect((await read(owner, farm.id, 'analytics')).latestReadingAt).toBeNull();
    await created(await send(t, owner, 'POST', `${base}/sensor-data`, { readings: weather(3) }));
    const withReadings = await read(owner, farm.id, 'analytics');
    expect(withReadings.sensorData.length).toBeGreaterThan(0);

    await created(await send(t, owner, 'POST', `${base}/surveys`, { date: isoDay(today), irrigationMm: 4 }));
    expect((await read(owner, farm.id, 'analytics')).surveys).toHaveLength(1);

    await created(await send(t, owner, 'POST', `${base}/analytics/generate`, { type: 'pest_risk' }));
    expect((await read(owner, farm.id, 'analytics')).analytics.map((a: { type: string }) => a.type)).toEqual([
      'pest_risk',
    ]);

    // A CSV upload too, and another query's answer is cached apart from the default one.
    const later = new Date(today + 3_600_000).toISOString();
    const csv = await call(t.app, owner.cookie, {
      method: 'POST',
      url: `${base}/sensor-data.csv`,
      headers: { 'content-type': 'text/csv' },
      body: `${later},temperature,30\n`,
    });
    await created(csv);
    expect((await read(owner, farm.id, 'analytics')).latestReadingAt).toBe(later);
    const typed = await send(t, owner, 'GET', `${base}/analytics?type=temperature`);
    expect(new Set(typed.json().sensorData.map((s: { type: string }) => s.type))).toEqual(
      new Set(['temperature']),
    );
  });

  it('shows the farm as it is now, with the role of whoever reads it', async () => {
    const { owner, farm } = await ownerWithFarm();
    const viewer = await addMember(owner, farm.id, 'viewer');
    expect((await read(owner, farm.id, 'analytics')).farm.myRole).toBe('owner');
    expect((await read(viewer, farm.id, 'analytics')).farm.myRole).toBe('viewer');
    const renamed = await send(t, owner, 'PATCH', `/api/farms/${farm.id}`, { name: 'Renamed farm' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await read(viewer, farm.id, 'analytics')).farm.name).toBe('Renamed farm');
  });

  it('still keeps non-members out (404) when the farm is cached, and a removed member at once', async () => {
    const { owner, farm } = await ownerWithFarm();
    const worker = await addMember(owner, farm.id, 'worker');
    await read(owner, farm.id, 'analytics');
    await read(owner, farm.id, 'financials');
    const stranger = await userWithRole(t.app, t.ctx, 'farmer');
    for (const page of ['analytics', 'financials']) {
      expect((await send(t, stranger, 'GET', `/api/farms/${farm.id}/${page}`)).statusCode).toBe(404);
    }
    expect((await read(worker, farm.id, 'financials')).overview).toBeDefined();
    const removed = await call(t.app, owner.cookie, {
      method: 'DELETE',
      url: `/api/farms/${farm.id}/members/${worker.user.id}`,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    for (const page of ['analytics', 'financials']) {
      expect((await send(t, worker, 'GET', `/api/farms/${farm.id}/${page}`)).statusCode).toBe(404);
    }
  });

  it('answers a year of hourly data in ≤ 30 KB gzip, the spec’s sensor data within the chart budget; the CSV has it all', async () => {
    const { owner, farm } = await ownerWithFarm();
    const year = weather(365, today - 366 * DAY_MS);
    await upload(owner, farm.id, year);
    for (const query of ['', `?from=${isoDay(today - 370 * DAY_MS)}`]) {
      const res = await send(t, owner, 'GET', `/api/farms/${farm.id}/analytics${query}`);
      expect(gzipSync(res.rawPayload).length).toBeLessThanOrEqual(30 * 1024);
      const sensorData = ZSpecSensorData.parse(res.json().sensorData);
      const perType = new Map<string, typeof sensorData>();
      for (const point of sensorData) {
        perType.set(point.type, [...(perType.get(point.type) ?? []), point]);
      }
      expect(perType.size).toBeGreaterThan(1);
      for (const [type, points] of perType) {
        expect(points.length).toBeLessThanOrEqual(MAX_POINTS_PER_TYPE);
        // Hourly types fill the budget's bucket grid; solar radiation comes once a day.
        expect(points.length, type).toBeGreaterThan(type === 'solar_radiation' ? 25 : 150);
        const times = points.map((p) => Date.parse(p.timestamp));
        expect(times).toEqual([...times].sort((a, b) => a - b));
      }
    }

    const csv = await send(t, owner, 'GET', `/api/farms/${farm.id}/sensor-data.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trimEnd().split('\n');
    expect(lines[0]).toBe('timestamp,type,value');
    expect(lines.length - 1).toBe(year.length);
    const sent = new Set(year.map((r) => `${r.timestamp},${r.type},${r.value}`));
    expect(lines.slice(1).every((line) => sent.has(line))).toBe(true);
    const stranger = await userWithRole(t.app, t.ctx, 'farmer');
    expect((await send(t, stranger, 'GET', `/api/farms/${farm.id}/sensor-data.csv`)).statusCode).toBe(404);
  });

  it('keeps the demo farm’s year of hourly weather light: all types ≤ 30 KB gzip, the web’s temperature far less', async () => {
    const { owner, farm } = await ownerWithFarm();
    const lastHour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - HOUR_MS;
    const year = demoWeather({
      start: new Date(lastHour - (365 * 24 - 1) * HOUR_MS),
      hours: 365 * 24,
      latitude: 5.48,
      meanTemp: 20.5,
      seed: 5480,
    }).map((r) => ({ timestamp: r.ts.toISOString(), type: r.type, value: r.value }));
    await upload(owner, farm.id, year);
    for (const type of ['yield_prediction', 'resource_optimization', 'pest_risk']) {
      await created(await send(t, owner, 'POST', `/api/farms/${farm.id}/analytics/generate`, { type }));
    }
    const yearAgo = `from=${isoDay(today - 366 * DAY_MS)}`;
    for (const query of ['', `?${yearAgo}`, '?type=temperature', `?type=temperature&${yearAgo}`]) {
      const res = await send(t, owner, 'GET', `/api/farms/${farm.id}/analytics${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const gzip = gzipSync(res.rawPayload).length;
      expect(gzip, query).toBeLessThanOrEqual(query.includes('type=') ? 10 * 1024 : 30 * 1024);
      const sensorData = ZSpecSensorData.parse(res.json().sensorData);
      expect(sensorData.length, query).toBeGreaterThan(150);
    }
  });
});

describe('GET /financials from the cache', () => {
  it('shows transactions, reversals and sales written after it was cached', async () => {
    const { owner, farm } = await ownerWithFarm();
    const base = `/api/farms/${farm.id}`;
    expect((await read(owner, farm.id, 'financials')).recentTransactions).toEqual([]);
    const booked = await send(t, owner, 'POST', `${base}/transactions`, expense(12));
    await created(booked);
    expect((await read(owner, farm.id, 'financials')).overview.netWorth).toBe(-12);
    await created(await send(t, owner, 'POST', `${base}/transactions/${booked.json().id}/reversal`));
    const reversed = await read(owner, farm.id, 'financials');
    expect(reversed.overview.netWorth).toBe(0);
    expect(reversed.recentTransactions[0].reversed).toBe(true);
    await created(
      await send(t, owner, 'POST', `${base}/sales`, {
        type: 'custom',
        date: isoDay(today),
        quantity: '1',
        pricePerUnit: '40',
        paid: true,
      }),
    );
    const sold = await read(owner, farm.id, 'financials');
    expect(sold.recentSales).toHaveLength(1);
    expect(sold.overview.netWorth).toBe(40);
  });

  it("shows a marketplace trade and the order's payments, cancellation and books booked by the orders module", async () => {
    const { owner: farmer, farm } = await ownerWithFarm();
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    expect((await read(farmer, farm.id, 'financials')).recentSales).toEqual([]);
    const listing = await send(t, farmer, 'POST', '/api/commodities', {
      name: 'Maize',
      quantity: 10,
      price: 200,
      grade: 'A',
    });
    await created(listing);
    const bid = await send(t, buyer, 'POST', '/api/bids', {
      commodityId: listing.json().id,
      price: 250,
      quantity: 2,
    });
    await created(bid);
    const accepted = await send(t, farmer, 'PATCH', `/api/bids/${bid.json().id}`, { status: 'accepted' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await drainBus(t);
    const traded = await read(farmer, farm.id, 'financials');
    expect(traded.recentSales.map((s: { totalAmount: number }) => s.totalAmount)).toEqual([500]);
    expect(traded.overview.totalAssets).toBe(500);

    const [order] = (await send(t, buyer, 'GET', '/api/orders?as=buyer&limit=1')).json();
    // A payment moves money between assets (the answer's figures stay): its notice drops the farm's pages.
    const notices = await noticesDuring(t, async () => {
      await created(
        await send(t, farmer, 'POST', `/api/orders/${order.id}/payments`, { amount: 100, method: 'cash' }),
      );
    });
    expect(notices).toContainEqual({ event: { type: 'farm', id: farm.id }, to: [] });
    const cancelled = await send(t, farmer, 'POST', `/api/orders/${order.id}/cancel`, { reason: 'no truck' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await drainBus(t);
    expect((await read(farmer, farm.id, 'financials')).overview.totalAssets).toBe(0);
  });
});

describe.skipIf(!onPostgres)('a second instance on the same PostgreSQL', () => {
  it("drops this instance's cached pages when the other instance writes", async () => {
    const other = await createSecondInstance(t);
    try {
      const { owner, farm } = await ownerWithFarm();
      const base = `/api/farms/${farm.id}`;
      expect((await read(owner, farm.id, 'analytics')).latestReadingAt).toBeNull();
      expect((await read(owner, farm.id, 'financials')).recentTransactions).toEqual([]);
      await created(await send(other, owner, 'POST', `${base}/sensor-data`, { readings: weather(2) }));
      await created(await send(other, owner, 'POST', `${base}/surveys`, { date: isoDay(today) }));
      await created(await send(other, owner, 'POST', `${base}/analytics/generate`, { type: 'pest_risk' }));
      await created(await send(other, owner, 'POST', `${base}/transactions`, expense(7)));
      await drainBus(t);
      const analytics = await read(owner, farm.id, 'analytics');
      expect(analytics.latestReadingAt).not.toBeNull();
      expect(analytics.surveys).toHaveLength(1);
      expect(analytics.analytics).toHaveLength(1);
      expect((await read(owner, farm.id, 'financials')).overview.netWorth).toBe(-7);
    } finally {
      await other.close();
    }
  });

  it('keeps out, within a second, a member removed or demoted on the other instance after reading here', async () => {
    const other = await createSecondInstance(t);
    try {
      const { owner, farm } = await ownerWithFarm();
      const worker = await addMember(owner, farm.id, 'worker');
      const manager = await addMember(owner, farm.id, 'manager');
      await read(worker, farm.id, 'financials');
      expect((await read(manager, farm.id, 'analytics')).farm.myRole).toBe('manager');
      const removed = await call(other.app, owner.cookie, {
        method: 'DELETE',
        url: `/api/farms/${farm.id}/members/${worker.user.id}`,
      });
      expect(removed.statusCode, removed.body).toBe(204);
      const demoted = await call(other.app, owner.cookie, {
        method: 'POST',
        url: `/api/farms/${farm.id}/members`,
        payload: { userId: manager.user.id, role: 'viewer' },
      });
      expect(demoted.statusCode, demoted.body).toBeLessThan(300);
      const status = async () =>
        (await send(t, worker, 'GET', `/api/farms/${farm.id}/financials`)).statusCode;
      await expect.poll(status, { timeout: 1000, interval: 20 }).toBe(404);
      const role = async () => (await read(manager, farm.id, 'analytics')).farm.myRole;
      await expect.poll(role, { timeout: 1000, interval: 20 }).toBe('viewer');
    } finally {
      await other.close();
    }
  });
});
