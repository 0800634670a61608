// Stock in the browser, in French on a small phone: amina's harvest (its stored part) becomes a lot on /stock, she
// adds a photo of it, lists part of it, kofi sees the listing's photo and where and how dry the goods are and bids,
// she accepts, the lot gives up what was sold, and a loss she records lowers its quantity and its value.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TCropPlan, TPlots } from '../contract/crop-plans';
import type { TLotDetail } from '../contract/stock';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/demo/accounts';
import { tinyPng } from '../server/test/images';
import {
  hidden,
  openPage,
  SMALL_PHONE,
  sharedBrowser,
  textOf,
  toastWith,
  uniqueName,
  visible,
} from './browser';
import { expectJson } from './sale-by-api';

const browser = sharedBrowser();
/** `E2E_SHOTS=<dir>`: each step saved there as the test passes it, for looking at what users see. */
const shot = (page: Page, file: string) =>
  process.env.E2E_SHOTS
    ? page.screenshot({ path: `${process.env.E2E_SHOTS}/${file}.png`, fullPage: true })
    : null;

/** Money as the web app writes it in French (lib/format.ts: fr-FR, the e2e server's US dollars), spaces made plain. */
const dollars = (amount: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'USD' }).format(amount).replace(/\s/g, ' ');
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
/** Whether an image has arrived and been drawn. */
const loaded = (img: Locator) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Sorghum: no demo listing or trade sells it, so the test's trade makes its only price (the lot has none before) and
 * no other spec's market moves.
 */
const CROP = 'sorghum';
/** Its name on the French marketplace. */
const SHOWN = 'Sorgho';
/** The listing's price per ton, written the French way and unlike any other listing's: it finds the card. */
const PRICE = '317,43';
const BID = 320;

/** A demo account signed in on a small French phone (its language said again, and put back by `restore`). */
async function demoPhone(username: string) {
  const demo = DEMO_USERS.find((user) => user.username === username);
  if (!demo) {
    throw new Error(`no demo account ${username}`);
  }
  const { context, page } = await openPage(browser(), { viewport: SMALL_PHONE, locale: 'fr-FR' });
  await expectJson(page.request.post('/api/login', { data: { username, password: DEMO_PASSWORD } }), 200);
  await expectJson(page.request.patch('/api/user/language', { data: { language: 'fr' } }), 200);
  const restore = async () => {
    await page.request.patch('/api/user/language', { data: { language: demo.language } });
    await context.close();
  };
  return { context, page, restore };
}

/**
 * A sorghum plan of amina's own on a new half-hectare plot of her first farm (grown by that much when her demo plots
 * fill it), harvested through the API: 5 t, 4 of them stored at 13 % moisture, grade A. `restore` archives the plot
 * and gives the farm its size back.
 */
async function harvestOfHerOwn(page: Page, variety: string) {
  const farms = await expectJson<{ id: number; size: number }[]>(page.request.get('/api/farms'), 200);
  const farm = farms[0];
  if (!farm) {
    throw new Error('amina has no farm');
  }
  const plots = await expectJson<TPlots>(page.request.get(`/api/farms/${farm.id}/plots`), 200);
  const grown = plots.farmSize - plots.plottedArea < 0.5;
  if (grown) {
    await expectJson(page.request.patch(`/api/farms/${farm.id}`, { data: { size: farm.size + 0.5 } }), 200);
  }
  const plot = await expectJson<{ id: number }>(
    page.request.post(`/api/farms/${farm.id}/plots`, { data: { name: variety, area: 0.5 } }),
    201,
  );
  const plan = await expectJson<TCropPlan>(
    page.request.post(`/api/farms/${farm.id}/crop-plans`, {
      data: { plotId: plot.id, crop: CROP, variety, area: 0.5, plantingDate: daysAgo(120) },
    }),
    201,
  );
  await expectJson(
    page.request.post(`/api/crop-plans/${plan.id}/harvests`, {
      data: {
        date: today(),
        quantity: 5,
        unit: 't',
        grade: 'A',
        moisture: 13,
        final: true,
        uses: { sold: 1, stored: 4 },
      },
    }),
    201,
  );
  const restore = async () => {
    await expectJson(
      page.request.patch(`/api/farms/${farm.id}/plots/${plot.id}`, { data: { archived: true } }),
      200,
    );
    if (grown) {
      await expectJson(page.request.patch(`/api/farms/${farm.id}`, { data: { size: farm.size } }), 200);
    }
  };
  return { restore };
}

/** The lot page's figures: free, reserved and total, as written. */
async function figures(page: Page) {
  const lot = page.getByTestId('lot-detail');
  return {
    free: plain(await lot.getByTestId('lot-free').textContent()),
    reserved: plain(await lot.getByTestId('lot-reserved').textContent()),
    total: plain(await lot.getByTestId('lot-total').textContent()),
  };
}

describe('stock', () => {
  it('amina harvests into a lot, photographs and lists part of it, kofi bids, she sells it and records a loss', async () => {
    const amina = await demoPhone('amina');
    const kofi = await demoPhone('kofi');
    const { page } = amina;
    const variety = uniqueName('Sorgho');
    let listingId: number | null = null;
    try {
      const harvest = await harvestOfHerOwn(page, variety);
      try {
        // The harvest's stored part is a lot in her home store: 4 t free, no price yet for sorghum.
        await page.goto('/stock');
        await visible(page.getByRole('heading', { level: 1, name: 'Stocks' }));
        const row = page.getByTestId('lot-row').filter({ hasText: variety });
        await textOf(row, 'Catégorie A');
        await textOf(row, 'Humidité 13 %');
        await textOf(row.getByTestId('lot-free'), '4 t');
        await textOf(row.getByTestId('lot-value'), 'Pas encore de prix');
        await shot(page, 'stock-fr-phone');
        await row.getByRole('link').click();
        await page.waitForURL(/\/stock\?lot=\d+$/);
        const lotId = Number(new URL(page.url()).searchParams.get('lot'));
        const lot = page.getByTestId('lot-detail');
        await textOf(lot.getByRole('heading', { level: 1 }), 'Catégorie A');
        await expect.poll(() => figures(page)).toEqual({ free: '4 t', reserved: '0 t', total: '4 t' });

        // A photo of the lot (a PNG made here), shrunk on the phone before it is sent.
        await lot.getByRole('button', { name: 'Ajouter des photos' }).click();
        const photos = page.getByRole('dialog');
        await photos.getByLabel('Ajouter des photos').setInputFiles({
          name: 'sorgho.png',
          mimeType: 'image/png',
          buffer: tinyPng({ size: 48, rgb: [150, 90, 50] }),
        });
        await visible(photos.getByRole('img', { name: 'Photo n° 1' }));
        await photos.getByRole('button', { name: 'Ajouter les photos' }).click();
        await hidden(photos);
        const lotThumb = lot.getByRole('button', { name: /^Ouvrir la photo de / });
        await lotThumb.scrollIntoViewIfNeeded();
        await expect.poll(() => loaded(lotThumb.locator('img')), { timeout: 15_000 }).toBe(true);

        // "List this lot": the marketplace's form opens with the lot chosen, its crop and grade filled in.
        await lot.getByRole('link', { name: 'Mettre ce lot en vente' }).click();
        await page.waitForURL(/\/marketplace\?listLot=\d+/);
        const add = page.getByRole('dialog');
        await visible(add.getByLabel("Tiré d'un lot"));
        // Chosen once her lots have loaded (the choice waits for its option).
        await expect.poll(() => add.getByLabel("Tiré d'un lot").inputValue()).toBe(String(lotId));
        await textOf(add, 'Au plus 4 t libres dans ce lot.');
        await expect.poll(() => add.getByLabel('Nom').inputValue()).toBe(SHOWN);
        await add.getByLabel('Quantité (tonnes)').fill('1,5');
        await add.getByLabel('Prix par tonne').fill(PRICE);
        // The listing's own photo of the goods (a listing does not show its lot's photos).
        await add.getByLabel('Ajouter des photos').setInputFiles({
          name: 'sorgho-annonce.png',
          mimeType: 'image/png',
          buffer: tinyPng({ size: 48, rgb: [160, 100, 60] }),
        });
        await visible(add.getByRole('img', { name: 'Photo n° 1' }));
        await add.getByRole('button', { name: 'Mettre en vente' }).click();
        await hidden(add);
        // The listing reserves its 1,5 t from the lot (sent through the outbox: awaited on the server).
        const lotListings = async () =>
          (await expectJson<TLotDetail>(page.request.get(`/api/lots/${lotId}`), 200)).listings;
        await expect.poll(async () => (await lotListings()).map((l) => l.quantity)).toEqual([1.5]);
        listingId = (await lotListings())[0]?.id ?? null;

        // kofi, on his phone, finds the listing: its photo, and where and how dry the goods are.
        await kofi.page.goto('/marketplace');
        await visible(kofi.page.getByRole('heading', { level: 1, name: 'Marché' }));
        const card = kofi.page.getByTestId('commodity-row').filter({ hasText: PRICE });
        // The marketplace names the listing in the reader's language.
        await textOf(card, SHOWN);
        await textOf(card.getByTestId('listing-stock'), 'Stocké à');
        await textOf(card.getByTestId('listing-stock'), 'humidité 13 %');
        const thumb = card.getByRole('button', { name: `Ouvrir la photo de ${SHOWN}` });
        await thumb.scrollIntoViewIfNeeded();
        await expect.poll(() => loaded(thumb.locator('img')), { timeout: 15_000 }).toBe(true);
        await shot(kofi.page, 'stock-fr-buyer');
        await card.getByRole('button', { name: 'Faire une offre' }).click();
        const bid = kofi.page.getByRole('dialog');
        await textOf(bid.getByTestId('listing-stock'), 'humidité 13 %');
        await bid.getByLabel('Prix par tonne').fill(String(BID));
        await bid.getByLabel('Quantité (tonnes)').fill('1');
        await bid.getByRole('button', { name: 'Faire une offre' }).click();
        await visible(toastWith(kofi.page, 'Offre envoyée avec succès'));

        // amina accepts: 1 t sold, 0,5 t still listed.
        await page.goto('/marketplace');
        const received = page
          .getByTestId('received-bid')
          .filter({ hasText: 'kofi' })
          .filter({ hasText: SHOWN });
        await visible(received);
        await received.getByRole('button', { name: 'Accepter' }).click();
        const confirm = page.getByRole('dialog', { name: 'Accepter cette offre ?' });
        await textOf(confirm, 'Vous vendez 1 t');
        await textOf(confirm, 'Le reste, 0,5 t, reste en vente.');
        await confirm.getByRole('button', { name: 'Accepter et vendre' }).click();
        await hidden(confirm);

        // On /stock the lot gave up the tons sold; its value is now at the price of that sale.
        await page.goto(`/stock?lot=${lotId}`);
        await expect.poll(() => figures(page)).toEqual({ free: '2,5 t', reserved: '0,5 t', total: '3 t' });
        await textOf(lot.getByTestId('movements'), 'Vendu');
        await expect
          .poll(async () => plain(await lot.getByTestId('lot-value').textContent()))
          .toContain(dollars(BID * 3));

        // A loss to pests: the quantity and the value follow.
        await lot.getByRole('button', { name: 'Déclarer une perte' }).click();
        const loss = page.getByRole('dialog');
        await loss.getByLabel('Quantité (tonnes)').fill('0,5');
        await loss.getByLabel('Cause').selectOption('pests');
        await loss.getByRole('button', { name: 'Enregistrer la perte' }).click();
        await hidden(loss);
        await expect.poll(() => figures(page)).toEqual({ free: '2 t', reserved: '0,5 t', total: '2,5 t' });
        await textOf(lot.getByTestId('movements'), 'Ravageurs');
        await expect
          .poll(async () => plain(await lot.getByTestId('lot-value').textContent()))
          .toContain(dollars(BID * 2.5));
        await shot(page, 'stock-fr-lot');
      } finally {
        // The rest of the listing off the market (its 0,5 t freed), the plot archived, the farm its size back.
        if (listingId !== null) {
          await expectJson(
            page.request.patch(`/api/commodities/${listingId}`, { data: { status: 'withdrawn' } }),
            200,
          );
        }
        await harvest.restore();
      }
    } finally {
      await kofi.restore();
      await amina.restore();
    }
  });
});
