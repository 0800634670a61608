// A farm's weather in the browser, in French on a small phone: a farmer's maize near harvest, the provider (the
// Open-Meteo stand-in, never the real one) forecasting heavy rain in two days; the farm page's card shows the 7-day
// forecast from Open-Meteo, and the notification centre holds the heavy-rain alert in French.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DAY_MS } from '../contract/constants';
import type { TNotification } from '../contract/notifications';
import { type OpenMeteoStandIn, startOpenMeteoStandIn } from '../server/test/open-meteo-stand-in';
import { openPage, registerFrench, SMALL_PHONE, sharedBrowser, textOf, visible } from './browser';
import { type ServerProcess, startServer } from './server-process';

const browser = sharedBrowser();

/** Days ago the maize was sown: FAO-56 Table 11's maize (Nigeria) is in its late stage from day 95, near harvest. */
const SOWN_DAYS_AGO = 100;
/** The day the stand-in pours its rain, from today (UTC): inside the 7-day forecast whatever the hour. */
const RAIN_IN_DAYS = 2;
/** Three afternoon hours of 12 mm: 36 mm, over the 20 mm of a very heavy rain day (ETCCDI R20mm). */
const RAIN_HOURS_UTC = [13, 14, 15];
const RAIN_MM_PER_HOUR = 12;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

let stand: OpenMeteoStandIn;
let server: ServerProcess;
let dataDir: string;
beforeAll(async () => {
  stand = await startOpenMeteoStandIn();
  const rainDay = isoDay(Date.now() + RAIN_IN_DAYS * DAY_MS);
  stand.script((_cell, utcHour) =>
    isoDay(utcHour.getTime()) === rainDay && RAIN_HOURS_UTC.includes(utcHour.getUTCHours())
      ? { rain: RAIN_MM_PER_HOUR }
      : {},
  );
  dataDir = mkdtempSync(join(tmpdir(), 'terroir-e2e-weather-'));
  server = await startServer({
    dataDir,
    webDist: inject('webDist'),
    env: {
      DEMO_DATA: 'false',
      WEATHER: 'open-meteo',
      WEATHER_BASE_URL: stand.url,
      WEATHER_ARCHIVE_BASE_URL: stand.url,
      WEATHER_POLL_MS: '200',
    },
  });
}, 240_000);
afterAll(async () => {
  await server?.stop();
  await stand?.close();
  if (dataDir) {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

describe('weather', () => {
  it("shows a farm's 7-day forecast from Open-Meteo and a heavy-rain alert in French on a phone", async () => {
    const { context, page } = await openPage(browser(), {
      viewport: SMALL_PHONE,
      locale: 'fr-FR',
      server: server.url,
    });
    // French before the farm exists: the alert is written in its owner's language when the worker sends it.
    await registerFrench(page, 'meteo', 'farmer');
    const created = await page.request.post('/api/farms', {
      data: {
        name: 'Ferme de la pluie',
        size: 2,
        latitude: 5.48,
        longitude: 10.42,
        elevation: 1450,
        crop: 'maize',
        plantingDate: isoDay(Date.now() - SOWN_DAYS_AGO * DAY_MS),
      },
    });
    expect(created.status()).toBe(201);
    const farmId: number = (await created.json()).id;

    // The worker makes the farm's cell, fetches it from the stand-in, then sends the alert.
    const weatherAlerts = async () =>
      ((await (await page.request.get('/api/notifications')).json()) as TNotification[]).filter(
        (n) => n.type === 'weather_alert',
      );
    await expect.poll(async () => (await weatherAlerts()).length, { timeout: 60_000 }).toBe(1);
    expect(stand.requests.some((r) => r.path === '/v1/forecast')).toBe(true);

    await page.goto(`/farms?farm=${farmId}`);
    const card = page.getByTestId('farm-weather');
    await visible(card);
    await textOf(card.getByTestId('weather-source'), 'Open-Meteo');
    await textOf(card, 'Les 7 prochains jours');
    const days = card.getByTestId('forecast-day');
    await expect.poll(() => days.count()).toBe(7);
    // Each column says its day in French (the weekday's short name), as does the hidden table for screen readers.
    for (let i = 0; i < 7; i++) {
      expect(await days.nth(i).locator('span').first().textContent()).toMatch(
        /^(lun|mar|mer|jeu|ven|sam|dim)\.$/,
      );
    }
    expect(await card.locator('table tbody tr').count()).toBe(7);
    await textOf(card.locator('table caption'), 'Prévisions sur 7 jours');
    await textOf(card, 'Fortes pluies annoncées');

    // On a phone the notification centre is in the menu.
    await page.getByRole('button', { name: /^Ouvrir le menu/ }).click();
    await page.getByRole('button', { name: 'Notifications, 1 non lue' }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await visible(panel);
    const item = panel.getByRole('listitem').filter({ hasText: 'Ferme de la pluie' }).first();
    await textOf(item, 'Ferme de la pluie : Fortes pluies annoncées.');
    await textOf(item, 'mm de pluie sont prévus le');
    await textOf(item, 'près de la récolte de votre');
    await context.close();
  }, 180_000);
});
