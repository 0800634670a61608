// Drives Debian's Chromium with playwright-core (no downloaded browsers); playwright gives each launch a fresh profile.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { MAP_TILE_ORIGIN } from '../contract/constants';
export const baseUrl = () => inject('baseUrl');

export const PHONE = { width: 390, height: 844 };
/** The narrowest phone we design for (cheap Android phones). */
export const SMALL_PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1366, height: 900 };

/** The Chromium every test drives: the system's, headless, quiet (no background traffic to disturb timings). */
const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * Each browser is its own phone on its own network, as for real users: the e2e server trusts the proxy header
 * (global-setup.ts), and every context sends an address of its own (IPv6 documentation range, a /64 each).
 * Otherwise every test's sign-ups and sign-ins would count against one address's limits.
 */
export function ownAddress(): string {
  const [a, b] = [randomBytes(2).toString('hex'), randomBytes(2).toString('hex')];
  return `2001:db8:${a}:${b}::1`;
}

export async function launch(): Promise<Browser> {
  return chromium.launch(CHROMIUM);
}

/**
 * The browser a spec file's tests share: launched before them, closed after them. Call it at the top of the file;
 * the function it returns gives the browser inside a test.
 */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) {
      throw new Error('the browser is launched before the tests, not before the file has loaded');
    }
    return browser;
  };
}

/**
 * Profile directories for launchProfile (a phone whose browser keeps its data), removed after a spec file's tests.
 * Call it at the top of the file; the function it returns makes a new directory.
 */
export function profileDirs(): () => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), 'terroir-profile-'));
    dirs.push(dir);
    return dir;
  };
}

/**
 * `E2E_CPU_THROTTLE=6 npm run test:e2e`: every page on a CPU that many times slower, as on a loaded CI machine or
 * a cheap phone, to find the waits that only pass on a fast one.
 */
const CPU_THROTTLE = Number(process.env.E2E_CPU_THROTTLE ?? 1);

export async function openPage(
  browser: Browser,
  options: {
    viewport?: { width: number; height: number };
    locale?: string;
    timezoneId?: string;
    /** The client address the server sees (another browser's, to be on its network); else one of its own. */
    address?: string;
    /** A server of the test's own (its URL); else the shared e2e server. */
    server?: string;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: options.server ?? baseUrl(),
    viewport: options.viewport ?? DESKTOP,
    locale: options.locale ?? 'en-US',
    extraHTTPHeaders: { 'x-forwarded-for': options.address ?? ownAddress() },
    serviceWorkers: 'block',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  await offTheInternet(context);
  const page = await context.newPage();
  logRequests(page);
  if (CPU_THROTTLE > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
  }
  return { context, page };
}

/** Tests never reach the internet: the farm map's tiles fail to load, as they do offline (the pin still works). */
async function offTheInternet(context: BrowserContext): Promise<void> {
  await context.route(`${MAP_TILE_ORIGIN}/**`, (route) => route.abort('internetdisconnected'));
}

/** The signed-in user's id. */
export async function myId(page: Page): Promise<number> {
  const res = await page.request.get('/api/user');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { id: number }).id;
}

/** The demo manager gives a user a role (what a manager does on the users screen). */
export async function grantRole(browser: Browser, userId: number, role: 'delivery' | 'agent') {
  const manager = await openPage(browser);
  const login = await manager.page.request.post('/api/login', {
    data: { username: 'claire', password: 'terroir-demo' },
  });
  expect(login.status()).toBe(200);
  const res = await manager.page.request.patch(`/api/users/${userId}/role`, { data: { role } });
  expect(res.status()).toBe(200);
  await manager.context.close();
}

export const uniqueName = (prefix: string) => `${prefix}_${randomBytes(3).toString('hex')}`;
export const PASSWORD = 'e2e-password-1';

/** Registers a French-reading user in this page's browser through the API (when the screens tested are others). */
export async function registerFrench(page: Page, prefix: string, role: 'farmer' | 'buyer'): Promise<string> {
  const username = uniqueName(prefix);
  const registered = await page.request.post('/api/register', {
    data: { username, password: PASSWORD, role },
  });
  expect(registered.status()).toBe(201);
  expect((await page.request.patch('/api/user/language', { data: { language: 'fr' } })).status()).toBe(200);
  return username;
}

/** Opens a French phone's menu and follows one of its links. */
export async function goByMenu(page: Page, link: string) {
  await page.getByRole('button', { name: /^Ouvrir le menu/ }).click();
  await page.getByRole('dialog').getByRole('link', { name: link, exact: true }).click();
}

/** Registers through the sign-in screen and waits for the dashboard. */
export async function registerViaUi(
  page: Page,
  options: { role?: 'farmer' | 'buyer'; username?: string } = {},
) {
  const username = options.username ?? uniqueName('e2e');
  await page.goto('/');
  await page.getByRole('button', { name: /Need an account|Pas encore de compte/ }).click();
  await page.getByLabel(/^(Username|Nom d'utilisateur)$/).fill(username);
  await page.getByLabel(/^(Password|Mot de passe)$/).fill(PASSWORD);
  if (options.role) {
    await page.getByLabel(/^(I am a|Je suis)$/).selectOption(options.role);
  }
  await page.getByRole('button', { name: /^(Sign Up|S'inscrire)$/ }).click();
  await textOf(page.getByRole('heading', { level: 1 }), username);
  return username;
}

export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

// ---- What a page did, said when a wait on it fails (a failure seen only in CI needs more than "timed out")

/** The last API requests each page made, with their answers' status and time. */
const requestLogs = new WeakMap<Page, string[]>();
const REQUESTS_KEPT = 25;

function logRequests(page: Page): void {
  const log: string[] = [];
  requestLogs.set(page, log);
  const started = Date.now();
  const add = (line: string) => {
    log.push(`${((Date.now() - started) / 1000).toFixed(1)} s ${line}`);
    log.splice(0, log.length - REQUESTS_KEPT);
  };
  // The API's, not the code's and styles' (a screen loads dozens of those).
  const api = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (r) => api(r.url()) && add(`→ ${r.method()} ${r.url()}`));
  page.on('response', (r) => api(r.url()) && add(`← ${r.status()} ${r.request().method()} ${r.url()}`));
  page.on('requestfailed', (r) => add(`✗ ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) {
      add(`navigated to ${f.url()}`);
    }
  });
}

/** The page's address, its fields' values, the start of its main text and its last requests. */
async function pageState(page: Page): Promise<string> {
  const fields = await page
    .locator('main input, main select, main textarea')
    .evaluateAll((els) =>
      els.map((e) => `${e.id || e.getAttribute('name') || e.tagName}=${(e as HTMLInputElement).value}`),
    )
    .catch(() => []);
  const main = await page
    .locator('main')
    .first()
    // biome-ignore lint/performance/useDomNodeTextContent: the text as shown (what a Suspense fallback hides is not)
    .innerText({ timeout: 1000 })
    .catch(() => '(no main)');
  return [
    `page: ${page.url()}`,
    `fields: ${fields.join(', ')}`,
    `main text: ${main.slice(0, 600).replaceAll('\n', ' | ')}`,
    'last requests:',
    ...(requestLogs.get(page) ?? []),
  ].join('\n');
}

/** Runs a wait; when it fails, prints what the page showed and asked before throwing. */
async function saying<T>(locator: Locator, what: string, wait: () => Promise<T>): Promise<T> {
  try {
    return await wait();
  } catch (error) {
    console.log(`${what} failed for ${locator}\n${await pageState(locator.page())}`);
    throw error;
  }
}

/** Waits until the element is visible (playwright-core has no web-first assertions: these are ours). */
export const visible = (locator: Locator) =>
  saying(locator, 'visible', () => locator.first().waitFor({ state: 'visible' }));
export const hidden = (locator: Locator) => locator.first().waitFor({ state: 'hidden' });
export const TEXT_TIMEOUT_MS = 15_000;
/**
 * Waits until the element's text contains `text`, for as long as `visible` waits. (Polling's own default is one
 * second: a live update after a write, on a loaded 2-core machine running the whole suite, can take longer.)
 */
export const textOf = (locator: Locator, text: string) =>
  saying(locator, `textOf '${text}'`, () =>
    expect
      .poll(
        async () =>
          (await locator
            .first()
            .textContent({ timeout: 2000 })
            .catch(() => '')) ?? '',
        { timeout: TEXT_TIMEOUT_MS },
      )
      .toContain(text),
  );

/** A toast, looked up in the notifications region (Radix's role=status copy only lasts a moment). */
export const toastWith = (page: Page, text: string | RegExp) =>
  page
    .getByRole('region', { name: /^Notifications/ })
    .locator('li')
    .filter({ hasText: text });

/**
 * A browser with a profile kept in `userDataDir` (IndexedDB, service worker, cookies), so that closing it and
 * launching it again on the same directory is a phone's browser restarted. Service workers run (the offline app).
 */
export async function launchProfile(
  userDataDir: string,
  options: { viewport?: { width: number; height: number }; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(userDataDir, {
    ...CHROMIUM,
    baseURL: baseUrl(),
    viewport: options.viewport ?? DESKTOP,
    locale: options.locale ?? 'en-US',
    extraHTTPHeaders: { 'x-forwarded-for': ownAddress() },
    serviceWorkers: 'allow',
  });
  await offTheInternet(context);
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}
