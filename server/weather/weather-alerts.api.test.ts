// Weather alerts through the real server with the provider's stand-in scripted: heavy rain forecast on a crop near
// harvest reaches its owner once, in the owner's language, listed on the farm's weather page; refreshes and a second
// instance send nothing more; a further alert waits for the next day (one weather message a day per farm); a drying
// lot, planting rains and a spray window each reach the right farm; the page's rain is the rain that has fallen.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../contract/constants';
import type { TNotification } from '../../contract/notifications';
import type { TFarmWeather } from '../../contract/weather';
import { rowsOf } from '../db/client';
import { translate } from '../http/i18n';
import { sender } from '../test/agent-sale';
import { clearedFarm, inDays } from '../test/crops';
import { createFarm, userWithRole } from '../test/factories';
import { call, createSecondInstance, createTestApp, ok, type Session, type TestApp } from '../test/harness';
import { type OpenMeteoStandIn, startOpenMeteoStandIn } from '../test/open-meteo-stand-in';
import { weatherFarm } from './weather.repo';
import { farmWeather } from './weather.service';
import { sendWeatherAlerts } from './weather-notify';
import { weatherWorker } from './weather-worker';

const onPostgres = process.env.TEST_DB === 'postgres';
let stand: OpenMeteoStandIn;
let t: TestApp;

beforeAll(async () => {
  stand = await startOpenMeteoStandIn();
  t = await createTestApp({
    WEATHER: 'open-meteo',
    WEATHER_BASE_URL: stand.url,
    WEATHER_ARCHIVE_BASE_URL: stand.url,
    WEATHER_POLL_MS: '3600000',
  });
});
afterAll(async () => {
  await t.close();
  await stand.close();
});

/** The UTC date `n` days from now. */
const utcDay = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);

/**
 * The cell's weather made dry and calm, but for 6 mm an hour from 10:00 to 15:59 UTC (midday in West Africa) on
 * each of `wetDays`: 36 mm, above the 20 mm of heavy rain.
 */
function rainOn(latitude: number, wetDays: readonly string[]) {
  stand.script((cell, hour) => {
    if (Math.abs(cell.latitude - latitude) > 0.01) {
      return {};
    }
    const wet =
      wetDays.includes(hour.toISOString().slice(0, 10)) &&
      hour.getUTCHours() >= 10 &&
      hour.getUTCHours() < 16;
    return { rain: wet ? 6 : 0, wind: 2, temperature: 26 };
  });
}

/** A farmer (French when said) with a farm whose maize, planted 110 days ago, is in its late stage. */
async function ripeFarm(latitude: number, longitude: number, language: 'en' | 'fr') {
  const owner = await userWithRole(t.app, t.ctx, 'farmer');
  if (language === 'fr') {
    await ok(
      await call(t.app, owner.cookie, { method: 'PATCH', url: '/api/user/language', payload: { language } }),
    );
  }
  const farm = await createFarm(t.app, owner, { latitude, longitude, plantingDate: inDays(-110) });
  return { owner, farm };
}

const weatherNotes = async (app: TestApp, owner: Session) =>
  (
    await ok<TNotification[]>(await call(app.app, owner.cookie, { method: 'GET', url: '/api/notifications' }))
  ).filter((n) => n.type === 'weather_alert');

const pageOf = async (owner: Session, farmId: number) =>
  ok<TFarmWeather>(await call(t.app, owner.cookie, { method: 'GET', url: `/api/farms/${farmId}/weather` }));

/** The cell due now, as after its refresh period. */
const dueNow = (latitude: number) =>
  t.ctx.db.execute(
    sql`update weather_cells set next_fetch_at = now() where abs(latitude - ${latitude}) < 0.01`,
  );

describe('heavy rain on a crop near harvest', () => {
  it('reaches the French owner once, in French, and the page lists it', async () => {
    const lat = 5.9;
    const { owner, farm } = await ripeFarm(5.91, 10.13, 'fr');
    rainOn(lat, [utcDay(3)]);
    await weatherWorker.of(t.ctx).runOnce();

    const page = await pageOf(owner, farm.id);
    expect(page.alerts.map((a) => [a.kind, a.day])).toEqual([['heavy_rain', utcDay(3)]]);
    expect(page.alerts[0]?.facts.rainMm).toBe(36);

    const notes = await weatherNotes(t, owner);
    expect(notes).toHaveLength(1);
    const [note] = notes;
    expect(
      note?.text.startsWith(`${farm.name} : ${translate('fr', 'weather-alerts.heavy_rain.title')}.`),
    ).toBe(true);
    expect(note?.text).toMatch(
      /36 mm de pluie sont prévus le .* près de la récolte de votre Maïs \(Ferme de Bafoussam\)/,
    );
    expect(note?.link).toBe(`/farms?farm=${farm.id}`);

    // The next refresh finds the same alert: nothing more.
    await dueNow(lat);
    await weatherWorker.of(t.ctx).runOnce();
    expect(await weatherNotes(t, owner)).toHaveLength(1);
  });

  it('an English owner reads it in English', async () => {
    const lat = 6.4;
    const { owner, farm } = await ripeFarm(6.42, 10.28, 'en');
    rainOn(lat, [utcDay(2)]);
    await weatherWorker.of(t.ctx).runOnce();
    const [note, ...more] = await weatherNotes(t, owner);
    expect(more).toHaveLength(0);
    expect(note?.text).toMatch(
      new RegExp(`^${farm.name}: ${translate('en', 'weather-alerts.heavy_rain.title')}\\.`),
    );
    expect(note?.text).toMatch(/36 mm/);
  });

  it('sends another alert of the farm the next day, not the same day', async () => {
    const lat = 6.7;
    const { owner, farm } = await ripeFarm(6.73, 10.52, 'en');
    rainOn(lat, [utcDay(3)]);
    await weatherWorker.of(t.ctx).runOnce();
    expect(await weatherNotes(t, owner)).toHaveLength(1);

    // The forecast changes: heavy rain comes sooner, a new alert. (Two days ahead, not one: run near midnight UTC,
    // the farm's next local day would already be that of the rain, and rain that has begun is not warned of.)
    rainOn(lat, [utcDay(2), utcDay(3)]);
    await dueNow(lat);
    await weatherWorker.of(t.ctx).runOnce();
    expect((await pageOf(owner, farm.id)).alerts.map((a) => a.day)).toEqual([utcDay(2)]);
    expect(await weatherNotes(t, owner)).toHaveLength(1);
    expect(await sendWeatherAlerts(t.ctx, farm.id)).toBe(false);

    // Tomorrow it goes out, once.
    const tomorrow = new Date(Date.now() + DAY_MS);
    expect(await sendWeatherAlerts(t.ctx, farm.id, tomorrow)).toBe(true);
    expect(await sendWeatherAlerts(t.ctx, farm.id, tomorrow)).toBe(false);
    const notes = await weatherNotes(t, owner);
    expect(notes).toHaveLength(2);
  });
});

describe('heavy rain on a drying lot', () => {
  it("warns the farm whose home store holds the lot, not the owner's other farms", async () => {
    const send = sender(() => t.app);
    const owner = await userWithRole(t.app, t.ctx, 'farmer');
    const home = await createFarm(t.app, owner, { latitude: 11.21, longitude: 13.11 });
    const away = await createFarm(t.app, owner, {
      latitude: 11.52,
      longitude: 13.42,
      name: 'Champ du fleuve',
    });
    const store = await ok<{ id: number }>(
      await send(owner, 'POST', '/api/stores', { name: 'Grenier', kind: 'home', farmId: home.id }),
      201,
    );
    const lot = await ok<{ id: number }>(
      await send(owner, 'POST', '/api/lots', {
        storeId: store.id,
        crop: 'Maize',
        grade: 'A',
        quantity: 1,
        moisture: 19,
      }),
      201,
    );
    stand.script((cell, hour) => {
      const wet =
        hour.toISOString().slice(0, 10) === utcDay(2) && hour.getUTCHours() >= 10 && hour.getUTCHours() < 16;
      return cell.latitude > 11 ? { rain: wet ? 6 : 0, wind: 2, temperature: 26 } : {};
    });
    await weatherWorker.of(t.ctx).runOnce();

    const lotAlerts = async (farmId: number) =>
      (await pageOf(owner, farmId)).alerts.filter((a) => a.lotId !== null).map((a) => [a.kind, a.lotId]);
    expect(await lotAlerts(home.id)).toEqual([['heavy_rain', lot.id]]);
    expect(await lotAlerts(away.id)).toEqual([]);
    const [note, ...more] = await weatherNotes(t, owner);
    expect(more).toHaveLength(0);
    expect(note?.text).toMatch(new RegExp(`^${home.name}: .*is drying \\(19% moisture\\)`));
  });
});

describe('a spray window', () => {
  it('tells the owner of a plan with a spray task due when the next dry, calm hours are', async () => {
    const lat = 12.1;
    const owner = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, owner, {
      latitude: 12.08,
      longitude: 14.02,
      plantingDate: inDays(-40),
    });
    const [plan] = rowsOf<{ id: number }>(
      await t.ctx.db.execute(sql`select id from crop_plans where farm_id = ${farm.id}`),
    );
    // The blight model's task (server/crops/blight-spray.ts), due tomorrow.
    await t.ctx.db.execute(sql`insert into crop_tasks (farm_id, plan_id, kind, due)
      values (${farm.id}, ${plan?.id}, 'spray', ${inDays(1)}::date)`);
    rainOn(lat, []);
    await weatherWorker.of(t.ctx).runOnce();

    const alerts = (await pageOf(owner, farm.id)).alerts;
    expect(alerts.map((a) => [a.kind, a.planId])).toEqual([['spray_window', plan?.id]]);
    expect(alerts[0]?.facts.windMs).toBeLessThanOrEqual(4.5);
    const [note, ...more] = await weatherNotes(t, owner);
    expect(more).toHaveLength(0);
    expect(note?.text).toContain(translate('en', 'weather-alerts.spray_window.title'));
  });
});

describe("the farm page's rain", () => {
  it('counts the rain of the hours gone by, not the rest of the day forecast', async () => {
    const lat = 9.6;
    const { farm } = await ripeFarm(9.58, 10.88, 'en');
    rainOn(lat, [utcDay(0)]);
    await weatherWorker.of(t.ctx).runOnce();
    const row = await weatherFarm(t.ctx.db, farm.id);
    if (!row) {
      throw new Error('no farm');
    }
    // At 07:00 in Cameroon the day's storm is still to come; at 21:00 it has fallen.
    const morning = await farmWeather(t.ctx, row, new Date(`${utcDay(0)}T06:00:00Z`));
    expect(morning).toMatchObject({ lastRain: null, rain7Mm: 0, rain30Mm: 0 });
    expect(morning.forecast[0]).toMatchObject({ date: utcDay(0), rainMm: 36 });
    const evening = await farmWeather(t.ctx, row, new Date(`${utcDay(0)}T20:00:00Z`));
    expect(evening).toMatchObject({ lastRain: { date: utcDay(0), mm: 36 }, rain7Mm: 36, rain30Mm: 36 });
  });
});

describe('planting rains', () => {
  it('tell the owner of a plan waiting to be sown once the rains have set in', async () => {
    const lat = 8.6;
    const send = sender(() => t.app);
    const owner = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await clearedFarm(t, send, owner, { latitude: 8.61, longitude: 11.42 });
    const plot = await ok<{ id: number }>(
      await send(owner, 'POST', `/api/farms/${farm.id}/plots`, { name: 'North field', area: 1 }),
      201,
    );
    const plan = await ok<{ id: number }>(
      await send(owner, 'POST', `/api/farms/${farm.id}/crop-plans`, {
        plotId: plot.id,
        crop: 'maize',
        area: 1,
        plantingDate: inDays(10),
      }),
      201,
    );
    // Two wet days just past (36 mm each), and rain every few days ahead: no long dry spell after them.
    rainOn(lat, [utcDay(-2), utcDay(-1), utcDay(2), utcDay(5)]);
    await weatherWorker.of(t.ctx).runOnce();

    const alerts = (await pageOf(owner, farm.id)).alerts;
    expect(alerts.map((a) => [a.kind, a.planId])).toEqual([['planting_rains', plan.id]]);
    const [note, ...more] = await weatherNotes(t, owner);
    expect(more).toHaveLength(0);
    expect(note?.text).toContain(translate('en', 'weather-alerts.planting_rains.title'));
    expect(note?.text).toContain('North field');
  });
});

describe.runIf(onPostgres)('two instances on one PostgreSQL', () => {
  it('send the alert once when both refresh and send at the same time', async () => {
    const second = await createSecondInstance(t);
    try {
      const lat = 7.1;
      const { owner, farm } = await ripeFarm(7.08, 10.71, 'en');
      rainOn(lat, [utcDay(2)]);
      await Promise.all([weatherWorker.of(t.ctx).runOnce(), weatherWorker.of(second.ctx).runOnce()]);
      expect(await weatherNotes(t, owner)).toHaveLength(1);

      await dueNow(lat);
      const sent = await Promise.all([
        weatherWorker.of(t.ctx).runOnce(),
        weatherWorker.of(second.ctx).runOnce(),
        sendWeatherAlerts(t.ctx, farm.id),
        sendWeatherAlerts(second.ctx, farm.id),
      ]);
      expect(sent.slice(2)).toEqual([false, false]);
      expect(await weatherNotes(second, owner)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
