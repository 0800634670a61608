// A farm's weather through the real server with the provider's stand-in: a new farm with a location gets its
// forecast and its analyses without any upload, one fetch per 0.1° cell (and one with two instances), a farm that
// moves followed, a demo cell replaced, a provider that is down logged once and retried later and later while
// everything else answers, a 429 ending the round, the page saying how old its weather is, and no provider at all.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_TYPES } from '../../contract/crops';
import { FORECAST_DAYS, type TFarmWeather } from '../../contract/weather';
import { rowsOf } from '../db/client';
import { createFarm, userWithRole } from '../test/factories';
import { weather as readingsOf } from '../test/farm-data';
import { call, createSecondInstance, createTestApp, ok, type Session, type TestApp } from '../test/harness';
import { type OpenMeteoStandIn, startOpenMeteoStandIn } from '../test/open-meteo-stand-in';
import { putDemoWeather } from './demo-cells';
import { openMeteo } from './open-meteo';
import { WeatherWorker, weatherWorker } from './weather-worker';

const onPostgres = process.env.TEST_DB === 'postgres';
let stand: OpenMeteoStandIn;
let t: TestApp;

/** The app's weather on, at the stand-in, its own beat far off so that each test runs the worker itself. */
const weatherEnv = () => ({
  WEATHER: 'open-meteo',
  WEATHER_BASE_URL: stand.url,
  WEATHER_ARCHIVE_BASE_URL: stand.url,
  WEATHER_POLL_MS: '3600000',
});

beforeAll(async () => {
  stand = await startOpenMeteoStandIn();
  t = await createTestApp(weatherEnv());
});
afterAll(async () => {
  await t.close();
  await stand.close();
});

/** A farmer's new farm at a position no other test uses. */
async function farmAt(latitude: number, longitude: number, owner?: Session) {
  const farmer = owner ?? (await userWithRole(t.app, t.ctx, 'farmer'));
  const farm = await createFarm(t.app, farmer, { latitude, longitude });
  return { owner: farmer, farm };
}

const weatherOf = async (app: TestApp, owner: Session, farmId: number) =>
  ok<TFarmWeather>(await call(app.app, owner.cookie, { method: 'GET', url: `/api/farms/${farmId}/weather` }));

/** The forecast requests the stand-in got for the cell (its centre as the adapter writes it). */
const forecastsFor = (latitude: number, longitude: number) =>
  stand.requests.filter(
    (r) =>
      r.path === '/v1/forecast' &&
      r.query.get('latitude') === String(latitude) &&
      r.query.get('longitude') === String(longitude),
  ).length;

const cellRow = async (latitude: number, longitude: number) =>
  rowsOf<{
    id: number;
    failures: number;
    delay: number;
    fetched_at: string | null;
    last_error: string | null;
  }>(
    await t.ctx.db.execute(sql`select id, failures, fetched_at, last_error,
        extract(epoch from next_fetch_at - now())::float8 as delay
      from weather_cells where latitude = ${latitude} and longitude = ${longitude}`),
  )[0];

/** Makes the cell due now (time moving on), optionally its last fetch `hoursAgo` hours back. */
async function dueNow(latitude: number, longitude: number, hoursAgo?: number) {
  await t.ctx.db.execute(sql`update weather_cells set next_fetch_at = now(),
      fetched_at = case when ${hoursAgo ?? null}::int is null then fetched_at
        else now() - make_interval(hours => ${hoursAgo ?? 0}) end
    where latitude = ${latitude} and longitude = ${longitude}`);
}

function spyLogger() {
  const warnings: { obj: Record<string, unknown>; msg: string }[] = [];
  const errors: { obj: object; msg: string }[] = [];
  return {
    warnings,
    errors,
    warn: (obj: object, msg: string) => warnings.push({ obj: obj as Record<string, unknown>, msg }),
    error: (obj: object, msg: string) => errors.push({ obj, msg }),
  };
}

const standInProvider = () =>
  openMeteo({ baseUrl: stand.url, archiveBaseUrl: stand.url, apiKey: null, timeoutMs: 5_000 });

describe('a farm with a location, the provider up', () => {
  it('gets its forecast, rain figures and every analysis after one worker run, without any upload', async () => {
    const { owner, farm } = await farmAt(4.04, 9.71);
    expect((await weatherOf(t, owner, farm.id)).status).toBe('pending');
    expect(await weatherWorker.of(t.ctx).runOnce()).toBeGreaterThanOrEqual(1);

    const page = await weatherOf(t, owner, farm.id);
    expect(page.status).toBe('ok');
    expect(page.source).toBe('open-meteo');
    expect(page.grid).toEqual({ latitude: 4, longitude: 9.7, degrees: 0.1 });
    expect(page.updatedAt).not.toBeNull();
    expect(page.forecast).toHaveLength(FORECAST_DAYS);
    for (const day of page.forecast) {
      expect(day.rainMm).toBeTypeOf('number');
      expect(day.tMax).toBeGreaterThan(day.tMin ?? Number.POSITIVE_INFINITY);
    }
    expect(page.rain7Mm).toBeTypeOf('number');
    expect(page.rain30Mm).toBeGreaterThanOrEqual(page.rain7Mm ?? 0);
    expect(page.lastRain?.mm).toBeGreaterThan(0);
    // The farm's first plan (planted in March) needs history older than the forecast's 92 days: the archive.
    expect(stand.requests.some((r) => r.path === '/v1/archive' && r.query.get('latitude') === '4')).toBe(
      true,
    );

    for (const type of ANALYTICS_TYPES) {
      const res = await call(t.app, owner.cookie, {
        method: 'POST',
        url: `/api/farms/${farm.id}/analytics/generate`,
        payload: { type },
      });
      const result = await ok<{ data: { inputs: { weather: unknown } } }>(res, 201);
      expect(result.data.inputs.weather, type).toEqual({
        used: 'provider',
        source: 'open-meteo',
        gridDegrees: 0.1,
      });
    }
  });

  it('reads the farm its own readings where it has them, the provider for the rest', async () => {
    const { owner, farm } = await farmAt(4.16, 9.24);
    await weatherWorker.of(t.ctx).runOnce();
    const upload = await call(t.app, owner.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/sensor-data`,
      payload: { readings: readingsOf(3) },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    for (const type of ANALYTICS_TYPES) {
      const res = await call(t.app, owner.cookie, {
        method: 'POST',
        url: `/api/farms/${farm.id}/analytics/generate`,
        payload: { type },
      });
      const result = await ok<{ data: { inputs: { weather: { used: string } } } }>(res, 201);
      expect(result.data.inputs.weather.used, type).toBe('both');
    }
  });

  it('fetches a 0.1° cell once for two farms in it', async () => {
    const a = await farmAt(3.86, 11.52);
    const b = await farmAt(3.87, 11.54);
    await weatherWorker.of(t.ctx).runOnce();
    expect(forecastsFor(3.9, 11.5)).toBe(1);
    const pageA = await weatherOf(t, a.owner, a.farm.id);
    const pageB = await weatherOf(t, b.owner, b.farm.id);
    expect(pageA.status).toBe('ok');
    expect(pageB.forecast).toEqual(pageA.forecast);
    // Not due again before the refresh period.
    await weatherWorker.of(t.ctx).runOnce();
    expect(forecastsFor(3.9, 11.5)).toBe(1);
  });

  it('follows a farm that moves, and no longer fetches the cell it left', async () => {
    const { owner, farm } = await farmAt(8.04, 12.04);
    await weatherWorker.of(t.ctx).runOnce();
    expect(forecastsFor(8, 12)).toBe(1);
    await ok(
      await call(t.app, owner.cookie, {
        method: 'PATCH',
        url: `/api/farms/${farm.id}`,
        payload: { latitude: 8.24, longitude: 12.24 },
      }),
    );
    expect((await weatherOf(t, owner, farm.id)).status).toBe('pending');
    await dueNow(8, 12);
    await weatherWorker.of(t.ctx).runOnce();
    expect(forecastsFor(8, 12)).toBe(1);
    expect(forecastsFor(8.2, 12.2)).toBe(1);
    expect((await weatherOf(t, owner, farm.id)).grid).toMatchObject({ latitude: 8.2, longitude: 12.2 });
  });

  it("replaces a demo cell's generated weather with the provider's, its history what was fetched", async () => {
    const demoHour = (daysAgo: number) => ({
      ts: new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - daysAgo * 86_400_000),
      temperature: 25,
      humidity: 80,
      wind: 1,
      radiation: 0,
      rain: 0,
      et0: 0,
    });
    await putDemoWeather(t.ctx.db, { latitude: 10.02, longitude: 13.98, utcOffsetSeconds: 3600 }, [
      demoHour(300),
      demoHour(2),
    ]);
    const { owner, farm } = await farmAt(10.01, 14.01);
    expect((await weatherOf(t, owner, farm.id)).source).toBe('demo');
    await weatherWorker.of(t.ctx).runOnce();
    expect(forecastsFor(10, 14)).toBe(1);
    const page = await weatherOf(t, owner, farm.id);
    expect(page).toMatchObject({ status: 'ok', source: 'open-meteo' });
    const [cell] = rowsOf<{ history_from: string; first: string }>(
      await t.ctx.db.execute(sql`select c.history_from::text as history_from,
          ((select min(h.ts) from weather_hours h where h.cell_id = c.id) at time zone 'UTC'
            + make_interval(secs => c.utc_offset_seconds))::date::text as first
        from weather_cells c where latitude = 10 and longitude = 14`),
    );
    // The farm's first plan was planted in March: its history, from the archive; none of the demo's hours left.
    expect(cell?.history_from).toBe(farm.plantingDate);
    expect(cell?.first).toBe(farm.plantingDate);
  });

  it("names a new farm's grid cell before the cell is made as the cell will be", async () => {
    const { owner, farm } = await farmAt(3.87, -1.15);
    const pending = await weatherOf(t, owner, farm.id);
    expect(pending).toMatchObject({
      status: 'pending',
      grid: { latitude: 3.9, longitude: -1.2, degrees: 0.1 },
    });
    await weatherWorker.of(t.ctx).runOnce();
    expect((await weatherOf(t, owner, farm.id)).grid).toEqual(pending.grid);
  });

  it('fetches nothing for a farm at the placeholder 0, 0 and says its position is missing, until it is set', async () => {
    const { owner, farm } = await farmAt(0, 0);
    await weatherWorker.of(t.ctx).runOnce();
    expect(forecastsFor(0, 0)).toBe(0);
    expect(await cellRow(0, 0)).toBeUndefined();
    expect(await weatherOf(t, owner, farm.id)).toMatchObject({
      status: 'no_location',
      forecast: [],
      alerts: [],
    });
    const generated = await call(t.app, owner.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/analytics/generate`,
      payload: { type: ANALYTICS_TYPES[0] },
    });
    const result = await ok<{ data: { inputs: { weather: { used: string } } } }>(generated, 201);
    expect(result.data.inputs.weather.used).toBe('none');
    await t.ctx.db.execute(sql`update farms set latitude = 0.31, longitude = 0.42 where id = ${farm.id}`);
    await weatherWorker.of(t.ctx).runOnce();
    expect(await weatherOf(t, owner, farm.id)).toMatchObject({
      status: 'ok',
      grid: { latitude: 0.3, longitude: 0.4 },
    });
  });

  it('refuses the weather of a farm to non-members as the farm does', async () => {
    const { farm } = await farmAt(4.5, 9.9);
    const stranger = await userWithRole(t.app, t.ctx, 'farmer');
    const url = `/api/farms/${farm.id}/weather`;
    expect((await call(t.app, stranger.cookie, { method: 'GET', url })).statusCode).toBe(404);
    expect((await call(t.app, null, { method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('the provider down', () => {
  it('logs once, retries later and later, leaves every route answering, then says how old the weather is', async () => {
    const [lat, lon] = [6.2, 1.2];
    const { owner, farm } = await farmAt(6.21, 1.18);
    const log = spyLogger();
    const worker = new WeatherWorker(t.ctx, standInProvider(), log);
    try {
      stand.set('down');
      await worker.runOnce();
      const delays: number[] = [];
      delays.push((await cellRow(lat, lon))?.delay ?? 0);
      for (const mode of ['down', 'rate_limited', 'rate_limited'] as const) {
        stand.set(mode);
        await dueNow(lat, lon);
        await worker.runOnce();
        delays.push((await cellRow(lat, lon))?.delay ?? 0);
      }
      const mine = log.warnings.filter((w) => (w.obj.farms as number[]).includes(farm.id));
      expect(mine).toHaveLength(1);
      expect((await cellRow(lat, lon))?.failures).toBe(4);
      expect((await cellRow(lat, lon))?.last_error).toMatch(/429/);
      for (let i = 1; i < delays.length; i++) {
        expect(delays[i]).toBeGreaterThan(delays[i - 1] ?? 0);
      }

      // Everything else answers: the farm, its page, its analyses.
      await ok(await call(t.app, owner.cookie, { method: 'GET', url: `/api/farms/${farm.id}` }));
      expect((await weatherOf(t, owner, farm.id)).status).toBe('pending');
      const res = await call(t.app, owner.cookie, {
        method: 'POST',
        url: `/api/farms/${farm.id}/analytics/generate`,
        payload: { type: 'pest_risk' },
      });
      expect(res.statusCode, res.body).toBe(201);

      // A first good fetch, then failures with time moving on: the page says since when.
      stand.set('ok');
      await dueNow(lat, lon);
      await worker.runOnce();
      expect((await weatherOf(t, owner, farm.id)).status).toBe('ok');
      stand.set('down');
      await dueNow(lat, lon, 5);
      await worker.runOnce();
      await dueNow(lat, lon);
      await worker.runOnce();
      const fetchedAt = (await cellRow(lat, lon))?.fetched_at;
      const page = await weatherOf(t, owner, farm.id);
      expect(page.status).toBe('stale');
      expect(page.updatedAt).toBe(new Date(fetchedAt as string).toISOString());
      expect(page.forecast.length).toBeGreaterThan(0);
      // A new failing spell after the recovery: logged once more.
      expect(log.warnings.filter((w) => (w.obj.farms as number[]).includes(farm.id))).toHaveLength(2);
    } finally {
      stand.set('ok');
    }
  });
});

describe('the provider limiting requests', () => {
  it('stops the round at its first 429, the other cells left due', async () => {
    await farmAt(9.01, 14.01);
    await farmAt(9.31, 14.31);
    const before = stand.requests.length;
    try {
      stand.set('rate_limited');
      await weatherWorker.of(t.ctx).runOnce();
      expect(stand.requests.length - before).toBe(1);
    } finally {
      stand.set('ok');
    }
    await weatherWorker.of(t.ctx).runOnce();
    const cells = [await cellRow(9, 14), await cellRow(9.3, 14.3)];
    // One was refused and waits at least the Retry-After; the other was fetched by the next round.
    expect(cells.map((c) => c?.failures).sort()).toEqual([0, 1]);
    expect(cells.filter((c) => c?.fetched_at !== null)).toHaveLength(1);
    expect(Math.max(...cells.map((c) => c?.delay ?? 0))).toBeGreaterThan(50);
  });
});

describe('no provider', () => {
  it('says the weather is off', async () => {
    const off = await createTestApp();
    try {
      const owner = await userWithRole(off.app, off.ctx, 'farmer');
      const farm = await createFarm(off.app, owner, { latitude: 5.1, longitude: 10.1 });
      expect(await weatherWorker.of(off.ctx).runOnce()).toBe(0);
      const page = await weatherOf(off, owner, farm.id);
      expect(page).toMatchObject({ status: 'off', source: null, updatedAt: null, forecast: [], alerts: [] });
    } finally {
      await off.close();
    }
  });
});

describe.runIf(onPostgres)('two instances on one PostgreSQL', () => {
  it('fetch a cell once when their workers run at the same time', async () => {
    const second = await createSecondInstance(t);
    try {
      for (const [lat, lon] of [
        [7.31, 13.58],
        [7.52, 13.61],
        [7.73, 13.42],
      ] as const) {
        await farmAt(lat, lon);
      }
      await Promise.all([weatherWorker.of(t.ctx).runOnce(), weatherWorker.of(second.ctx).runOnce()]);
      for (const [lat, lon] of [
        [7.3, 13.6],
        [7.5, 13.6],
        [7.7, 13.4],
      ] as const) {
        expect(forecastsFor(lat, lon), `${lat},${lon}`).toBe(1);
      }
    } finally {
      await second.close();
    }
  });
});
