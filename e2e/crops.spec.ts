// Crop management in the browser, in French on a small phone: amina makes a maize plan on a plot of her own in
// three steps, ticks a task of the week offline (kept on the phone, shown done and waiting) and sees it sent once
// back online, adds an input and records a final harvest, and reads the yield per hectare against the estimate and
// the plan's margin.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TCropPlanDetails, TPlots, TTasks } from '../contract/crop-plans';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/demo/accounts';
import {
  hidden,
  openPage,
  SMALL_PHONE,
  sharedBrowser,
  textOf,
  toastWith,
  uniqueName,
  visible,
} from './browser';
import { expectJson } from './sale-by-api';

const browser = sharedBrowser();
/** `E2E_SHOTS=<dir>`: each step saved there as the test passes it, for looking at what users see. */
const shot = (page: Page, file: string) =>
  process.env.E2E_SHOTS
    ? page.screenshot({ path: `${process.env.E2E_SHOTS}/${file}.png`, fullPage: true })
    : null;

/** Money as the web app writes it in French (lib/format.ts: fr-FR, the e2e server's US dollars), spaces made plain. */
const dollars = (amount: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'USD' }).format(amount).replace(/\s/g, ' ');
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

/** A demo account signed in on a small French phone (its language said again, and put back by `restore`). */
async function demoPhone(username: string) {
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
  return { context, page, restore };
}

/**
 * The farm the screen opens on a fresh phone (the first of her farms), grown by half a hectare when her demo plots
 * fill it (the test makes a plot of its own); `restore` archives that plot and gives the farm its size back.
 */
async function roomOnFirstFarm(page: Page) {
  const farms = await expectJson<{ id: number; size: number }[]>(page.request.get('/api/farms'), 200);
  const farm = farms[0];
  if (!farm) {
    throw new Error('amina has no farm');
  }
  const plots = await expectJson<TPlots>(page.request.get(`/api/farms/${farm.id}/plots`), 200);
  const grown = plots.farmSize - plots.plottedArea < 0.5;
  if (grown) {
    await expectJson(page.request.patch(`/api/farms/${farm.id}`, { data: { size: farm.size + 0.5 } }), 200);
  }
  const restore = async (plotName: string) => {
    const now = await expectJson<TPlots>(page.request.get(`/api/farms/${farm.id}/plots`), 200);
    const mine = now.plots.find((plot) => plot.name === plotName);
    if (mine) {
      await expectJson(
        page.request.patch(`/api/farms/${farm.id}/plots/${mine.id}`, { data: { archived: true } }),
        200,
      );
    }
    if (grown) {
      await expectJson(page.request.patch(`/api/farms/${farm.id}`, { data: { size: farm.size } }), 200);
    }
  };
  return { restore };
}

describe('crop management', () => {
  it('amina plans maize on a plot, ticks a task offline and sees it sent, harvests and reads yield and margin', async () => {
    const amina = await demoPhone('amina');
    const { page } = amina;
    try {
      const farm = await roomOnFirstFarm(page);
      const plotName = uniqueName('Parcelle');

      await page.goto('/crops');
      await visible(page.getByRole('heading', { level: 1, name: 'Gestion des cultures' }));
      await visible(page.getByRole('heading', { name: 'Tâches de la semaine' }));
      await shot(page, 'crops-fr-phone');

      // A plot of her own, half a hectare, typed the French way: in the form a farm without plots is shown, else
      // in the dialog of the "New plot" button.
      const noPlot = page.getByTestId('no-plot');
      await visible(noPlot.or(page.getByTestId('plot-row')));
      const firstPlot = await noPlot.isVisible();
      const plotForm = firstPlot ? noPlot : page.getByRole('dialog');
      if (!firstPlot) {
        await page.getByRole('button', { name: 'Nouvelle parcelle' }).click();
      }
      await plotForm.getByLabel('Nom de la parcelle').fill(plotName);
      await plotForm.getByLabel('Surface (hectares)').fill('0,5');
      await plotForm.getByRole('button', { name: 'Ajouter la parcelle' }).click();
      await visible(page.getByTestId('plot-row').filter({ hasText: plotName }));

      // New plan in three steps: the plot, then maize planted today, then the review of what the server made.
      await page.getByRole('button', { name: 'Nouveau plan' }).click();
      const wizard = page.getByRole('dialog');
      await textOf(wizard, 'Étape 1 sur 3');
      await wizard.getByRole('radio', { name: new RegExp(plotName) }).check();
      await wizard.getByRole('button', { name: 'Suivant' }).click();
      await textOf(wizard, 'Étape 2 sur 3');
      expect(await wizard.getByLabel('Culture').inputValue()).toBe('maize');
      expect(await wizard.getByLabel('Surface semée (hectares)').inputValue()).toBe('0,5');
      await wizard.getByRole('button', { name: 'Faire le plan' }).click();
      const review = wizard.getByTestId('plan-review');
      await visible(review);
      await textOf(wizard, 'Étape 3 sur 3');
      await textOf(review.getByTestId('plan-stages'), 'Levée');
      await textOf(review.getByTestId('plan-stages'), 'Maturité');
      await textOf(review.getByTestId('expected-yield'), 'Estimation');
      const expected = plain(await review.getByTestId('expected-per-hectare').textContent());
      expect(expected).toMatch(/^\d+(,\d+)? t\/ha$/);
      await shot(page, 'crops-fr-review');
      await wizard.getByRole('link', { name: 'Ouvrir le plan' }).click();
      await page.waitForURL(/\/crops\?plan=\d+$/);
      const planId = Number(new URL(page.url()).searchParams.get('plan'));
      await visible(page.getByRole('heading', { level: 1, name: `Maïs sur ${plotName}` }));

      // This week: one of the plan's tasks, ticked offline, shows done and waiting on the phone.
      await page.getByRole('link', { name: 'Toutes les parcelles' }).click();
      const week = page.getByTestId('week-tasks');
      const mine = week.getByTestId('week-task').filter({ hasText: plotName });
      await visible(mine);
      const before = await mine.count();
      await page.context().setOffline(true);
      await mine
        .first()
        .getByRole('button', { name: /^Marquer « .+ » comme faite$/ })
        .click();
      await visible(toastWith(page, 'Enregistré sur ce téléphone'));
      await visible(mine.first().getByTestId('task-waiting'));
      await textOf(mine.first(), 'Fait');
      await shot(page, 'crops-fr-offline');
      // The server has not got it yet (the test's own requests are not the phone's, and still reach it).
      const doneOnServer = await expectJson<TTasks>(page.request.get('/api/tasks?status=done'), 200);
      expect(doneOnServer.tasks.filter((task) => task.planId === planId)).toEqual([]);

      // Back online: the outbox sends it, the server has it done, and the week's list no longer holds it.
      await page.context().setOffline(false);
      await hidden(week.getByTestId('task-waiting'));
      await expect
        .poll(async () => {
          const plan = await expectJson<TCropPlanDetails>(page.request.get(`/api/crop-plans/${planId}`), 200);
          return plan.tasks.filter((task) => task.status === 'done').length;
        })
        .toBe(1);
      await expect.poll(() => mine.count()).toBe(before - 1);

      // The plan's page: an input of fertiliser, then a final harvest of 20 bags of 100 kg (2 t on 0.5 ha).
      await page.goto(`/crops?plan=${planId}`);
      await visible(page.getByRole('heading', { level: 1, name: `Maïs sur ${plotName}` }));
      await page.getByRole('button', { name: 'Ajouter un intrant' }).click();
      const inputDialog = page.getByRole('dialog');
      await inputDialog.getByLabel('Type').selectOption('fertiliser');
      await inputDialog.getByLabel('Quoi').fill('NPK 20-10-10');
      await inputDialog.getByLabel('Coût').fill('150');
      await inputDialog.getByRole('button', { name: 'Ajouter l’intrant' }).click();
      await hidden(inputDialog);
      await expect
        .poll(async () => plain(await page.getByTestId('money-inputs').textContent()))
        .toBe(dollars(150));

      await page.getByRole('button', { name: 'Enregistrer une récolte' }).click();
      const harvestDialog = page.getByRole('dialog');
      await harvestDialog.getByLabel('Quantité', { exact: true }).fill('20');
      await harvestDialog.getByLabel('Unité', { exact: true }).selectOption('bag100');
      await harvestDialog.getByLabel('Vendu').fill('15');
      await harvestDialog.getByLabel('Stocké').fill('4');
      // The uses must make the harvest: checked on the phone before anything is sent.
      await harvestDialog.getByRole('button', { name: 'Enregistrer la récolte' }).click();
      await textOf(harvestDialog, 'Les usages doivent faire la quantité récoltée.');
      await harvestDialog.getByLabel('Stocké').fill('5');
      await harvestDialog.getByLabel('C’est la dernière récolte du plan').check();
      await harvestDialog.getByRole('button', { name: 'Enregistrer la récolte' }).click();
      await hidden(harvestDialog);

      // The yield harvested per hectare against the estimate, and the plan's margin, closed as harvested.
      const harvested = page.getByTestId('harvested-yield');
      await textOf(harvested, '4 t/ha récoltées');
      await textOf(harvested, 'de l’estimation');
      // Her maize sold after the harvest counts as the plan's (the server tags it): the margin is sales less inputs.
      const { money } = await expectJson<TCropPlanDetails>(
        page.request.get(`/api/crop-plans/${planId}`),
        200,
      );
      expect(money.inputs).toBe(150);
      expect(money.margin).toBeCloseTo(money.sales - money.inputs, 2);
      await expect
        .poll(async () => plain(await page.getByTestId('money-margin').textContent()))
        .toBe(dollars(money.margin));
      await expect
        .poll(async () => plain(await page.getByTestId('money-sales').textContent()))
        .toBe(dollars(money.sales));
      await expect
        .poll(async () => plain(await page.getByTestId('money-cost-per-ton').textContent()))
        .toBe(dollars(75));
      await textOf(page.locator('main'), 'Récolté');
      await shot(page, 'crops-fr-plan');
      await farm.restore(plotName);
    } finally {
      await amina.restore();
    }
  });
});
