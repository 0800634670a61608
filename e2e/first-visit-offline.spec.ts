// Offline from the first visit: the service worker takes over the page that installed it (no second load), so a
// reload or another screen works offline; before it has, a screen that cannot load says "offline" in the reader's
// language, never the browser's "Failed to fetch".
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launch,
  launchProfile,
  openPage,
  PASSWORD,
  SMALL_PHONE,
  textOf,
  uniqueName,
  visible,
} from './browser';

let browser: Browser;
const profiles: string[] = [];
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  for (const dir of profiles) {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A new French farmer, signed in in this page's browser (through the API: the screens are what is tested). */
async function frenchFarmer(page: Page): Promise<string> {
  const username = uniqueName('hors');
  const registered = await page.request.post('/api/register', {
    data: { username, password: PASSWORD, role: 'farmer' },
  });
  expect(registered.status()).toBe(201);
  expect((await page.request.patch('/api/user/language', { data: { language: 'fr' } })).status()).toBe(200);
  return username;
}

/** Opens the phone's menu and follows one of its links. */
async function goByMenu(page: Page, link: string) {
  await page.getByRole('button', { name: /^Ouvrir le menu/ }).click();
  await page.getByRole('dialog').getByRole('link', { name: link }).click();
}

describe('offline from the first visit', () => {
  it('is under the service worker after one load: a reload and a new screen work offline', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'terroir-profile-'));
    profiles.push(dir);
    const { context, page } = await launchProfile(dir, { viewport: SMALL_PHONE, locale: 'fr-FR' });
    const username = await frenchFarmer(page);
    await page.goto('/');
    await textOf(page.getByRole('heading', { level: 1 }), username);
    // No reload: the worker that this page installed takes it over.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
      .toBe(true);
    // What the page had loaded before is asked again through the worker, so the session is on the phone.
    await expect
      .poll(() => page.evaluate(async () => (await caches.match('/api/user')) !== undefined), {
        timeout: 15_000,
      })
      .toBe(true);

    await context.setOffline(true);
    // A screen never opened: its code comes from the phone, and its data, which is not there, is said in French.
    await goByMenu(page, 'Réseau');
    await visible(page.getByRole('heading', { level: 1, name: 'Réseau' }));
    await visible(page.getByRole('alert').filter({ hasText: 'Vous êtes hors ligne' }));
    expect(await page.locator('#root').textContent()).not.toContain('Failed to fetch');

    // A reload offline: the app, signed in, from the phone.
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'Réseau' }));
    await goByMenu(page, 'Tableau de bord');
    await textOf(page.getByRole('heading', { level: 1 }), username);
    expect(await page.locator('#root').textContent()).not.toContain('Failed to fetch');
    await context.setOffline(false);
    await context.close();
  });

  it("says a screen whose code could not download is offline, in the reader's language, and opens it once back", async () => {
    // No service worker at all (as before one has taken over): the screen's code must come from the network.
    const { context, page } = await openPage(browser, { viewport: SMALL_PHONE, locale: 'fr-FR' });
    const username = await frenchFarmer(page);
    await page.goto('/');
    await textOf(page.getByRole('heading', { level: 1 }), username);
    // The menu's own code, while online.
    await page.getByRole('button', { name: /^Ouvrir le menu/ }).click();
    await visible(page.getByRole('dialog'));
    await page.keyboard.press('Escape');

    await context.setOffline(true);
    await goByMenu(page, 'Réseau');
    const failed = page.getByTestId('load-failed');
    await textOf(failed, "Cet écran n'a pas pu être chargé (Vous êtes hors ligne).");
    expect(await page.locator('#root').textContent()).not.toContain('Failed to fetch');

    await context.setOffline(false);
    await failed.getByRole('button', { name: 'Réessayer' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Réseau' }));
    await context.close();
  });
});
