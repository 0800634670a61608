// Browser flows of the financial screen: add a transaction, see the overview move, generate the three reports.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hidden,
  launch,
  openPage,
  PHONE,
  registerViaUi,
  seriousViolations,
  textOf,
  toastWith,
  visible,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function createFarmViaApi(page: Page) {
  const res = await page.request.post('/api/farms', {
    data: {
      name: 'Ferme e2e',
      size: 2,
      latitude: 5.48,
      longitude: 10.42,
      elevation: 1450,
      crop: 'maize',
      plantingDate: '2026-03-15',
    },
  });
  expect(res.status()).toBe(201);
}

const netWorth = (page: Page) => page.getByTestId('overview-netWorth');

describe('financial', () => {
  it('adds a transaction, moves the overview and generates the three reports', async () => {
    const { context, page } = await openPage(browser);
    await registerViaUi(page, { role: 'farmer' });
    await createFarmViaApi(page);
    await page.goto('/financial');
    await textOf(page.getByRole('heading', { level: 1 }), 'Farm Financial Management');
    for (const tab of ['Overview', 'Transactions', 'Sales', 'Futures', 'Reports']) {
      await visible(page.getByRole('tab', { name: tab }));
    }
    await textOf(netWorth(page), '$0.00');

    await page.getByRole('button', { name: 'Add Transaction' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog);
    expect(await dialog.getByLabel('Type').inputValue()).toBe('income');
    expect(await dialog.getByLabel('Date').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await dialog.getByRole('button', { name: 'Add Transaction' }).click();
    await visible(dialog.getByText('Category is required'));
    await visible(dialog.getByText('Amount must be a positive number'));

    await dialog.getByLabel('Category').selectOption('produce_sales');
    await dialog.getByLabel('Amount').fill('1250,50');
    await dialog.getByLabel('Description').fill('Maize at Bafoussam market');
    await dialog.getByLabel('Payment Method').selectOption('mobile_money');
    await dialog.getByRole('button', { name: 'Add Transaction' }).click();
    await visible(toastWith(page, 'Transaction added successfully'));
    await textOf(netWorth(page), '$1,250.50');
    await textOf(page.getByTestId('overview-totalAssets'), '$1,250.50');
    await visible(page.getByRole('img', { name: 'Line chart of income and expenses per month' }));
    // Income and expenses per month, each named in the legend.
    await visible(page.getByText('Income and Expenses'));
    const legend = page.getByTestId('chart-legend');
    await visible(legend.getByText('Income', { exact: true }));
    await visible(legend.getByText('Expenses', { exact: true }));
    // The chart is in the tab order; the keys move its tooltip month by month, read out, and Escape hides it.
    const chart = page.getByRole('img', { name: 'Line chart of income and expenses per month' });
    expect(await chart.getAttribute('tabindex')).toBe('0');
    await chart.focus();
    const tooltip = page.getByTestId('chart-tooltip');
    const point = page.getByTestId('chart-point');
    const monthName = (back: number) => {
      const now = new Date();
      return new Date(now.getFullYear(), now.getMonth() - back, 1).toLocaleDateString('en-US', {
        month: 'long',
        year: 'numeric',
      });
    };
    await page.keyboard.press('End');
    await textOf(tooltip, 'Income: $1,250.50');
    await textOf(point, `${monthName(0)}, Income: $1,250.50, Expenses: $0.00`);
    await page.keyboard.press('ArrowLeft');
    await textOf(point, `${monthName(1)}, Income: $0.00`);
    await textOf(tooltip, monthName(1));
    await page.keyboard.press('ArrowRight');
    await textOf(point, monthName(0));
    await page.keyboard.press('Escape');
    await hidden(tooltip);
    expect(await point.textContent()).toBe('');

    await page.getByRole('tab', { name: 'Transactions' }).click();
    await visible(page.getByText('Maize at Bafoussam market'));
    await visible(page.getByText('+$1,250.50'));

    // The Futures tab: the forward agreements' totals (none yet for this farmer).
    await page.getByRole('tab', { name: 'Futures' }).click();
    await visible(page.getByTestId('futures-totals'));

    await page.getByRole('tab', { name: 'Reports' }).click();
    for (const name of ['Income Statement', 'Balance Sheet', 'Cash Flow']) {
      await page.getByRole('button', { name }).click();
      await visible(page.getByRole('listitem').getByRole('heading', { name }));
    }
    const reports = page.getByRole('list', { name: 'Financial Reports' }).getByRole('listitem');
    expect(await reports.count()).toBe(3);
    const income = reports.filter({ has: page.getByRole('heading', { name: 'Income Statement' }) });
    await textOf(income.getByRole('row', { name: /Net income/ }), '$1,250.50');
    await visible(income.getByText('Monthly'));
    await income.getByRole('button', { name: 'Show raw data' }).click();
    await textOf(income.locator('pre'), '"netIncome": 1250.5');
    const sheet = reports.filter({ has: page.getByRole('heading', { name: 'Balance Sheet' }) });
    await textOf(sheet.getByRole('row', { name: /Mobile money/ }), '$1,250.50');
    const flow = reports.filter({ has: page.getByRole('heading', { name: 'Cash Flow' }) });
    await textOf(flow.getByRole('row', { name: /Closing cash/ }), '$1,250.50');
    const csv = await page.request.get(
      (await income.getByRole('link', { name: 'Download CSV' }).getAttribute('href')) ?? '',
    );
    expect(await csv.text()).toContain('Total,Net income,1250.5');
    // A report of the farm's season: from its planting date.
    await page.getByLabel('Period').selectOption('season');
    await page.getByRole('button', { name: 'Income Statement' }).click();
    await textOf(reports.first(), 'Season');
    expect(await reports.count()).toBe(4);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('works in French on a phone', async () => {
    const { context, page } = await openPage(browser, { viewport: PHONE, locale: 'fr-FR' });
    await registerViaUi(page, { role: 'farmer' });
    await createFarmViaApi(page);
    // The user's language is stored on the server and this device remembers it (as the sidebar's switcher does).
    expect((await page.request.patch('/api/user/language', { data: { language: 'fr' } })).ok()).toBe(true);
    await page.evaluate(() => localStorage.setItem('language', 'fr'));
    await page.goto('/financial');
    await textOf(page.getByRole('heading', { level: 1 }), 'Gestion financière de la ferme');
    await page.getByRole('button', { name: 'Ajouter une transaction' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Type').selectOption('expense');
    await dialog.getByRole('button', { name: 'Ajouter la transaction' }).click();
    await visible(dialog.getByText('La catégorie est obligatoire'));
    await dialog.getByLabel('Catégorie').selectOption('seeds');
    await dialog.getByLabel('Montant').fill('99,90');
    await dialog.getByRole('button', { name: 'Ajouter la transaction' }).click();
    await visible(toastWith(page, 'Transaction ajoutée avec succès'));
    await textOf(netWorth(page), '99,90');
    expect(await netWorth(page).textContent()).toMatch(/^-/);
    await visible(page.getByText('Recettes et dépenses'));
    const legend = page.getByTestId('chart-legend');
    await visible(legend.getByText('Recettes', { exact: true }));
    await visible(legend.getByText('Dépenses', { exact: true }));

    await page.getByRole('tab', { name: 'Rapports' }).click();
    for (const name of ['Compte de résultat', 'Bilan', 'Flux de trésorerie']) {
      await page.getByRole('button', { name }).click();
      await visible(page.getByRole('listitem').getByRole('heading', { name }));
    }
    const income = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Compte de résultat' }) });
    await textOf(income.getByRole('row', { name: /Semences/ }), '99,90');
    await visible(income.getByText('Mensuel'));

    // A mistake is cancelled by a reversing entry, in two clicks.
    await page.getByRole('tab', { name: 'Opérations' }).click();
    await page.getByRole('button', { name: 'Contre-passer' }).click();
    await page.getByRole('button', { name: 'Confirmer la contre-passation' }).click();
    await visible(toastWith(page, 'Transaction contre-passée'));
    await visible(page.getByText('Contre-passée', { exact: true }));
    await page.getByRole('tab', { name: "Vue d'ensemble" }).click();
    await textOf(netWorth(page), '0,00');
    await context.close();
  });
});
