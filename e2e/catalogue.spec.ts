// The commodity catalogue on a phone, in French (the demo's language): a farmer asks for a missing commodity, the
// manager creates it from the request and weighs the beans' basin, and the farmer lists beans in basins: the form
// says the tons it means and the listing (and the API) carry those tons.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
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

const browser = sharedBrowser();

async function demo(username: 'amina' | 'claire'): Promise<Page> {
  const { page } = await openPage(browser(), { viewport: SMALL_PHONE, locale: 'fr-FR' });
  const login = await page.request.post('/api/login', { data: { username, password: 'terroir-demo' } });
  expect(login.status()).toBe(200);
  // Said again: the demo accounts are shared by every spec, and another may have left one in English.
  const language = await page.request.patch('/api/user/language', { data: { language: 'fr' } });
  expect(language.ok()).toBe(true);
  return page;
}

async function openAddDialog(page: Page) {
  await page.goto('/marketplace');
  await page.getByRole('button', { name: 'Ajouter un produit' }).first().click();
  return page.getByRole('dialog');
}

describe('commodity catalogue', () => {
  it('answers a request, weighs a basin, and a farmer lists in basins', async () => {
    const fonio = uniqueName('Fonio');

    // The farmer asks for a commodity the catalogue does not have.
    const farmer = await demo('amina');
    let add = await openAddDialog(farmer);
    await add.getByLabel('Nom', { exact: true }).fill(fonio);
    await add.getByRole('button', { name: 'Demander son ajout' }).click();
    // The toast area is hidden from the accessibility tree while the dialog is open (Radix's modal): found by text.
    await visible(farmer.getByText(`Demande envoyée : un gestionnaire ajoutera « ${fonio} » au catalogue.`));
    await add.getByRole('button', { name: 'Fermer' }).click();
    await hidden(add);

    // The manager creates it from the request, which then leaves the list.
    const manager = await demo('claire');
    await manager.goto('/catalogue');
    await visible(manager.getByRole('heading', { level: 1, name: 'Catalogue des produits' }));
    const request = manager.getByTestId('kind-request').filter({ hasText: fonio });
    await textOf(request, 'Demandé par amina');
    await request.getByRole('button', { name: 'Créer un produit' }).click();
    let form = manager.getByRole('dialog');
    expect(await form.getByLabel('Nom en anglais').inputValue()).toBe(fonio);
    expect(await form.getByLabel('Clé', { exact: true }).inputValue()).toBe(fonio.toLowerCase());
    await form.getByLabel('Nom en français').fill(`${fonio} blanc`);
    await form.getByRole('button', { name: 'Créer', exact: true }).click();
    await visible(toastWith(manager, `${fonio} blanc ajouté au catalogue`));
    await hidden(form);
    await hidden(request);

    // The beans' basin, named without kilograms, is weighed for this deployment.
    const beans = manager.getByTestId('kind').filter({ hasText: 'Beans · Haricots' });
    await textOf(beans, 'Bassine : pas encore pesée');
    await beans.getByRole('button', { name: 'Modifier Haricots' }).click();
    form = manager.getByRole('dialog');
    await form.getByRole('group', { name: 'Bassine', exact: true }).getByLabel('Kilogrammes').fill('32,5');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await visible(toastWith(manager, 'Haricots enregistré'));
    await textOf(beans, 'Bassine : 32,5 kg');
    await textOf(beans, 'Tine : pas encore pesée');

    // The farmer lists 40 basins of beans: 1.3 t, and the API receives tons.
    add = await openAddDialog(farmer);
    await add.getByLabel('Nom', { exact: true }).fill('haricots');
    const unit = add.getByLabel('Unité', { exact: true });
    await visible(unit);
    const offered = await unit.locator('option').allTextContents();
    expect(offered).toEqual([
      'Tonnes',
      'Sac de 100 kg (100 kg)',
      'Sac de 50 kg (50 kg)',
      'Bassine (32,5 kg)',
    ]);
    await unit.selectOption({ label: 'Bassine (32,5 kg)' });
    await add.getByLabel('Quantité (Bassine)').fill('40');
    await visible(add.getByText('Soit 1,3 t'));
    await add.getByLabel('Prix par tonne').fill('437,25');
    const sent = farmer.waitForRequest(
      (req) => req.method() === 'POST' && new URL(req.url()).pathname === '/api/commodities',
    );
    await add.getByRole('button', { name: 'Mettre en vente' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ name: 'haricots', quantity: 1.3, price: 437.25 });
    await hidden(add);
    const row = farmer.getByTestId('commodity-row').filter({ hasText: '437,25' });
    await textOf(row, 'Haricots');
    await textOf(row, '1,3 t');

    // The new kind is in the catalogue: its name no longer asks a manager.
    add = await openAddDialog(farmer);
    await add.getByLabel('Nom', { exact: true }).fill(fonio);
    await visible(add.getByRole('button', { name: 'Mettre en vente' }));
    expect(await add.getByRole('button', { name: 'Demander son ajout' }).count()).toBe(0);
  }, 120_000);
});
