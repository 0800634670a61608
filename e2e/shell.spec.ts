// Browser flows of the app shell: accounts, language, drawer, offline indicator, routing, accessibility.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  hidden,
  launch,
  openPage,
  PASSWORD,
  PHONE,
  registerViaUi,
  seriousViolations,
  textOf,
  toastWith,
  uniqueName,
  visible,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('accounts', () => {
  it('registers, signs out, signs back in; a wrong password shows the error toast', async () => {
    const { context, page } = await openPage(browser);
    const username = await registerViaUi(page, { role: 'buyer' });
    await visible(page.getByText('Active Orders'));
    await page.getByRole('button', { name: 'Log out' }).click();
    await visible(page.getByRole('heading', { name: 'Welcome Back' }));

    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const toast = toastWith(page, 'Invalid username or password');
    await visible(toast);
    await textOf(toast, 'Error');

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await textOf(page.getByRole('heading', { level: 1 }), username);
    await context.close();
  });

  it('signs in from the browser that signed in before while the username is locked for others', async () => {
    const known = await openPage(browser);
    const username = await registerViaUi(known.page);
    await known.page.getByRole('button', { name: 'Log out' }).click();
    await visible(known.page.getByRole('heading', { name: 'Welcome Back' }));
    // Someone without the password locks the username.
    for (let i = 0; i < 10; i += 1) {
      const res = await fetch(`${baseUrl()}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'wrong-password' }),
      });
      expect(res.status).toBe(401);
    }
    const fresh = await openPage(browser);
    await fresh.page.goto('/');
    await fresh.page.getByLabel('Username').fill(username);
    await fresh.page.getByLabel('Password').fill(PASSWORD);
    await fresh.page.getByRole('button', { name: 'Sign In' }).click();
    await visible(toastWith(fresh.page, /Too many requests/));
    await fresh.context.close();

    await known.page.getByLabel('Username').fill(username);
    await known.page.getByLabel('Password').fill(PASSWORD);
    await known.page.getByRole('button', { name: 'Sign In' }).click();
    await textOf(known.page.getByRole('heading', { level: 1 }), username);
    await known.context.close();
  });

  it('shows validation messages before sending', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/');
    await page.getByRole('button', { name: 'Need an account? Sign up' }).click();
    await page.getByLabel('Username').fill('ab');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await visible(page.getByText('Username must be 3 to 32 characters'));
    await visible(page.getByText('Password must be at least 8 characters'));
    await page.getByRole('button', { name: 'Already have an account? Sign in' }).click();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await visible(page.getByText('Username is required'));
    await context.close();
  });
});

describe('language', () => {
  it('switches to French and keeps it after a reload and on the server', async () => {
    const { context, page } = await openPage(browser);
    const username = await registerViaUi(page);
    await page.getByRole('button', { name: 'Français' }).click();
    await visible(page.getByRole('link', { name: 'Tableau de bord' }));
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await page.reload();
    await textOf(page.getByRole('heading', { level: 1 }), `Bienvenue, ${username}`);
    await visible(page.getByText('Annonces actives'));
    const me = await page.request.get('/api/user');
    expect((await me.json()).language).toBe('fr');

    // A new device with nothing stored locally takes the user's French from the server.
    const other = await openPage(browser);
    await other.page.goto('/');
    await other.page.getByLabel('Username').fill(username);
    await other.page.getByLabel('Password').fill(PASSWORD);
    await other.page.getByRole('button', { name: 'Sign In' }).click();
    await visible(other.page.getByRole('link', { name: 'Marché' }));
    await other.context.close();

    // A device with the session but nothing stored: the page itself says who this is and in which language.
    const fresh = await openPage(browser);
    await fresh.context.addCookies(await context.cookies());
    const sessionChecks: string[] = [];
    fresh.page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/user') {
        sessionChecks.push(request.url());
      }
    });
    await fresh.page.goto('/marketplace');
    await visible(fresh.page.getByRole('heading', { level: 1, name: 'Marché' }));
    expect(await fresh.page.locator('html').getAttribute('lang')).toBe('fr');
    expect(sessionChecks).toEqual([]);
    await fresh.context.close();
    await context.close();
  });

  it("greets a first visit in the browser's language", async () => {
    const { context, page } = await openPage(browser, { locale: 'fr-FR' });
    await page.goto('/');
    await visible(page.getByRole('button', { name: 'Se connecter' }));
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await context.close();
  });
});

describe('layout', () => {
  it('opens the phone drawer from the menu button and closes it on navigation', async () => {
    const { context, page } = await openPage(browser, { viewport: PHONE });
    await registerViaUi(page);
    const dialog = page.getByRole('dialog');
    expect(await dialog.count()).toBe(0);
    await page.getByRole('button', { name: /menu/i }).click();
    await visible(dialog);
    await dialog.getByRole('link', { name: 'Learning Center' }).click();
    await hidden(dialog);
    await page.waitForURL(/\/education$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Learning Center' }));
    await visible(page.getByText('Coming soon'));
    await context.close();
  });

  it('keeps the sidebar fixed on a wide screen and falls back to home on an unknown path', async () => {
    const { context, page } = await openPage(browser);
    const username = await registerViaUi(page);
    expect(await page.getByRole('button', { name: /menu/i }).isVisible()).toBe(false);
    await page.getByRole('link', { name: 'Crop Management' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Crop Management' }));
    await page.goto('/no/such/page');
    await textOf(page.getByRole('heading', { level: 1 }), username);
    expect(await page.locator('main').count()).toBe(1);
    await context.close();
  });

  it("shows 'You're offline' when the connection drops", async () => {
    const { context, page } = await openPage(browser);
    await registerViaUi(page);
    await context.setOffline(true);
    const toast = toastWith(page, "You're offline");
    await visible(toast);
    await textOf(toast, 'Some features may be limited until you reconnect.');
    await context.setOffline(false);
    await context.close();
  });
});

describe('accessibility', () => {
  it('has no serious or critical axe violation on the sign-in screen and the dashboard', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/');
    await visible(page.getByRole('heading', { name: 'Welcome Back' }));
    expect(await seriousViolations(page)).toEqual([]);
    await registerViaUi(page, { username: uniqueName('axe'), role: 'farmer' });
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
