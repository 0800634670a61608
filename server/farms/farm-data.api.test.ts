import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../contract/constants';
import { MAX_POINTS_PER_TYPE, type TFarmAnalytics } from '../../contract/farm-data';
import { createFarm, userWithRole } from '../test/factories';
import { call, createTestApp, type Session, type TestApp } from '../test/harness';
import { userAchievements } from '../users/users.schema';
import { syntheticReadings } from './agronomy/synthetic-weather';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;

function weather(days: number, endDaysAgo = 1) {
  return syntheticReadings({ start: isoDay(today - (days + endDaysAgo) * DAY_MS), days }).map((r) => ({
    timestamp: r.timestamp.toISOString(),
    type: r.type,
    value: r.value,
  }));
}

async function farmWithOwner(overrides: Record<string, unknown> = {}) {
  const owner = await userWithRole(t.app, t.ctx, 'farmer');
  const farm = await createFarm(t.app, owner, { plantingDate: isoDay(today - 50 * DAY_MS), ...overrides });
  return { owner, farm };
}

async function member(farmId: number, owner: Session, role: 'viewer' | 'worker' | 'manager') {
  const user = await userWithRole(t.app, t.ctx, 'farmer');
  const res = await call(t.app, owner.cookie, {
    method: 'POST',
    url: `/api/farms/${farmId}/members`,
    payload: { userId: user.user.id, role },
  });
  expect(res.statusCode).toBe(201);
  return user;
}

const post = (cookie: string | null, url: string, payload: unknown) =>
  call(t.app, cookie, { method: 'POST', url, payload: payload as Record<string, unknown> });

/** The sensor data of an analytics answer (the spec's points), of one type or all, oldest first per type. */
function sensorPoints(data: TFarmAnalytics, type?: string) {
  return data.sensorData.filter((point) => type === undefined || point.type === type);
}

/** How many points each type has. */
function pointsPerType(data: TFarmAnalytics): number[] {
  const counts = new Map<string, number>();
  for (const point of data.sensorData) {
    counts.set(point.type, (counts.get(point.type) ?? 0) + 1);
  }
  return [...counts.values()];
}

async function analytics(cookie: string, farmId: number, query = ''): Promise<TFarmAnalytics> {
  const res = await call(t.app, cookie, { method: 'GET', url: `/api/farms/${farmId}/analytics${query}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('sensor data', () => {
  it('stores readings all or nothing and names the bad reading and field', async () => {
    const { owner, farm } = await farmWithOwner();
    const url = `/api/farms/${farm.id}/sensor-data`;
    const readings = weather(2);
    const bad = [
      ...readings.slice(0, 5),
      { timestamp: readings[0]?.timestamp, type: 'humidity', value: 130 },
    ];
    const refused = await post(owner.cookie, url, { readings: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues[0].path).toBe('readings.5.value');
    expect(refused.json().message).toContain('between 0 and 100');
    expect((await analytics(owner.cookie, farm.id)).sensorData).toEqual([]);

    const unknownType = await post(owner.cookie, url, {
      readings: [{ timestamp: '2026-01-01T00:00:00Z', type: 'pressure', value: 1 }],
    });
    expect(unknownType.json().issues[0].path).toBe('readings.0.type');
    const noZone = await post(owner.cookie, url, {
      readings: [{ timestamp: '2026-01-01 10:00', type: 'temperature', value: 20 }],
    });
    expect(noZone.json().issues[0].path).toBe('readings.0.timestamp');

    const ok = await post(owner.cookie, url, { readings });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ accepted: readings.length, from: readings[0]?.timestamp });
    // The same reading again replaces the value instead of adding a row.
    const again = await post(owner.cookie, url, { readings: readings.slice(0, 3) });
    expect(again.json().accepted).toBe(3);
    const from = readings[0]?.timestamp.slice(0, 10);
    const data = await analytics(owner.cookie, farm.id, `?type=temperature&from=${from}`);
    const temperature = sensorPoints(data);
    expect(temperature.length).toBe(readings.filter((r) => r.type === 'temperature').length);
    expect(temperature[0]?.value).toBe(readings.find((r) => r.type === 'temperature')?.value);
  });

  it('refuses more than 10,000 readings in one request and accepts bodies above 1 MB', async () => {
    const { owner, farm } = await farmWithOwner();
    const many = Array.from({ length: 10_001 }, (_, i) => ({
      timestamp: new Date(today - (i + 1) * 60_000).toISOString(),
      type: 'temperature',
      value: 20,
    }));
    const res = await post(owner.cookie, `/api/farms/${farm.id}/sensor-data`, { readings: many });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('readings');
    const padded = { readings: many.slice(0, 10_000), note: ' '.repeat(1_200_000) };
    const big = await post(owner.cookie, `/api/farms/${farm.id}/sensor-data`, padded);
    expect(big.statusCode).toBe(201);
  });

  it('keeps readings to members: 404 for others, 403 for viewers, workers may write', async () => {
    const { owner, farm } = await farmWithOwner();
    const url = `/api/farms/${farm.id}/sensor-data`;
    const payload = { readings: weather(1) };
    const stranger = await userWithRole(t.app, t.ctx, 'manager');
    expect((await post(stranger.cookie, url, payload)).statusCode).toBe(404);
    expect(
      (await call(t.app, stranger.cookie, { method: 'GET', url: `/api/farms/${farm.id}/analytics` }))
        .statusCode,
    ).toBe(404);
    const viewer = await member(farm.id, owner, 'viewer');
    expect((await post(viewer.cookie, url, payload)).statusCode).toBe(403);
    expect((await analytics(viewer.cookie, farm.id)).farm.myRole).toBe('viewer');
    const worker = await member(farm.id, owner, 'worker');
    expect((await post(worker.cookie, url, payload)).statusCode).toBe(201);
    expect((await post(null, url, payload)).statusCode).toBe(401);
  });

  it('takes CSV uploads and reports every bad row with its line', async () => {
    const { owner, farm } = await farmWithOwner();
    const url = `/api/farms/${farm.id}/sensor-data.csv`;
    const csv = (body: string) =>
      call(t.app, owner.cookie, { method: 'POST', url, headers: { 'content-type': 'text/csv' }, body });
    const t0 = today - 2 * DAY_MS;
    const at = (h: number) => new Date(t0 + h * 3_600_000).toISOString();
    const bad = await csv(
      `timestamp,type,value\n${at(0)},temperature,21.5\n${at(1)},humidity,140\nyesterday,temperature,20\n${at(2)},rainfall\n`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.map((i: { path: string }) => i.path)).toEqual([
      'line.3.value',
      'line.4.timestamp',
      'line.5',
    ]);
    expect((await analytics(owner.cookie, farm.id)).latestReadingAt).toBeNull();

    const ok = await csv(`timestamp;type;value\n${at(0)};temperature;21,5\n${at(1)};humidity;80\n`);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().accepted).toBe(2);
    const data = await analytics(owner.cookie, farm.id, '?type=temperature');
    expect(sensorPoints(data)).toEqual([{ timestamp: at(0), type: 'temperature', value: 21.5 }]);

    // More than 1 MB and more than 10,000 rows: CSV allows both (up to 5 MB).
    const rows = Array.from({ length: 30_000 }, (_, i) => `${at(-i - 1)},temperature,${(i % 20) + 10}`);
    const large = await csv(rows.join('\n'));
    expect(large.statusCode).toBe(201);
    expect(large.json().accepted).toBe(30_000);

    const json = await call(t.app, owner.cookie, { method: 'POST', url, payload: { readings: [] } });
    expect(json.statusCode).toBe(415);
    const plain = await call(t.app, owner.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/sensor-data`,
      headers: { 'content-type': 'text/csv' },
      body: 'a,b,c',
    });
    expect(plain.statusCode).toBe(400);
  }, 60_000);

  it('awards the sensor month to the owner once readings span 30 days', async () => {
    const { owner, farm } = await farmWithOwner();
    const url = `/api/farms/${farm.id}/sensor-data`;
    const at = (days: number) => new Date(today - days * DAY_MS).toISOString();
    const reading = (days: number) => ({ timestamp: at(days), type: 'temperature', value: 20 });
    await post(owner.cookie, url, { readings: [reading(40), reading(20)] });
    const codes = async () =>
      (
        await t.ctx.db
          .select({ code: userAchievements.code })
          .from(userAchievements)
          .where(eq(userAchievements.userId, owner.user.id))
      ).map((r) => r.code);
    expect(await codes()).not.toContain('sensor_month');
    await post(owner.cookie, url, { readings: [reading(5)] });
    expect(await codes()).toContain('sensor_month');
  });
});

describe('devices', () => {
  it('creates a key shown once, ingests with it without a session, and revokes it', async () => {
    const { owner, farm } = await farmWithOwner();
    const created = await post(owner.cookie, `/api/farms/${farm.id}/devices`, { name: 'Station nord' });
    expect(created.statusCode).toBe(201);
    const { key, id } = created.json();
    expect(key).toMatch(/^trd_\d+_/);
    const list = await call(t.app, owner.cookie, { method: 'GET', url: `/api/farms/${farm.id}/devices` });
    expect(list.json()).toHaveLength(1);
    expect(JSON.stringify(list.json())).not.toContain(key);

    const send = (bearer: string) =>
      call(t.app, null, {
        method: 'POST',
        url: '/api/devices/sensor-data',
        headers: { authorization: `Bearer ${bearer}` },
        payload: { readings: weather(1) },
      });
    expect((await send(key)).statusCode).toBe(201);
    expect((await analytics(owner.cookie, farm.id)).latestReadingAt).not.toBeNull();
    const wrong = await send(`${key.slice(0, -2)}xx`);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer');
    expect((await send('nonsense')).statusCode).toBe(401);

    const viewer = await member(farm.id, owner, 'viewer');
    expect((await post(viewer.cookie, `/api/farms/${farm.id}/devices`, { name: 'x' })).statusCode).toBe(403);
    const stranger = await userWithRole(t.app, t.ctx, 'farmer');
    const revokeUrl = `/api/farms/${farm.id}/devices/${id}`;
    expect((await call(t.app, stranger.cookie, { method: 'DELETE', url: revokeUrl })).statusCode).toBe(404);
    expect((await call(t.app, owner.cookie, { method: 'DELETE', url: revokeUrl })).statusCode).toBe(204);
    expect((await send(key)).statusCode).toBe(401);
    const after = await call(t.app, owner.cookie, { method: 'GET', url: `/api/farms/${farm.id}/devices` });
    expect(after.json()[0].revokedAt).not.toBeNull();
    expect(after.json()[0].lastUsedAt).not.toBeNull();
  });
});

describe('surveys', () => {
  it('records surveys with pests and irrigation, and checks them', async () => {
    const { owner, farm } = await farmWithOwner();
    const url = `/api/farms/${farm.id}/surveys`;
    const ok = await post(owner.cookie, url, {
      date: isoDay(today - DAY_MS),
      growthStage: 'V8',
      pests: [{ name: 'fall armyworm', severity: 2 }],
      irrigationMm: 12.5,
      notes: 'Leaves chewed on the east side',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ farmId: farm.id, irrigationMm: 12.5, pests: [{ severity: 2 }] });
    const bad = await post(owner.cookie, url, {
      date: isoDay(today),
      pests: [{ name: 'aphids', severity: 4 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('pests.0.severity');
    const viewer = await member(farm.id, owner, 'viewer');
    expect((await post(viewer.cookie, url, { date: isoDay(today) })).statusCode).toBe(403);
    const list = await call(t.app, viewer.cookie, { method: 'GET', url: `${url}?limit=1` });
    expect(list.json()).toHaveLength(1);
    expect(list.headers['x-next-cursor']).toBeUndefined();
  });
});

describe('analytics', () => {
  it('generates each analysis from the farm data with its method, inputs and bounds', async () => {
    const { owner, farm } = await farmWithOwner();
    await post(owner.cookie, `/api/farms/${farm.id}/sensor-data`, { readings: weather(40).slice(0, 10_000) });
    await post(owner.cookie, `/api/farms/${farm.id}/surveys`, {
      date: isoDay(today - 3 * DAY_MS),
      pests: [{ name: 'fall armyworm', severity: 2 }],
      irrigationMm: 10,
    });
    const generate = (type: string) =>
      post(owner.cookie, `/api/farms/${farm.id}/analytics/generate`, { type });

    const resources = await generate('resource_optimization');
    expect(resources.statusCode).toBe(201);
    const r = resources.json();
    expect(r.type).toBe('resource_optimization');
    expect(r.data.method.key).toBe('method.fao56_penman_monteith');
    expect(r.data.et0Daily).toHaveLength(7);
    expect(r.data.et0).toBeGreaterThan(1);
    expect(r.data.et0).toBeLessThan(10);
    expect(r.data.waterUsage.current).toBe(10);
    expect(r.data.waterUsage.savings).toBeGreaterThanOrEqual(0);
    expect(r.data.inputs.surveys).toBe(1);

    const yieldRes = (await generate('yield_prediction')).json();
    expect(yieldRes.data.predictedYield).toBeGreaterThan(0);
    expect(yieldRes.data.predictedYield).toBeLessThanOrEqual(yieldRes.data.attainableYield);
    expect(yieldRes.data.confidenceScore).toBeGreaterThan(0);
    expect(yieldRes.data.confidenceScore).toBeLessThanOrEqual(1);

    const pests = (await generate('pest_risk')).json();
    expect(pests.data.riskScore).toBeGreaterThanOrEqual(0);
    expect(pests.data.riskScore).toBeLessThanOrEqual(1);
    expect(pests.data.risks.map((x: { name: { key: string } }) => x.name.key)).toContain(
      'risk.reported_pest',
    );

    const overview = await analytics(owner.cookie, farm.id);
    expect(overview.analytics.map((a: { type: string }) => a.type)).toEqual([
      'pest_risk',
      'yield_prediction',
      'resource_optimization',
    ]);
    expect(overview.surveys).toHaveLength(1);

    const unknown = await generate('weather_magic');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('pest_risk');
    const viewer = await member(farm.id, owner, 'viewer');
    const denied = await post(viewer.cookie, `/api/farms/${farm.id}/analytics/generate`, {
      type: 'pest_risk',
    });
    expect(denied.statusCode).toBe(403);
  });

  it('answers with low confidence and says so when the farm has no data', async () => {
    const { owner, farm } = await farmWithOwner();
    for (const type of ['resource_optimization', 'yield_prediction', 'pest_risk']) {
      const res = await post(owner.cookie, `/api/farms/${farm.id}/analytics/generate`, { type });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.confidenceScore).toBeLessThanOrEqual(0.3);
      expect(res.json().data.missing.map((m: { key: string }) => m.key)).toContain('missing.no_readings');
    }
  });

  it('downsamples to at most MAX_POINTS_PER_TYPE points per type over the 30 days ending at the latest reading', async () => {
    const { owner, farm } = await farmWithOwner();
    const readings = syntheticReadings({
      start: isoDay(today - 61 * DAY_MS),
      days: 60,
      types: ['temperature', 'rainfall'],
    }).map((r) => ({ timestamp: r.timestamp.toISOString(), type: r.type, value: r.value }));
    for (let i = 0; i < readings.length; i += 10_000) {
      await post(owner.cookie, `/api/farms/${farm.id}/sensor-data`, {
        readings: readings.slice(i, i + 10_000),
      });
    }
    const data = await analytics(owner.cookie, farm.id);
    expect(pointsPerType(data)).toHaveLength(2);
    for (const count of pointsPerType(data)) {
      expect(count).toBeLessThanOrEqual(MAX_POINTS_PER_TYPE);
    }
    const temps = sensorPoints(data, 'temperature');
    expect(temps.length).toBeGreaterThan(200);
    const times = temps.map((p) => Date.parse(p.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Date.parse(data.latestReadingAt ?? '') - (times[0] ?? 0)).toBeLessThanOrEqual(
      30 * DAY_MS + 3 * 3_600_000,
    );
    // Rain is summed per bucket, so the 30-day total is kept.
    const rain = sensorPoints(data, 'rainfall').reduce((sum, p) => sum + p.value, 0);
    expect(rain).toBeGreaterThan(0);
    const all = await analytics(owner.cookie, farm.id, `?from=${isoDay(today - 70 * DAY_MS)}`);
    for (const count of pointsPerType(all)) {
      expect(count).toBeLessThanOrEqual(MAX_POINTS_PER_TYPE);
    }
    expect(Date.parse(all.sensorWindow?.from ?? '')).toBeLessThan(times[0] ?? 0);
    const reversed = await call(t.app, owner.cookie, {
      method: 'GET',
      url: `/api/farms/${farm.id}/analytics?from=2026-02-01&to=2026-01-01`,
    });
    expect(reversed.statusCode).toBe(400);
  });
});
