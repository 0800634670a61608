// Offline from the first visit: the service worker takes over the page that installed it (no second load), so a
// reload or another screen works offline; before it has, a screen that cannot load says "offline" in the reader's
// language, never the browser's "Failed to fetch".
import { describe, expect, it } from 'vitest';
import {
  goByMenu,
  launchProfile,
  openPage,
  profileDirs,
  registerFrench,
  SMALL_PHONE,
  sharedBrowser,
  textOf,
  visible,
} from './browser';

const browser = sharedBrowser();
const profileDir = profileDirs();

describe('offline from the first visit', () => {
  it('is under the service worker after one load: a reload and a new screen work offline', async () => {
    const { context, page } = await launchProfile(profileDir(), { viewport: SMALL_PHONE, locale: 'fr-FR' });
    const username = await registerFrench(page, 'hors', 'farmer');
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
    const { context, page } = await openPage(browser(), { viewport: SMALL_PHONE, locale: 'fr-FR' });
    const username = await registerFrench(page, 'hors', 'farmer');
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
