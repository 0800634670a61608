// Browser flows of the marketplace: list, bid, outbid live, accept, new price; sorting and filtering; French.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tinyPng } from '../server/test/images';
import {
  openPage,
  PHONE,
  registerViaUi,
  seriousViolations,
  sharedBrowser,
  textOf,
  toastWith,
  uniqueName,
  visible,
} from './browser';

const browser = sharedBrowser();

const rowsOf = (page: Page) => page.getByTestId('commodity-table').getByTestId('commodity-row');
const toast = toastWith;
/** Whether an image has arrived and been drawn. */
const loaded = (img: Locator) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);
const card = (page: Page, name: string) => page.getByTestId('market-card').filter({ hasText: name });
const activeBid = (page: Page, name: string) => page.getByTestId('active-bid').filter({ hasText: name });

async function openMarketplace(page: Page) {
  await page.getByRole('link', { name: /^(Marketplace|Marché)$/ }).click();
  await visible(page.getByRole('heading', { level: 1, name: /^(Marketplace|Marché)$/ }));
}

async function placeBid(page: Page, name: string, price: string, quantity: string) {
  await rowsOf(page)
    .filter({ hasText: name })
    .getByRole('button', { name: /Place Bid|Faire une offre/ })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^(Price per ton|Prix par tonne)$/).fill(price);
  await dialog.getByLabel(/^(Quantity \(tons\)|Quantité \(tonnes\))$/).fill(quantity);
  await dialog.getByRole('button', { name: /^(Place Bid|Faire une offre)$/ }).click();
}

describe('marketplace', () => {
  it('lists, bids, outbids live, accepts, and every party sees the new price', async () => {
    const name = uniqueName('Teff');
    const farmer = await openPage(browser());
    await registerViaUi(farmer.page, { role: 'farmer' });
    // A first listing earlier, so the 'first listing' achievement toast does not replace the one checked below.
    const earlier = await farmer.page.request.post('/api/commodities', {
      data: { name: uniqueName('Millet'), quantity: 1, price: 1000, grade: 'C', status: 'available' },
    });
    expect(earlier.status()).toBe(201);
    await openMarketplace(farmer.page);
    await farmer.page.getByRole('button', { name: 'Add Commodity' }).click();
    const add = farmer.page.getByRole('dialog');
    await visible(add.getByPlaceholder('e.g. Maize, Cassava, Groundnut'));
    // Empty, not a '0' to delete first; an empty or zero value is refused by name.
    expect(await add.getByLabel('Quantity (tons)').inputValue()).toBe('');
    expect(await add.getByLabel('Price per ton').inputValue()).toBe('');
    // The price field shows the deployment's currency, where English writes it (before the amount).
    await textOf(add.getByTestId('currency-affix'), '$');
    await add.getByRole('button', { name: 'List Commodity' }).click();
    await visible(add.getByText('Name must be at least 2 characters'));
    await visible(add.getByText('Quantity is required'));
    await visible(add.getByText('Price is required'));
    await add.getByLabel('Quantity (tons)').fill('0');
    await visible(add.getByText('Quantity must be greater than 0'));
    await add.getByLabel('Name').fill(name);
    await add.getByLabel('Quantity (tons)').fill('10,5');
    await add.getByLabel('Price per ton').fill('200.00');
    await add.getByLabel('Grade').selectOption('B');
    // A photo of the goods (a PNG made here), shrunk on the phone with its thumbnail before it is sent.
    await add.getByLabel('Add photos').setInputFiles({
      name: 'teff.png',
      mimeType: 'image/png',
      buffer: tinyPng({ size: 48, rgb: [180, 140, 60] }),
    });
    await visible(add.getByRole('img', { name: 'Photo 1' }));
    await add.getByRole('button', { name: 'List Commodity' }).click();
    // A first listing also earns an achievement, whose toast may replace this one (one toast at a time).
    await visible(toast(farmer.page, /Commodity listed successfully|First Listing/));
    const listed = rowsOf(farmer.page).filter({ hasText: name });
    await textOf(listed, '10.5 t');
    await textOf(listed, '$200.00');
    await textOf(listed, 'Grade B');
    // One's own listing is edited or withdrawn, never bid on.
    await visible(listed.getByRole('button', { name: `Edit listing ${name}` }));
    expect(await listed.getByRole('button', { name: 'Place Bid' }).count()).toBe(0);

    const first = await openPage(browser());
    await registerViaUi(first.page, { role: 'buyer' });
    await openMarketplace(first.page);
    await visible(first.page.getByText('No active bids. Start bidding on commodities to see them here.'));
    // The buyer sees the listing's thumbnail, loaded, which opens the photo itself.
    const thumb = rowsOf(first.page)
      .filter({ hasText: name })
      .getByRole('button', { name: `Open the photo of ${name}` });
    // Loaded lazily: once it comes near the screen.
    await thumb.scrollIntoViewIfNeeded();
    await expect.poll(() => loaded(thumb.locator('img')), { timeout: 15_000 }).toBe(true);
    await thumb.click();
    const full = first.page.getByRole('dialog', { name }).getByRole('img', { name: 'Photo 1' });
    await expect.poll(() => loaded(full), { timeout: 15_000 }).toBe(true);
    await first.page.keyboard.press('Escape');
    await placeBid(first.page, name, '210', '5');
    await visible(toast(first.page, 'Bid placed successfully'));
    await textOf(toast(first.page, 'Bid placed successfully'), `Your bid for ${name} has been submitted.`);
    await textOf(activeBid(first.page, name), 'Highest Bid');
    await textOf(card(first.page, name), 'No bids');
    await textOf(
      card(first.page, name).getByTestId('market-price-rule'),
      'Median of the listings (no trade yet)',
    );
    await textOf(card(first.page, name), '10.5 t');

    const second = await openPage(browser());
    await registerViaUi(second.page, { role: 'buyer' });
    await openMarketplace(second.page);
    await textOf(card(second.page, name), '$210.00');
    await placeBid(second.page, name, '220,50', '4');
    await visible(toast(second.page, 'Bid placed successfully'));
    await textOf(activeBid(second.page, name), 'Highest Bid');

    // The first buyer's page has not been reloaded: the live event turns their bid into Outbid.
    await textOf(activeBid(first.page, name), 'Outbid');
    await textOf(card(first.page, name), '$220.50');

    const received = farmer.page.getByTestId('received-bid').filter({ hasText: '$220.50' });
    await textOf(received, name);
    await received.getByRole('button', { name: 'Accept' }).click();
    // Accepting sells the goods: it asks first, saying what it does.
    const confirm = farmer.page.getByRole('dialog', { name: 'Accept this bid?' });
    await textOf(confirm, `This sells 4 t (4,000 kg) of ${name}`);
    await confirm.getByRole('button', { name: 'Accept and sell' }).click();
    // (The toast may at once give way to the 'first sale' achievement's: one toast at a time.)
    await textOf(rowsOf(farmer.page).filter({ hasText: name }), '6.5 t');
    for (const page of [first.page, second.page, farmer.page]) {
      await textOf(card(page, name).getByTestId('market-price'), '$220.50');
    }
    await textOf(card(first.page, name), 'No bids');
    await textOf(card(first.page, name).getByTestId('market-price-rule'), 'Volume-weighted, last 7 days');
    for (const party of [farmer, first, second]) {
      await party.context.close();
    }
  });

  it('shows no summary card for a market with no price and nothing available', async () => {
    const { context, page } = await openPage(browser());
    await registerViaUi(page, { role: 'farmer' });
    const [kept, withdrawn] = [uniqueName('Fonio'), uniqueName('Bambara')];
    for (const name of [kept, withdrawn]) {
      const res = await page.request.post('/api/commodities', {
        data: { name, quantity: 2, price: 500, grade: 'A', status: 'available' },
      });
      expect(res.status()).toBe(201);
      if (name === withdrawn) {
        const patch = await page.request.patch(`/api/commodities/${(await res.json()).id}`, {
          data: { status: 'withdrawn' },
        });
        expect(patch.status()).toBe(200);
      }
    }
    await openMarketplace(page);
    await textOf(card(page, kept).getByTestId('market-price'), '$500.00');
    await textOf(card(page, kept).getByTestId('market-price-rule'), 'Median of the listings (no trade yet)');
    expect(await card(page, withdrawn).count()).toBe(0);
    await context.close();
  });

  it('sorts by price ascending by default, toggles a column, starts a new one ascending, and filters by grade', async () => {
    const { context, page } = await openPage(browser());
    await registerViaUi(page, { role: 'buyer' });
    await openMarketplace(page);
    const column = async (attribute: string) =>
      (await rowsOf(page).evaluateAll(
        (rows, a) => rows.map((r) => r.getAttribute(a) ?? ''),
        attribute,
      )) as string[];
    const numbers = async (attribute: string) => (await column(attribute)).map(Number);
    const ascending = (values: number[]) => values.every((v, i) => i === 0 || (values[i - 1] as number) <= v);
    await visible(rowsOf(page));
    expect((await numbers('data-price')).length).toBeGreaterThan(3);
    expect(ascending(await numbers('data-price'))).toBe(true);

    await page.getByRole('button', { name: 'Sort by Price' }).click();
    expect(ascending((await numbers('data-price')).reverse())).toBe(true);
    expect(ascending(await numbers('data-price'))).toBe(false);
    await page.getByRole('button', { name: 'Sort by Quantity' }).click();
    expect(ascending(await numbers('data-quantity'))).toBe(true);
    await page.getByRole('button', { name: 'Sort by Quantity' }).click();
    expect(ascending((await numbers('data-quantity')).reverse())).toBe(true);
    await page.getByRole('button', { name: 'Sort by Grade' }).click();
    const grades = await column('data-grade');
    expect(grades).toEqual([...grades].sort());

    const options = await page.getByLabel('Grade', { exact: true }).locator('option').allTextContents();
    expect(options).toEqual(['All grades', 'Grade A', 'Grade B', 'Grade C']);
    await page.getByLabel('Grade', { exact: true }).selectOption('B');
    expect(new Set(await column('data-grade'))).toEqual(new Set(['B']));
    await page.getByLabel('Grade', { exact: true }).selectOption('all');
    expect(new Set(await column('data-grade')).size).toBeGreaterThan(1);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('draws each market trend at once and the price chart when scrolled to', async () => {
    const { context, page } = await openPage(browser(), { viewport: PHONE });
    await registerViaUi(page, { role: 'buyer' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await openMarketplace(page);
    await visible(page.getByTestId('market-card').getByTestId('sparkline'));
    // Each card's change goes the way its figure reads: 0,00 % is flat (grey), never green and "up".
    const changes = await page.getByTestId('market-change').evaluateAll((spans) =>
      spans.map((span) => ({
        direction: span.getAttribute('data-direction'),
        figure: span.textContent?.replace(/^(Up|Down|Unchanged)/, '').trim() ?? '',
        green: span.className.includes('green'),
      })),
    );
    expect(changes.length).toBeGreaterThan(0);
    for (const { direction, figure, green } of changes) {
      const expected = figure.startsWith('+') ? 'up' : /^[-−]/.test(figure) ? 'down' : 'flat';
      expect({ figure, direction }).toEqual({ figure, direction: expected });
      expect(green).toBe(direction === 'up');
    }
    const trends = page.getByTestId('price-trends');
    // Below the fold on a phone: the history is neither loaded nor drawn before the user gets there.
    const chart = trends.getByRole('img', { name: 'Chart of the daily price per ton and volume traded' });
    expect(await chart.count()).toBe(0);
    await trends.scrollIntoViewIfNeeded();
    await visible(chart);
    const box = await trends.getByTestId('price-chart').boundingBox();
    expect(box?.height).toBe(400);
    await context.close();
  });

  it('works in French on a phone: cards, decimal commas, request form messages and bid toast', async () => {
    const { context, page } = await openPage(browser(), { viewport: PHONE });
    await registerViaUi(page, { role: 'buyer' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Français' }).click();
    await visible(page.getByRole('link', { name: 'Marché' }));
    await openMarketplace(page);
    await visible(page.getByText('Vos offres en cours'));
    await visible(
      page.getByText('Aucune offre en cours. Faites des offres sur des produits pour les voir ici.'),
    );
    const cards = page.getByTestId('commodity-cards');
    await visible(cards);
    expect(await page.getByTestId('commodity-table').isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Demander un produit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
    for (const message of [
      'Le nom du produit doit comporter au moins 2 caractères',
      'La quantité est obligatoire',
      'Le prix cible est obligatoire',
      'La catégorie est obligatoire',
      'Le délai de livraison est obligatoire',
    ]) {
      await visible(dialog.getByText(message));
    }
    await dialog.getByLabel('Nom du produit').fill('Sésame');
    await dialog.getByLabel('Quantité souhaitée').fill('3,5');
    await dialog.getByLabel('Prix cible (par unité)').fill('950,75');
    await dialog.getByLabel('Catégorie requise').selectOption('A');
    await dialog.getByLabel('Délai de livraison').selectOption('within_week');
    await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    const request = page.getByTestId('open-request').filter({ hasText: 'Sésame' });
    await textOf(request, '3,5 t');
    await textOf(request, '950,75');
    await textOf(request, 'Sous une semaine');

    const available = cards.getByTestId('commodity-row').filter({ hasText: 'disponible' }).first();
    const name = ((await available.locator('span').first().textContent()) ?? '').trim();
    await available.getByRole('button', { name: 'Faire une offre' }).click();
    const bid = page.getByRole('dialog');
    // The currency as French writes it, after the amount.
    await textOf(bid.getByTestId('currency-affix'), '$US');
    await bid.getByLabel('Prix par tonne').fill('12,34');
    await bid.getByLabel('Quantité (tonnes)').fill('0,5');
    // 12,34 × 0,5 = 6,17, written the French way.
    await textOf(bid.getByTestId('bid-total'), '6,17');
    await textOf(bid.getByTestId('bid-total'), 'Total :');
    await bid.getByRole('button', { name: 'Faire une offre' }).click();
    await visible(toast(page, 'Offre envoyée avec succès'));
    await textOf(toast(page, 'Offre envoyée avec succès'), `Votre offre pour ${name} a été envoyée.`);
    await textOf(page.getByTestId('active-bid').filter({ hasText: name }), 'Votre offre : 12,34');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
