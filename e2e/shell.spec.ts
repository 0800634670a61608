// Browser flows of the app shell: accounts, language, drawer, offline indicator, routing, accessibility.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  hidden,
  launch,
  openPage,
  ownAddress,
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
    await visible(page.getByText('Open Orders'));
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

  it('keeps the owner signed in from their browser and a new one elsewhere while an attacker locks the username', async () => {
    const known = await openPage(browser);
    const username = await registerViaUi(known.page);
    await known.page.getByRole('button', { name: 'Log out' }).click();
    await visible(known.page.getByRole('heading', { name: 'Welcome Back' }));
    // Someone without the password locks the username, from their own network.
    const attacker = ownAddress();
    for (let i = 0; i < 10; i += 1) {
      const res = await fetch(`${baseUrl()}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': attacker },
        body: JSON.stringify({ username, password: 'wrong-password' }),
      });
      expect(res.status).toBe(401);
    }
    const signIn = async (page: Page) => {
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
    };
    // A new browser on the attacker's network waits, even with the right password.
    const theirs = await openPage(browser, { address: attacker });
    await theirs.page.goto('/');
    await signIn(theirs.page);
    await visible(toastWith(theirs.page, /Too many requests/));
    await theirs.context.close();

    // The owner on a new browser elsewhere gets in: the attacker cannot lock them out of a new device.
    const elsewhere = await openPage(browser);
    await elsewhere.page.goto('/');
    await signIn(elsewhere.page);
    await textOf(elsewhere.page.getByRole('heading', { level: 1 }), username);
    await elsewhere.context.close();

    // And from the browser that signed in before (its device cookie), even on the attacker's network.
    await known.context.setExtraHTTPHeaders({ 'x-forwarded-for': attacker });
    await signIn(known.page);
    await textOf(known.page.getByRole('heading', { level: 1 }), username);
    await known.context.close();
  });

  it("answers a wrong password in the interface's language, not the browser's", async () => {
    const { context, page } = await openPage(browser, { locale: 'en-US' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Français' }).click();
    await page.getByLabel("Nom d'utilisateur").fill(uniqueName('ghost'));
    await page.getByLabel('Mot de passe').fill('wrong-password');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await visible(toastWith(page, "Nom d'utilisateur ou mot de passe incorrect"));
    await context.close();
  });

  it('comes back to the page a signed-out visitor opened, after signing in or registering', async () => {
    const { context, page } = await openPage(browser);
    const username = await registerViaUi(page);
    await page.getByRole('button', { name: 'Log out' }).click();
    await visible(page.getByRole('heading', { name: 'Welcome Back' }));
    // Signing out starts over at home, with no page to come back to.
    expect(new URL(page.url()).search).toBe('');

    await page.goto('/education?from=mail#top');
    await visible(page.getByRole('heading', { name: 'Welcome Back' }));
    expect(new URL(page.url()).searchParams.get('next')).toBe('/education?from=mail#top');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Learning Center' }));
    const landed = new URL(page.url());
    expect(`${landed.pathname}${landed.search}${landed.hash}`).toBe('/education?from=mail#top');
    await context.close();

    const visitor = await openPage(browser);
    await visitor.page.goto('/network');
    await visitor.page.getByRole('button', { name: 'Need an account? Sign up' }).click();
    await visitor.page.getByLabel('Username').fill(uniqueName('linked'));
    await visitor.page.getByLabel('Password').fill(PASSWORD);
    await visitor.page.getByRole('button', { name: 'Sign Up' }).click();
    await visible(visitor.page.getByRole('heading', { level: 1, name: 'Network' }));
    expect(new URL(visitor.page.url()).pathname).toBe('/network');
    await visitor.context.close();
  });

  it('never follows a next address off the site', async () => {
    const { context, page } = await openPage(browser);
    const username = await registerViaUi(page);
    await page.getByRole('button', { name: 'Log out' }).click();
    await visible(page.getByRole('heading', { name: 'Welcome Back' }));
    await page.goto(`/?next=${encodeURIComponent('//example.com/orders')}`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await textOf(page.getByRole('heading', { level: 1 }), username);
    expect(new URL(page.url()).origin).toBe(baseUrl());
    await context.close();
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

  it("punctuates a chart's tooltip as each language does ('Price: $1', 'Prix : 1 $')", async () => {
    const { context, page } = await openPage(browser);
    await registerViaUi(page, { role: 'buyer' });
    const separator = async () => {
      const trends = page.getByTestId('price-trends');
      await trends.scrollIntoViewIfNeeded();
      const chart = trends.getByTestId('price-chart');
      await visible(trends.getByRole('img'));
      const box = await chart.boundingBox();
      if (!box) {
        throw new Error('no price chart');
      }
      const item = trends.getByTestId('chart-tooltip-separator');
      // The tooltip follows the pointer: move across the middle until it shows a point.
      for (let x = 0.5; (await item.count()) === 0 && x < 0.95; x += 0.05) {
        await page.mouse.move(box.x + box.width * x, box.y + box.height / 2);
        await page.waitForTimeout(100);
      }
      return item.first().textContent();
    };
    await page.goto('/marketplace');
    await expect.poll(separator).toBe(': ');
    await page.getByRole('button', { name: 'Français' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Marché' }));
    await expect.poll(separator).toBe('\u00a0: ');
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
    await visible(page.getByRole('button', { name: 'All topics' }));
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
