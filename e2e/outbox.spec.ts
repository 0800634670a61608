// Browser flows of the offline outbox: writes made offline are kept on the phone across a browser restart, sent
// once when back online, and a refused one stays on screen until the user discards it; reads show their last data.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  hidden,
  launchProfile,
  openPage,
  PASSWORD,
  profileDirs,
  registerViaUi,
  SMALL_PHONE,
  seriousViolations,
  sharedBrowser,
  textOf,
  toastWith,
  uniqueName,
  visible,
} from './browser';

const browser = sharedBrowser();
const profileDir = profileDirs();

interface Seller {
  page: Page;
  close: () => Promise<void>;
  farmId: number;
  list: (name: string) => Promise<number>;
}

/** A farmer, through the API: a farm, and listings priced low so that they come first in the marketplace. */
async function sellerWithFarm(): Promise<Seller> {
  const { context, page } = await openPage(browser());
  const username = uniqueName('seller');
  const registered = await page.request.post('/api/register', {
    data: { username, password: PASSWORD, role: 'farmer' },
  });
  expect(registered.status()).toBe(201);
  const farm = await page.request.post('/api/farms', {
    data: {
      name: 'Ferme outbox',
      size: 2,
      latitude: 5.48,
      longitude: 10.42,
      elevation: 1450,
      crop: 'maize',
      plantingDate: '2026-03-15',
    },
  });
  expect(farm.status()).toBe(201);
  const list = async (name: string) => {
    const res = await page.request.post('/api/commodities', {
      data: { name, quantity: 5, price: 0.01, grade: 'A' },
    });
    expect(res.status()).toBe(201);
    return (await res.json()).id as number;
  };
  return { page, close: () => context.close(), farmId: (await farm.json()).id, list };
}

const rowsOf = (page: Page) => page.getByTestId('commodity-table').getByTestId('commodity-row');
const items = (page: Page) => page.getByTestId('outbox-item');
const status = (page: Page) => page.getByTestId('connection-status');
const queuedToast = (page: Page) => toastWith(page, 'Saved on this phone');

async function go(page: Page, link: RegExp, heading: RegExp) {
  await page.getByRole('link', { name: link }).first().click();
  await visible(page.getByRole('heading', { level: 1, name: heading }));
}

async function placeBid(page: Page, name: string, price: string, quantity: string) {
  await rowsOf(page).filter({ hasText: name }).getByRole('button', { name: 'Place Bid' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Price per ton').fill(price);
  await dialog.getByLabel('Quantity (tons)').fill(quantity);
  await dialog.getByRole('button', { name: 'Place Bid' }).click();
}

/** Waits until the service worker controls the page, then reloads so every read goes through it (and is cached). */
async function underServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

describe('outbox', () => {
  it('keeps a post, a bid and a transaction made offline across a restart, then sends each once', async () => {
    const seller = await sellerWithFarm();
    const maize = `Maize ${uniqueName('ob')}`;
    const listingId = await seller.list(maize);

    const dir = profileDir();
    let phone = await launchProfile(dir);
    await registerViaUi(phone.page, { role: 'buyer' });
    const buyerId = (await (await phone.page.request.get('/api/user')).json()).id as number;
    // A buyer who keeps the seller's books: one user who can post, bid and add a transaction.
    const member = await seller.page.request.post(`/api/farms/${seller.farmId}/members`, {
      data: { userId: buyerId, role: 'manager' },
    });
    expect(member.status()).toBe(201);
    await underServiceWorker(phone.page);

    // Visited once online: these screens' data is on the phone.
    await go(phone.page, /^Network$/, /^Network$/);
    await visible(phone.page.getByRole('article').first());
    await go(phone.page, /^Financial Services$/, /^Farm Financial Management$/);
    await visible(phone.page.getByRole('button', { name: 'Add Transaction' }));
    await go(phone.page, /^Marketplace$/, /^Marketplace$/);
    await visible(rowsOf(phone.page).filter({ hasText: maize }));

    await phone.context.setOffline(true);
    await textOf(status(phone.page), 'Offline');
    await textOf(status(phone.page), 'Showing data saved on this phone');

    await placeBid(phone.page, maize, '3', '1');
    await visible(queuedToast(phone.page));

    const postText = `Rain in Dschang ${uniqueName('post')}`;
    await go(phone.page, /^Network$/, /^Network$/);
    await phone.page.getByLabel('Share with the Network').fill(postText);
    await phone.page.getByRole('button', { name: 'Post', exact: true }).click();
    await visible(queuedToast(phone.page));

    const description = `Seeds ${uniqueName('tx')}`;
    await go(phone.page, /^Financial Services$/, /^Farm Financial Management$/);
    await phone.page.getByRole('button', { name: 'Add Transaction' }).click();
    const dialog = phone.page.getByRole('dialog');
    await dialog.getByLabel('Type').selectOption('expense');
    await dialog.getByLabel('Category').selectOption({ index: 1 });
    await dialog.getByLabel('Amount').fill('77,25');
    await dialog.getByLabel('Description').fill(description);
    await dialog.getByRole('button', { name: 'Add Transaction' }).click();
    await visible(queuedToast(phone.page));

    await textOf(status(phone.page), '3 changes waiting');
    await status(phone.page).click();
    await visible(phone.page.getByRole('heading', { level: 1, name: 'Outbox' }));
    await expect.poll(() => items(phone.page).count()).toBe(3);
    expect(await items(phone.page).filter({ hasText: 'Saved on this phone' }).count()).toBe(3);

    // The browser is closed and opened again, still without a network.
    await phone.context.close();
    phone = await launchProfile(dir);
    await phone.context.setOffline(true);
    await phone.page.goto('/outbox');
    await visible(phone.page.getByRole('heading', { level: 1, name: 'Outbox' }));
    await expect.poll(() => items(phone.page).count()).toBe(3);
    for (const text of [maize, postText, description]) {
      await visible(items(phone.page).filter({ hasText: text }));
    }

    // A reload offline shows the marketplace's last data, and says so.
    await phone.page.goto('/marketplace');
    await visible(rowsOf(phone.page).filter({ hasText: maize }));
    await textOf(status(phone.page), 'Showing data saved on this phone');

    await phone.context.setOffline(false);
    await go(phone.page, /^Outbox/, /^Outbox$/);
    await expect
      .poll(() => items(phone.page).filter({ hasText: 'Sent' }).count(), { timeout: 30_000 })
      .toBe(3);

    // Applied once each, on the server.
    const bids = (await (await phone.page.request.get('/api/bids?limit=100')).json()) as {
      commodityId: number;
    }[];
    expect(bids.filter((bid) => bid.commodityId === listingId)).toHaveLength(1);
    const posts = (await (await phone.page.request.get('/api/posts?limit=100')).json()) as {
      content: string;
    }[];
    expect(posts.filter((post) => post.content === postText)).toHaveLength(1);
    const transactions = (await (
      await seller.page.request.get(`/api/farms/${seller.farmId}/transactions?limit=100`)
    ).json()) as { description: string | null }[];
    expect(transactions.filter((tx) => tx.description === description)).toHaveLength(1);

    await phone.context.close();
    await seller.close();
  }, 240_000);

  it("shows a bid on a listing withdrawn meanwhile as refused with the server's reason; Discard removes it", async () => {
    const seller = await sellerWithFarm();
    const okra = `Okra ${uniqueName('ob')}`;
    const listingId = await seller.list(okra);
    // The service worker serves the bid dialog's code offline, as on a phone.
    const { context, page } = await launchProfile(profileDir());
    await registerViaUi(page, { role: 'buyer' });
    await underServiceWorker(page);
    await go(page, /^Marketplace$/, /^Marketplace$/);
    await visible(rowsOf(page).filter({ hasText: okra }));

    await context.setOffline(true);
    await placeBid(page, okra, '4', '1');
    await visible(queuedToast(page));
    const withdrawn = await seller.page.request.patch(`/api/commodities/${listingId}`, {
      data: { status: 'withdrawn' },
    });
    expect(withdrawn.status()).toBe(200);

    await go(page, /^Outbox/, /^Outbox$/);
    await context.setOffline(false);
    const item = items(page).filter({ hasText: okra });
    await expect.poll(() => item.getAttribute('data-state'), { timeout: 30_000 }).toBe('refused');
    // The reason is the server's own message for this bid.
    const refusal = await page.request.post('/api/bids', {
      data: { commodityId: listingId, price: 4, quantity: 1 },
    });
    expect(refusal.status()).toBeGreaterThanOrEqual(400);
    const { message } = (await refusal.json()) as { message: string };
    await textOf(item.getByTestId('outbox-state'), `Refused: ${message}`);
    await visible(item.getByRole('button', { name: /^Retry/ }));

    await item.getByRole('button', { name: /^Discard/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Discard this change?' });
    await visible(confirm);
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await hidden(item);
    await visible(page.getByText('Nothing here yet.', { exact: false }));
    await context.close();
    await seller.close();
  });

  it('trusts what requests find over navigator.onLine: offline while no server answers, back when one does', async () => {
    const seller = await sellerWithFarm();
    const yam = `Yam ${uniqueName('ob')}`;
    const listingId = await seller.list(yam);
    const { context, page } = await launchProfile(profileDir());
    // As on a phone whose bundle ran out, or a browser restarted offline: the device always says it is online.
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => true });
    });
    await registerViaUi(page, { role: 'buyer' });
    await underServiceWorker(page);
    await go(page, /^Marketplace$/, /^Marketplace$/);
    await visible(rowsOf(page).filter({ hasText: yam }));
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);

    await context.setOffline(true);
    // The marketplace comes from the phone's copy: the app says it is offline and how old the data is.
    await go(page, /^Network$/, /^Network$/);
    await go(page, /^Marketplace$/, /^Marketplace$/);
    await visible(rowsOf(page).filter({ hasText: yam }));
    await textOf(status(page), 'Offline');
    await textOf(status(page), 'Showing data saved on this phone');
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);

    // A bid is kept on the phone at once, rather than waiting on a server that is not there.
    await placeBid(page, yam, '3', '1');
    await visible(queuedToast(page));
    await textOf(status(page), '1 change waiting');

    // The server answers again: the app finds it by itself and sends the bid, once.
    await context.setOffline(false);
    await go(page, /^Outbox/, /^Outbox$/);
    await expect.poll(() => items(page).filter({ hasText: 'Sent' }).count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => status(page).count(), { timeout: 15_000 }).toBe(0);
    const bids = (await (await page.request.get('/api/bids?limit=100')).json()) as { commodityId: number }[];
    expect(bids.filter((bid) => bid.commodityId === listingId)).toHaveLength(1);
    await context.close();
    await seller.close();
  }, 180_000);

  it('says sign-in needs a connection when offline; the empty outbox reads well on a small phone', async () => {
    const { context, page } = await openPage(browser(), { viewport: SMALL_PHONE });
    await page.goto('/');
    await visible(page.getByRole('heading', { name: 'Welcome Back' }));
    await context.setOffline(true);
    await visible(page.getByText('Signing in and creating an account need a connection.', { exact: false }));
    await context.setOffline(false);
    await hidden(page.getByText('Signing in and creating an account need a connection.', { exact: false }));

    await registerViaUi(page);
    await page.goto('/outbox');
    await visible(page.getByRole('heading', { level: 1, name: 'Outbox' }));
    await visible(page.getByText('Nothing here yet.', { exact: false }));
    expect(await seriousViolations(page)).toEqual([]);
    await context.setOffline(true);
    await textOf(status(page), 'Offline');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
