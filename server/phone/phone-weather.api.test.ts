// The weather by phone through the real server, the provider a local stand-in: SMS METEO (fr) and WEATHER (en)
// answer the farm's next three days and its alert in one SMS, "no weather yet" before the first fetch and without
// a farm; the USSD Farm menu's Weather entry shows the same on one screen.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TFarmWeather } from '../../contract/weather';
import { fitsUssd, smsLength } from '../channels/sms-text';
import { shiftIsoDate } from '../crops/calendar/stages';
import { outboundWorker } from '../notifications/outbound-worker';
import { createFarm, userWithRole } from '../test/factories';
import { call, createTestApp, type TestApp } from '../test/harness';
import { type OpenMeteoStandIn, startOpenMeteoStandIn } from '../test/open-meteo-stand-in';
import { type ProviderStandIn, smsProviderEnv, startProviderStandIn } from '../test/provider-stand-in';
import { setVerifiedPhone } from '../users/phone.repo';
import { weatherWorker } from '../weather/weather-worker';

const KEY = 'callback-key-0123456789';

let sms: ProviderStandIn;
let weather: OpenMeteoStandIn;
let t: TestApp;
let numbers = 0;
let messages = 0;

beforeAll(async () => {
  sms = await startProviderStandIn();
  weather = await startOpenMeteoStandIn();
  t = await createTestApp({
    ...smsProviderEnv(sms, KEY),
    OUTBOUND_POLL_MS: '600000',
    // The worker runs when a test says so (runOnce), never on its own.
    WEATHER_POLL_MS: '3600000',
    WEATHER: 'open-meteo',
    WEATHER_BASE_URL: weather.url,
    WEATHER_ARCHIVE_BASE_URL: weather.url,
  });
});
afterAll(async () => {
  await t.close();
  await weather.close();
  await sms.close();
});
beforeEach(() => {
  sms.sms.length = 0;
});

const today = () => new Date().toISOString().slice(0, 10);

/** A farmer with a proven number, in `language`, and (unless told) a farm of maize near harvest. */
async function farmer(language: 'en' | 'fr', farm: Record<string, unknown> | null = {}) {
  const session = await userWithRole(t.app, t.ctx, 'farmer');
  numbers += 1;
  const phone = `+23769${String(1_000_000 + numbers * 7219).padStart(7, '0')}`;
  await setVerifiedPhone(t.ctx.db, session.user.id, {
    e164: phone,
    countryCode: '+237',
    phoneNumber: phone.slice(4),
    via: 'sms',
  });
  await call(t.app, session.cookie, { method: 'PATCH', url: '/api/user/language', payload: { language } });
  const made =
    farm === null
      ? null
      : await createFarm(t.app, session, { plantingDate: shiftIsoDate(today(), -100), ...farm });
  return { ...session, phone, farmId: made?.id ?? 0 };
}

async function exchange(phone: string, text: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/channels/sms/inbound?key=${KEY}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      from: phone,
      to: '1234',
      text,
      date: '2026-11-24 10:00:00',
      id: `ATXid_weather${++messages}`,
      linkId: 'l1',
    }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  await outboundWorker.of(t.ctx).runOnce();
  const replies = sms.sms.filter((m) => m.form.to === phone).map((m) => m.form.message ?? '');
  sms.sms.length = 0;
  expect(replies, text).toHaveLength(1);
  return replies[0] as string;
}

let sessions = 0;

async function ussd(phone: string, path: string): Promise<string> {
  sessions += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/channels/ussd?key=${KEY}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      sessionId: `ATUid_weather${sessions}`,
      serviceCode: '*384*1234#',
      phoneNumber: phone,
      networkCode: '62401',
      text: path,
    }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(fitsUssd(res.body.slice(4)), res.body).toBe(true);
  return res.body;
}

const pageOf = async (f: { cookie: string; farmId: number }) => {
  const res = await call(t.app, f.cookie, { method: 'GET', url: `/api/farms/${f.farmId}/weather` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TFarmWeather>();
};

/** Runs the weather worker, and sends (and forgets) the alert message a refresh may send. */
async function refresh() {
  await weatherWorker.of(t.ctx).runOnce();
  await outboundWorker.of(t.ctx).runOnce();
  sms.sms.length = 0;
}

/**
 * Heavy rain (6 mm an hour from 06:00 to 17:59 UTC, 72 mm) the day after tomorrow on every cell, dry otherwise: the only heavy-rain alert
 * on a plan near harvest. Within one local day in West Africa (UTC+0 or +1), and still ahead when the test runs just
 * after midnight (a whole UTC day of rain would straddle two local days, and tomorrow may be today there).
 */
const rainAhead = () =>
  weather.script((_cell, hour) =>
    hour.toISOString().slice(0, 10) === shiftIsoDate(today(), 2) &&
    hour.getUTCHours() >= 6 &&
    hour.getUTCHours() < 18
      ? { rain: 6 }
      : // Dry otherwise: the made-up weather's own storms reach 20 mm on some days, another heavy-rain alert.
        { rain: 0 },
  );

const mm = (lang: 'en' | 'fr', rain: number | null) =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: (rain ?? 0) < 1 ? 1 : 0 }).format(rain ?? 0);

/** A forecast day's line as the SMS goes (GSM-7: – spelled -, °C written C), from the farm page's own figures. */
function dayLine(lang: 'en' | 'fr', day: TFarmWeather['forecast'][number]): RegExp {
  const rain = mm(lang, day.rainMm);
  const range = `${Math.round(day.tMin ?? 0)}-${Math.round(day.tMax ?? 0)}`;
  const date = Number(day.date.slice(8, 10));
  return lang === 'fr'
    ? new RegExp(`^[a-z]{3}\\. ${date} : ${rain} mm, ${range} C$`)
    : new RegExp(`^[A-Z][a-z]{2} ${date}: ${rain} mm, ${range}C$`);
}

describe('WEATHER / METEO by SMS, and the USSD Farm menu', () => {
  it('answers in French the next 3 days and the alert in one SMS, the same on USSD, and says when stale', async () => {
    rainAhead();
    const f = await farmer('fr', { latitude: 4.05, longitude: 9.7 });
    expect(await exchange(f.phone, 'METEO')).toBe(
      'Pas encore de météo pour votre ferme : réessayez dans une heure.',
    );
    await refresh();
    const page = await pageOf(f);
    expect(page.alerts.map((a) => a.kind)).toEqual(['heavy_rain']);
    const reply = await exchange(f.phone, 'météo');
    expect(smsLength(reply)).toMatchObject({ encoding: 'gsm7', segments: 1 });
    const lines = reply.split('\n');
    expect(lines).toHaveLength(4);
    page.forecast.slice(0, 3).forEach((day, i) => {
      expect(lines[i]).toMatch(dayLine('fr', day));
    });
    // The alert's one-line text, the crop as a French reader names it (Maïs, spelled in GSM-7).
    expect(lines[3]).toMatch(/^72 mm de pluie le [a-z]{3}\. \d+ [a-zé]+\.? : protégez votre Mais$/);
    expect(await exchange(f.phone, 'Météo')).toBe(reply);

    // USSD: Farm (6), then Weather (8), whether or not the week has tasks.
    expect(await ussd(f.phone, '6')).toBe(
      'CON Aucune tâche agricole en cours cette semaine.\n8 Météo\n0 Retour',
    );
    expect(await ussd(f.phone, '6*8')).toBe(`END ${reply}`);
    const task = await call(t.app, f.cookie, {
      method: 'POST',
      url: `/api/farms/${f.farmId}/tasks`,
      payload: { title: 'Sarcler', due: today() },
    });
    expect(task.statusCode, task.body).toBe(201);
    expect(await ussd(f.phone, '6')).toMatch(
      /^CON Tâches de la semaine :\n1 Sarcler, .+\n8 Météo\n0 Retour$/,
    );
    expect(await ussd(f.phone, '6*8')).toBe(`END ${reply}`);
    expect(await ussd(f.phone, '6*5')).toMatch(/^CON Choix non valide\.\nTâches de la semaine/);

    // The provider unreachable for hours: the weather held, and when it was fetched (Douala: UTC+1).
    await t.ctx.db.execute(
      sql`update weather_cells set fetched_at = ${new Date('2026-11-20T08:30:00Z')} where latitude = 4.1 and longitude = 9.7`,
    );
    const staleReply = await exchange(f.phone, 'METEO');
    const stale = staleReply.split('\n');
    expect(stale[0]).toBe('Météo non mise à jour depuis le 20 nov., 09:30.');
    // One SMS still: the days shortened to make room, the alert whole.
    expect(smsLength(staleReply).segments).toBe(1);
    expect(stale.slice(1, 4)).toEqual(
      page.forecast
        .slice(0, 3)
        .map(
          (d) =>
            `${Number(d.date.slice(8))} : ${mm('fr', d.rainMm)}mm ${Math.round(d.tMin ?? 0)}-${Math.round(d.tMax ?? 0)} C`,
        ),
    );
    expect(stale[4]).toBe(lines[3]);
  });

  it('answers WEATHER in English, names the farm of several, and takes one by its name', async () => {
    rainAhead();
    const f = await farmer('en', { name: 'Hill farm', latitude: 5.95, longitude: 10.15 });
    const second = await createFarm(t.app, f, { name: 'River plot', latitude: 6.25, longitude: 10.45 });
    await refresh();
    const first = (await exchange(f.phone, 'WEATHER')).split('\n');
    expect(first[0]).toBe('Hill farm:');
    const page = await pageOf(f);
    page.forecast.slice(0, 3).forEach((day, i) => {
      expect(first[i + 1]).toMatch(dayLine('en', day));
    });
    // The stand-in's own weather may bring the heavy rain sooner than the scripted one.\n    expect(first[4]).toMatch(/^[\d.]+ mm of rain on [A-Z][a-z]{2}, [A-Z][a-z]{2} \d+: protect your Maize$/);
    const river = (await exchange(f.phone, 'weather river')).split('\n');
    expect(river[0]).toBe('River plot:');
    const riverPage = await pageOf({ cookie: f.cookie, farmId: second.id });
    expect(river[1]).toMatch(dayLine('en', riverPage.forecast[0] as TFarmWeather['forecast'][number]));
    expect(await exchange(f.phone, 'WEATHER Lake')).toBe(
      'No farm named "Lake". Your farms: Hill farm, River plot.',
    );
  });

  it('says so to a farmer with no farm', async () => {
    const f = await farmer('en', null);
    expect(await exchange(f.phone, 'weather')).toBe(
      'No farm on your account: add one in the app (Farms) to get its weather.',
    );
    const fr = await farmer('fr', null);
    expect(await exchange(fr.phone, 'MÉTÉO')).toBe(
      "Aucune ferme sur votre compte : ajoutez-en une dans l'appli (Fermes) pour avoir sa météo.",
    );
  });
});
