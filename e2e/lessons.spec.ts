// The Learning Center in the browser, in French on a small phone: amina's farm page warns of the demo's heavy rain
// on her drying maize and links the drying lesson; she reads it (title, the three key steps, its sources, no markup
// from its content), marks it finished, and finds it so in the Learning Center, where the row for her crops now,
// a topic chip and the search work.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TFarmWeather } from '../contract/weather';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/demo/accounts';
import { openPage, SMALL_PHONE, sharedBrowser, textOf, visible } from './browser';
import { expectJson } from './sale-by-api';

const browser = sharedBrowser();

/** The French titles of the lessons the test meets (server/lessons/content/*.json). */
const DRYING = 'Sécher le maïs à 13 %';
const AFLATOXIN = "Prévenir l'aflatoxine dans le maïs et l'arachide";
const SELLING = 'Vendre votre récolte sur le marché Terroir';
const COOP_SELLING = 'Vendre par votre coopérative';

/** amina signed in on a small French phone (her language said again, and put back by `restore`). */
async function aminaPhone() {
  const demo = DEMO_USERS.find((user) => user.username === 'amina');
  if (!demo) {
    throw new Error('no demo account amina');
  }
  const { context, page } = await openPage(browser(), { viewport: SMALL_PHONE, locale: 'fr-FR' });
  await expectJson(
    page.request.post('/api/login', { data: { username: 'amina', password: DEMO_PASSWORD } }),
    200,
  );
  await expectJson(page.request.patch('/api/user/language', { data: { language: 'fr' } }), 200);
  const restore = async () => {
    await page.request.patch('/api/user/language', { data: { language: demo.language } });
    await context.close();
  };
  return { page, restore };
}

/** The farm of hers the demo's heavy rain is forecast on (server/demo/weather.ts seeds it, whatever WEATHER says). */
async function rainyFarm(page: Page): Promise<number> {
  const farms = await expectJson<{ id: number }[]>(page.request.get('/api/farms'), 200);
  for (const farm of farms) {
    const weather = await expectJson<TFarmWeather>(page.request.get(`/api/farms/${farm.id}/weather`), 200);
    if (weather.alerts.some((alert) => alert.kind === 'heavy_rain')) {
      return farm.id;
    }
  }
  throw new Error("amina has no farm with the demo's heavy-rain alert");
}

/** The titles of the cards the list shows now. */
const cardTitles = (list: Locator) => list.getByTestId('lesson-card').locator('a').allTextContents();

describe('learning center', () => {
  it('amina follows a weather alert to the drying lesson, finishes it, and finds lessons by topic and search', async () => {
    const { page, restore } = await aminaPhone();
    try {
      const farmId = await rainyFarm(page);
      await page.goto(`/farms?farm=${farmId}`);
      const card = page.getByTestId('farm-weather');
      await visible(card);
      // The alert of the rain on her maize (plan or drying lot) links the drying lesson, by its French title.
      const link = card
        .getByTestId('weather-alert')
        .getByTestId('lesson-link')
        .filter({ hasText: `📖 ${DRYING}` });
      await visible(link);
      await link.first().click();

      await page.waitForURL('**/education/drying-maize');
      const lesson = page.getByTestId('lesson');
      await visible(lesson);
      await textOf(lesson.getByRole('heading', { level: 1 }), DRYING);
      const steps = page.getByTestId('lesson-key-steps');
      await textOf(steps.getByRole('heading'), 'Les 3 étapes clés');
      expect(await steps.locator('li').count()).toBe(3);
      await textOf(steps.locator('li').first(), 'jamais sur la terre nue');
      const sources = page.getByTestId('lesson-sources');
      await textOf(sources.getByRole('heading'), 'Nos sources');
      await textOf(sources, 'CABI Plantwise (2015), Factsheet for farmers');
      // The content is text: no script in the lesson, and no tag written out as text either.
      expect(await lesson.locator('script').count()).toBe(0);
      expect(await lesson.textContent()).not.toMatch(/<\/?[a-z][^>]*>/i);

      await page.getByRole('button', { name: 'Marquer comme terminée' }).click();
      await textOf(page.getByTestId('lesson-finished'), 'Vous avez terminé cette leçon');

      await page.getByRole('link', { name: 'Toutes les leçons' }).click();
      await page.waitForURL('**/education');
      await visible(page.getByRole('heading', { level: 1, name: "Centre d'apprentissage" }));
      // Her maize plan brings the row of lessons for her crops now.
      const forYou = page.getByTestId('lessons-for-you');
      await textOf(forYou.getByRole('heading'), 'Pour vos cultures en ce moment');
      expect(await forYou.locator('li').count()).toBeGreaterThan(0);
      const list = page.getByRole('region', { name: 'Leçons', exact: true });
      const drying = list.getByTestId('lesson-card').filter({ hasText: DRYING });
      await textOf(drying.getByTestId('lesson-progress'), 'Terminée');

      // A topic chip: after the harvest, the drying lesson is there, the selling ones are not.
      await page.getByRole('button', { name: 'Après la récolte', exact: true }).click();
      await expect.poll(() => cardTitles(list), { timeout: 15_000 }).not.toContain(SELLING);
      const postHarvest = await cardTitles(list);
      expect(postHarvest).toContain(DRYING);
      expect(postHarvest).not.toContain(COOP_SELLING);
      expect(postHarvest).not.toContain(AFLATOXIN);

      // The search, over every topic again: "aflatoxine" finds the aflatoxin lesson, not the selling ones.
      await page.getByRole('button', { name: 'Tous les sujets', exact: true }).click();
      await expect.poll(() => cardTitles(list), { timeout: 15_000 }).toContain(SELLING);
      await page.getByLabel('Chercher une leçon').fill('aflatoxine');
      await expect.poll(() => cardTitles(list), { timeout: 15_000 }).toContain(AFLATOXIN);
      await expect.poll(() => cardTitles(list), { timeout: 15_000 }).not.toContain(SELLING);
      expect(await cardTitles(list)).not.toContain(COOP_SELLING);
    } finally {
      await restore();
    }
  }, 180_000);
});
