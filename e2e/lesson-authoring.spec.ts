// Writing a lesson in the browser, in French on small phones: claire (manager) names fatou (agent) an expert from
// the Experts card (unless the demo already did); fatou writes a lesson and submits it; claire sends it back with a
// comment; fatou reads the comment, fixes the lesson and submits it again; claire approves it, which publishes it
// as version 1; amina then finds it in the Learning Center.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/demo/accounts';
import {
  openPage,
  SMALL_PHONE,
  seriousViolations,
  sharedBrowser,
  textOf,
  toastWith,
  visible,
} from './browser';
import { expectJson } from './sale-by-api';

const browser = sharedBrowser();

/** A demo user signed in on a small French phone (their language said again, and put back by `restore`). */
async function frenchPhone(username: string) {
  const demo = DEMO_USERS.find((user) => user.username === username);
  if (!demo) {
    throw new Error(`no demo account ${username}`);
  }
  const { context, page } = await openPage(browser(), { viewport: SMALL_PHONE, locale: 'fr-FR' });
  await expectJson(page.request.post('/api/login', { data: { username, password: DEMO_PASSWORD } }), 200);
  await expectJson(page.request.patch('/api/user/language', { data: { language: 'fr' } }), 200);
  const restore = async () => {
    await page.request.patch('/api/user/language', { data: { language: demo.language } });
    await context.close();
  };
  return { page, restore };
}

/** claire names fatou an expert through the Experts card, unless she is one already. */
async function nameFatouExpert(page: Page) {
  await page.goto('/education/write');
  const card = page.getByTestId('lesson-experts');
  await visible(card);
  await card.getByRole('heading', { name: 'Les experts' }).waitFor();
  // The list has loaded when it shows either an expert or the line saying there is none.
  await visible(card.getByTestId('lesson-expert').or(card.getByText('Aucun expert désigné')));
  if ((await card.getByTestId('lesson-expert').filter({ hasText: 'fatou' }).count()) > 0) {
    return;
  }
  await card.getByLabel('Chercher un utilisateur à désigner').fill('fatou');
  await card.getByRole('button', { name: 'Désigner fatou comme expert' }).click();
  await textOf(card.getByTestId('lesson-expert').filter({ hasText: 'fatou' }), 'fatou');
}

/** fatou writes a new lesson from the Learning Center's link, in French, and saves it. */
async function writeLesson(page: Page, slug: string, title: string) {
  await page.goto('/education');
  await page.getByTestId('write-lessons-link').click();
  await page.waitForURL('**/education/write');
  await page.getByRole('link', { name: 'Nouvelle leçon' }).click();
  await page.waitForURL('**/education/write/new');
  const editor = page.getByTestId('lesson-editor');
  await visible(editor);
  await editor.getByLabel('Adresse', { exact: true }).fill(slug);
  await editor.getByLabel('Sujet').selectOption('crops');
  await editor.getByRole('checkbox', { name: 'Maïs' }).check();
  await editor.getByLabel('Titre', { exact: true }).first().fill(title);
  await editor.getByLabel('Résumé').fill('Semer en ligne facilite le sarclage et le comptage des plants.');
  await editor.getByLabel('Étape clé 1').fill('Tendre une corde le long du champ');
  await editor.getByLabel('Étape clé 2').fill('Semer tous les 25 cm sur la ligne');
  await editor.getByLabel('Étape clé 3').fill('Laisser 75 cm entre deux lignes');
  await editor
    .getByLabel('Texte', { exact: true })
    .fill('Des lignes droites rendent le sarclage plus rapide.');
  // The preview shows the words as a reader will see them.
  await textOf(editor.getByTestId('lesson-preview'), 'Tendre une corde le long du champ');
  expect(await seriousViolations(page)).toEqual([]);
  await editor.getByLabel('Éditeur').fill('FAO');
  await editor.getByLabel('Titre', { exact: true }).last().fill('Maize in human nutrition');
  await editor.getByLabel('Année (facultatif)').fill('1992');
  await editor.getByLabel('Adresse web (facultatif)').fill('https://www.fao.org/4/t0395e/T0395E00.htm');
  await editor.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await page.waitForURL(`**/education/write/${slug}`);
  await textOf(page.getByTestId('lesson-draft-state'), 'Brouillon');
}

const submitForReview = async (page: Page) => {
  await page.getByRole('button', { name: 'Envoyer en relecture' }).click();
  await textOf(page.getByTestId('lesson-draft-state'), 'En relecture');
};

/** claire opens the lesson from her "to review" list. */
async function openToReview(page: Page, title: string) {
  await page.goto('/education/write');
  const toReview = page.getByTestId('drafts-to-review');
  await toReview.getByRole('link', { name: title }).click();
  await visible(page.getByTestId('lesson-review-form'));
}

describe('writing lessons', () => {
  it('an expert writes a lesson, another sends it back, then approves and publishes it', async () => {
    const token = randomBytes(3).toString('hex');
    const slug = `semer-en-ligne-${token}`;
    const title = `Semer le maïs en ligne ${token}`;
    const claire = await frenchPhone('claire');
    const fatou = await frenchPhone('fatou');
    const amina = await frenchPhone('amina');
    try {
      await nameFatouExpert(claire.page);

      await writeLesson(fatou.page, slug, title);
      // A reader does not see a lesson before it is published.
      await expectJson(amina.page.request.get(`/api/lessons/${slug}`), 404);
      await submitForReview(fatou.page);

      // Sent back: a comment is needed, and the author reads it.
      await openToReview(claire.page, title);
      const review = claire.page.getByTestId('lesson-review-form');
      expect(await seriousViolations(claire.page)).toEqual([]);
      await review.getByRole('button', { name: "Renvoyer à l'auteur" }).click();
      await textOf(review, 'Dites ce que');
      await review
        .getByLabel("Commentaire pour l'auteur")
        .fill("Précisez l'écartement pour le maïs hybride.");
      await review.getByRole('button', { name: "Renvoyer à l'auteur" }).click();
      await visible(toastWith(claire.page, "Renvoyée à l'auteur"));

      await fatou.page.reload();
      await textOf(fatou.page.getByTestId('lesson-draft-state'), 'Brouillon');
      await textOf(fatou.page.getByTestId('lesson-review'), "Précisez l'écartement pour le maïs hybride.");
      await fatou.page
        .getByLabel('Étape clé 3')
        .fill('Laisser 75 cm entre deux lignes, 80 cm pour un hybride');
      // Submitting saves the change first.
      await submitForReview(fatou.page);
      // The author cannot review their own lesson.
      expect(await fatou.page.getByTestId('lesson-review-form').count()).toBe(0);

      await openToReview(claire.page, title);
      await textOf(claire.page.getByTestId('lesson-draft'), '80 cm pour un hybride');
      await claire.page.getByRole('button', { name: 'Approuver et publier' }).click();
      await textOf(claire.page.getByTestId('lesson-draft-state'), 'Publiée');
      await textOf(claire.page.getByTestId('lesson-versions'), 'Version 1');

      // A reader finds it in the Learning Center, and reads it.
      await amina.page.goto('/education');
      await amina.page.getByLabel('Chercher une leçon').fill(token);
      const list = amina.page.getByRole('region', { name: 'Leçons', exact: true });
      const card = list.getByTestId('lesson-card').filter({ hasText: title });
      await visible(card);
      await card.getByRole('link', { name: title }).click();
      await amina.page.waitForURL(`**/education/${slug}`);
      await textOf(amina.page.getByTestId('lesson-key-steps'), '80 cm pour un hybride');
    } finally {
      await Promise.all([claire.restore(), fatou.restore(), amina.restore()]);
    }
  }, 240_000);
});
