// Every screen on a small phone (360 px, both languages) and a common one (390 px, in French, whose labels run
// longest), for every role: nothing scrolls sideways or is cut off, no label runs out of its button, every touch
// target is at least 44 px (rules in screen-walk.ts). The screens are the phone's own menu, checked against the app's
// navigation definition, so a new screen is walked without a change here.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/demo/accounts';
import { navItemsFor } from '../web/app/nav';
import { launch, openPage, PHONE, SMALL_PHONE, uniqueName, visible } from './browser';
import { menuOf, report, settled, walkScreens } from './screen-walk';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const LANGUAGES = ['en', 'fr'] as const;
type Viewport = typeof SMALL_PHONE;

// 360 px in both languages; 390 px in French only, so the wider phone adds half a walk, not a whole one (a screen
// that fits 360 px rarely breaks at 390, but a layout switching at a width between them would).
const WALKS: { viewport: Viewport; languages: readonly (typeof LANGUAGES)[number][] }[] = [
  { viewport: SMALL_PHONE, languages: LANGUAGES },
  { viewport: PHONE, languages: ['fr'] },
];

async function walkAs(
  demo: (typeof DEMO_USERS)[number],
  language: string,
  viewport: Viewport,
): Promise<void> {
  const { context, page } = await openPage(browser, { viewport });
  const login = await page.request.post('/api/login', {
    data: { username: demo.username, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const setLanguage = (lang: string) =>
    page.request.patch('/api/user/language', { data: { language: lang } });
  expect((await setLanguage(language)).status()).toBe(200);
  try {
    await page.goto('/');
    await settled(page);
    const menu = await menuOf(page);
    // The menu is what the walk follows: it must hold every entry the navigation gives this role.
    for (const item of navItemsFor(demo.role)) {
      expect(menu.paths).toContain(item.href);
    }
    const findings = [...menu.findings, ...(await walkScreens(page, menu.paths))];
    expect(report(findings), `${findings.length} problems`).toBe('');
  } finally {
    // Demo accounts are shared with the other specs: leave the language as it was.
    await setLanguage(demo.language);
    await context.close();
  }
}

for (const { viewport, languages } of WALKS) {
  describe(`every screen on a ${viewport.width} px phone`, () => {
    for (const demo of DEMO_USERS) {
      for (const language of languages) {
        it(`${demo.username} (${demo.role}) in ${language}`, () => walkAs(demo, language, viewport), 120_000);
      }
    }
  });
}

describe("the phone's menu button", () => {
  it('says what its badge counts, in the reader’s language', async () => {
    const { context, page } = await openPage(browser, { viewport: SMALL_PHONE });
    const registered = await page.request.post('/api/register', {
      data: { username: uniqueName('badge'), password: 'e2e-password-1', role: 'farmer' },
    });
    expect(registered.status()).toBe(201);
    // A first post earns an achievement, which is notified: something unread.
    const post = await page.request.post('/api/posts', { data: { content: 'Maïs prêt à Bafoussam' } });
    expect(post.status()).toBe(201);
    const { count } = (await (await page.request.get('/api/notifications/unread-count')).json()) as {
      count: number;
    };
    expect(count).toBeGreaterThan(0);
    const unit = count === 1 ? 'notification' : 'notifications';

    await page.goto('/');
    await visible(page.getByTestId('menu-unread'));
    await visible(page.getByRole('button', { name: `Open menu, ${count} unread ${unit}`, exact: true }));

    const french = await page.request.patch('/api/user/language', { data: { language: 'fr' } });
    expect(french.status()).toBe(200);
    await page.reload();
    const frenchUnit = count === 1 ? 'notification non lue' : 'notifications non lues';
    await visible(page.getByRole('button', { name: `Ouvrir le menu, ${count} ${frenchUnit}`, exact: true }));
    await context.close();
  });
});
