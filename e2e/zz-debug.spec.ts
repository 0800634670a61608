import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage, registerViaUi, uniqueName } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function switchLanguage(page: Page, name: 'English' | 'Français') {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/language') && r.ok());
  await page.getByRole('button', { name }).click();
  await saved;
}

describe('debug', () => {
  for (let i = 0; i < 6; i++) {
    it(`search ${i}`, async () => {
      const { context, page } = await openPage(browser, { locale: 'fr-FR' });
      const log: string[] = [];
      const t0 = Date.now();
      page.on('request', (r) => log.push(`${Date.now() - t0} req ${r.method()} ${r.url()}`));
      page.on('response', (r) => log.push(`${Date.now() - t0} res ${r.status()} ${r.url()} sw=${r.fromServiceWorker()}`));
      page.on('console', (m) => log.push(`${Date.now() - t0} console ${m.text()}`));
      page.on('framenavigated', (f) => log.push(`${Date.now() - t0} nav ${f.url()}`));
      const username = await registerViaUi(page, { role: 'buyer', username: uniqueName('annuaire') });
      await switchLanguage(page, 'Français');
      await page.goto('/users');
      await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Utilisateurs inscrits' }).waitFor();
      log.push(`${Date.now() - t0} filling`);
      await page.getByLabel("Rechercher par nom d'utilisateur").fill(username);
      const card = page.locator('main li').filter({ hasText: username });
      try {
        await card.first().waitFor({ timeout: 20000 });
      } catch (e) {
        log.push(`input value: ${await page.getByLabel("Rechercher par nom d'utilisateur").inputValue()}`);
        await page.screenshot({ path: `/tmp/dbg-${i}.png`, fullPage: true });
        console.log(log.join('\n'));
        throw e;
      }
      expect(1).toBe(1);
      await context.close();
    });
  }
});
