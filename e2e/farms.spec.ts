// Browser flows of the farm analytics screen: create a farm, upload sensor CSV, generate and read each analysis.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_HEIGHT, positionAt, START_VIEW } from '../web/lib/map-tiles';
import {
  baseUrl,
  grantRole,
  launch,
  myId,
  openPage,
  PHONE,
  registerViaUi,
  seriousViolations,
  textOf,
  visible,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const HOUR = 3_600_000;

/** Ten days of hourly weather ending an hour ago (a smooth daily cycle; the figures only need to be plausible). */
function weatherCsv(): string {
  const end = Math.floor(Date.now() / HOUR) * HOUR - HOUR;
  const lines = ['timestamp,type,value'];
  for (let h = 240; h >= 0; h--) {
    const time = end - h * HOUR;
    const iso = new Date(time).toISOString();
    const phase = Math.sin((2 * Math.PI * (new Date(time).getUTCHours() - 8)) / 24);
    lines.push(`${iso},temperature,${(22 + 5 * phase).toFixed(1)}`);
    lines.push(`${iso},humidity,${(75 - 15 * phase).toFixed(1)}`);
    lines.push(`${iso},wind_speed,${(1.5 + phase).toFixed(1)}`);
    lines.push(`${iso},rainfall,${h % 72 === 15 ? 12 : 0}`);
  }
  return `${lines.join('\n')}\n`;
}

async function createFarmViaUi(page: Page, name: string) {
  await page.goto('/farms');
  await visible(page.getByRole('heading', { name: /Create your farm|Créez votre ferme/ }));
  await page.getByLabel(/Farm name|Nom de la ferme/).fill(name);
  await page.getByLabel(/Size|Superficie/).fill('2,5');
  await page.getByLabel(/^Latitude/).fill('5.48');
  await page.getByLabel(/^Longitude/).fill('10.42');
  await page.getByLabel(/Elevation|Altitude/).fill('1450');
  const planted = new Date(Date.now() - 60 * 24 * HOUR).toISOString().slice(0, 10);
  await page.getByLabel(/Planting date|Date de semis/).fill(planted);
  await page.getByRole('button', { name: /Create farm|Créer la ferme/ }).click();
}

async function uploadCsv(page: Page, csv: string) {
  await page.getByLabel(/^(CSV file|Fichier CSV)$/).setInputFiles({
    name: 'weather.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: /^(Upload|Importer)$/ }).click();
}

describe('farm analytics', () => {
  it('creates a farm, reports bad CSV rows, stores a good file and generates each analysis', async () => {
    const { context, page } = await openPage(browser);
    await registerViaUi(page, { role: 'farmer' });
    await createFarmViaUi(page, 'Ferme e2e');
    await textOf(page.getByTestId('farm-size'), '2.5 ha');
    await visible(page.getByText('No temperature readings yet'));
    // Device set-up is for technicians: plain words for the farmer, the exact instructions folded away.
    await visible(page.getByText('Connect a weather station or sensor: a technician sets it up'));
    const instructions = page.getByText('POST /api/devices/sensor-data');
    expect(await instructions.isVisible()).toBe(false);
    await page.getByText('For technicians', { exact: true }).click();
    await visible(instructions);
    await textOf(instructions, 'Authorization: Bearer');

    const stamp = new Date(Date.now() - 5 * HOUR).toISOString();
    await uploadCsv(page, `timestamp,type,value\n${stamp},temperature,21\n${stamp},humidity,140\n`);
    const errors = page.getByTestId('csv-row-errors');
    await textOf(errors, 'Line 3, value: Humidity must be between 0 and 100 %');
    await visible(page.getByText('The file was refused'));

    await uploadCsv(page, weatherCsv());
    await visible(page.getByText('964 readings stored'));
    await visible(page.getByRole('progressbar', { name: 'Upload progress' }));
    await visible(page.getByTestId('temperature-chart').getByRole('img'));
    const box = await page.getByTestId('temperature-chart').boundingBox();
    expect(box?.height).toBe(300);
    // The chart draws a sample; every reading is one tap away, as a CSV file.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download every reading (CSV)' }).click();
    const file = await (await download).createReadStream();
    const csv = (await file.toArray()).join('');
    expect(csv.trim().split('\n')).toHaveLength(1 + 964);

    await page.getByLabel('Irrigation applied (mm)').fill('12,5');
    await page.getByLabel('Pest or disease seen (optional)').fill('fall armyworm');
    await page.getByLabel('Severity').selectOption('2');
    await page.getByRole('button', { name: 'Save survey' }).click();
    await visible(page.getByText('Irrigation 12.5 mm'));
    await visible(page.getByText('fall armyworm (severity 2/3)'));

    await page.getByRole('tab', { name: 'Yield' }).click();
    await visible(page.getByText('No result yet'));
    await page.getByRole('button', { name: 'Generate Yield Prediction' }).click();
    await textOf(page.getByTestId('predicted-yield'), 'tons/hectare');
    expect(await page.getByTestId('predicted-yield').textContent()).toMatch(/^\d+\.\d{2} tons\/hectare$/);
    expect(await page.getByTestId('confidence').textContent()).toMatch(/^\d+\.\d %$/);
    // Said to be a potential, with what farms commonly harvest beside it (none documented without a country).
    await textOf(page.getByTestId('yield-potential-note'), 'Water-limited potential');
    await textOf(page.getByTestId('typical-yields'), 'What farms here commonly harvest');
    await visible(page.getByText('FAO-33 yield response to water'));
    await textOf(page.getByTestId('method-source'), 'FAO-56 eq. 90 (FAO-33), Table 24; daily balance eq. 85');

    await page.getByRole('tab', { name: 'Resources' }).click();
    await page.getByRole('button', { name: 'Analyze Resource Usage' }).click();
    await textOf(page.getByTestId('water-current'), 'mm');
    await visible(page.getByText('FAO-56 Penman–Monteith reference evapotranspiration').first());
    await visible(page.getByRole('heading', { name: 'Recommendations' }));
    await visible(page.getByRole('heading', { name: 'Estimated or assumed' }));

    await page.getByRole('tab', { name: 'Risks' }).click();
    await page.getByRole('button', { name: 'Generate Risk Assessment' }).click();
    expect(
      await page
        .getByTestId('risk-score')
        .textContent({ timeout: 15_000 })
        .then((text) => text ?? ''),
    ).toMatch(/^\d+\.\d %$/);
    await visible(page.getByText('Published weather rules for pests and diseases'));
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("fills the farm's position from the phone, and says why not when location is refused", async () => {
    const { context, page } = await openPage(browser, { viewport: PHONE });
    await context.grantPermissions(['geolocation'], { origin: baseUrl() });
    await context.setGeolocation({ latitude: 5.478123456, longitude: 10.417249, accuracy: 12 });
    await registerViaUi(page, { role: 'farmer' });
    await page.goto('/farms');
    await visible(page.getByRole('heading', { name: 'Create your farm' }));
    await page.getByRole('button', { name: 'Use my location' }).click();
    await visible(
      page.getByText('Latitude and longitude filled in from your phone (accurate to about 12 m).'),
    );
    expect(await page.getByLabel(/^Latitude/).inputValue()).toBe('5.47812');
    expect(await page.getByLabel(/^Longitude/).inputValue()).toBe('10.41725');
    // The typed fields stay, for a correction or a phone without GPS.
    await page.getByLabel(/^Latitude/).fill('5.5');
    expect(await page.getByLabel(/^Latitude/).inputValue()).toBe('5.5');

    await context.clearPermissions();
    await page.getByRole('button', { name: 'Use my location' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Location access was refused' }));
    await context.close();
  });

  it('places the farm where the farmer taps the map, with no tiles (offline), and moves the pin by keyboard', async () => {
    const { page } = await openPage(browser, { viewport: PHONE });
    await registerViaUi(page, { role: 'farmer' });
    await page.goto('/farms');
    const map = page.getByRole('application', { name: 'Farm map' });
    await visible(map);
    await visible(page.getByText('© OpenStreetMap contributors'));
    // The arrow keys place the pin (in the middle at first), then move it: east is a larger longitude.
    await map.focus();
    await page.keyboard.press('ArrowUp');
    const latitude = page.getByLabel(/^Latitude/);
    const longitude = page.getByLabel(/^Longitude/);
    const first = {
      latitude: Number(await latitude.inputValue()),
      longitude: Number(await longitude.inputValue()),
    };
    expect(first.latitude).toBeCloseTo(START_VIEW.center.latitude, 0);
    await page.keyboard.press('ArrowRight');
    expect(Number(await longitude.inputValue())).toBeGreaterThan(first.longitude);

    // Zoomed in once with the 44 px button, then a tap: the pin and the fields go where the finger went.
    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    const button = await zoomIn.boundingBox();
    expect(button?.width).toBeGreaterThanOrEqual(44);
    expect(button?.height).toBeGreaterThanOrEqual(44);
    await zoomIn.click();
    const box = await map.boundingBox();
    if (!box) {
      throw new Error('the map has no box');
    }
    expect(box.height).toBe(MAP_HEIGHT);
    const tap = { x: 70, y: 180 };
    await map.click({ position: tap });
    const tapped = positionAt(START_VIEW.center, START_VIEW.zoom + 1, tap, box.width, box.height);
    await visible(page.getByTestId('farm-map-pin'));

    await page.getByLabel('Farm name').fill('Pinned farm');
    await page.getByLabel(/Size/).fill('3');
    await page.getByLabel(/Elevation/).fill('1450');
    await page.getByRole('button', { name: 'Create farm' }).click();
    await textOf(page.getByTestId('farm-size'), '3 ha');
    const [farm] = (await (await page.request.get('/api/farms')).json()) as {
      latitude: number;
      longitude: number;
    }[];
    expect(farm?.latitude).toBeCloseTo(tapped.latitude, 5);
    expect(farm?.longitude).toBeCloseTo(tapped.longitude, 5);
    await page.context().close();
  });

  it('tells a buyer and a driver where their work is instead of asking them to create a farm', async () => {
    const buyer = await openPage(browser);
    await registerViaUi(buyer.page, { role: 'buyer' });
    const driver = await openPage(browser, { viewport: PHONE });
    await registerViaUi(driver.page);
    await grantRole(browser, await myId(driver.page), 'delivery');
    for (const path of ['/farms', '/financial']) {
      await buyer.page.goto(path);
      const notice = buyer.page.getByTestId('no-farm-notice');
      await textOf(notice, 'As a buyer you do not keep a farm here.');
      await visible(notice.getByRole('link', { name: 'Orders' }));
      expect(await buyer.page.getByRole('heading', { name: 'Create your farm' }).count()).toBe(0);

      await driver.page.goto(path);
      if (path === '/farms') {
        await textOf(driver.page.getByTestId('no-farm-notice'), 'As a driver you do not keep a farm here.');
      } else {
        // A driver's money screen is their earnings from delivery fees (issue 28 item 2).
        await visible(driver.page.getByRole('heading', { level: 1, name: 'My earnings' }));
        await textOf(driver.page.getByTestId('earnings-summary'), '0 jobs');
      }
      expect(await driver.page.getByLabel('Farm name').count()).toBe(0);
    }
    // The server agrees: neither may create one.
    for (const party of [buyer, driver]) {
      const res = await party.page.request.post('/api/farms', {
        data: {
          name: 'Not mine',
          size: 1,
          latitude: 5,
          longitude: 10,
          elevation: 500,
          crop: 'maize',
          plantingDate: '2026-03-01',
        },
      });
      expect(res.status()).toBe(403);
      await party.context.close();
    }
  });

  it('reads the analyses in French on a phone', async () => {
    const { context, page } = await openPage(browser, { viewport: PHONE });
    await registerViaUi(page, { role: 'farmer' });
    await page.getByRole('button', { name: /menu/i }).first().click();
    const saved = page.waitForResponse((res) => res.url().endsWith('/api/user/language') && res.ok());
    await page.getByRole('button', { name: 'Français' }).click();
    await saved;
    await createFarmViaUi(page, 'Ferme de Dschang');
    await textOf(page.getByTestId('farm-size'), '2,5 ha');
    await visible(page.getByText('Connectez une station météo ou un capteur'));
    const instructions = page.getByText('Authorization: Bearer');
    expect(await instructions.isVisible()).toBe(false);
    await page.getByText('Pour les techniciens', { exact: true }).click();
    await visible(instructions);
    await uploadCsv(page, weatherCsv());
    await visible(page.getByText('964 mesures enregistrées'));

    await page.getByRole('tab', { name: 'Rendement' }).click();
    await page.getByRole('button', { name: 'Générer la prévision de rendement' }).click();
    await textOf(page.getByTestId('predicted-yield'), 'tonnes/hectare');
    expect(await page.getByTestId('predicted-yield').textContent()).toMatch(/^\d+,\d{2}\stonnes\/hectare$/);
    await textOf(page.getByTestId('yield-potential-note'), "Potentiel limité par l'eau");
    await visible(page.getByRole('heading', { name: 'Données utilisées' }));
    // The method line is French, its references exact.
    await textOf(
      page.getByTestId('method-source'),
      'FAO-56 éq. 90 (FAO-33), tableau 24 ; bilan hydrique journalier éq. 85',
    );

    await page.getByRole('tab', { name: 'Ressources' }).click();
    await page.getByRole('button', { name: "Analyser l'utilisation des ressources" }).click();
    await textOf(page.getByTestId('water-current'), 'mm');
    await visible(page.getByText('Évapotranspiration de référence (ET0)').first());
    await textOf(page.getByTestId('method-source'), 'règles du chapitre 3 pour les données manquantes');

    await page.getByRole('tab', { name: 'Risques' }).click();
    await page.getByRole('button', { name: "Générer l'évaluation des risques" }).click();
    await textOf(page.getByTestId('risk-score'), '%');
    await visible(page.getByRole('heading', { name: 'Recommandations' }));
    await context.close();
  });
});
