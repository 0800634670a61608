// Browser flows of users: edit the profile, an achievement toast after the first listing, the directory in
// French with French dates, and a manager changing a role (plus Connect from the directory).
import { format } from 'date-fns';
import { fr } from 'date-fns/locale';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launch,
  openPage,
  PASSWORD,
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

/** Switches language and waits until the server stored it (a reload before that would switch back). */
async function switchLanguage(page: Page, name: 'English' | 'Français') {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/language') && r.ok());
  await page.getByRole('button', { name }).click();
  await saved;
}

/** A toast (Radix renders each as a status region) containing the text. */

describe('profile', () => {
  it('edits bio, experience and crops, with validation before sending', async () => {
    const { context, page } = await openPage(browser);
    const username = await registerViaUi(page, { role: 'farmer' });
    await page.goto('/profile');
    await visible(page.getByText('Add a bio to tell others about yourself'));
    await visible(page.getByText('No achievements yet. Keep farming to earn badges!'));
    await visible(page.getByText('Farming Statistics'));
    await textOf(page.locator('main'), '$0.00');
    await textOf(page.locator('main'), username);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByLabel('Bio').fill('Cocoa and plantain near Mbalmayo.');
    await page.getByLabel('Years of farming experience (0–80)').fill('99');
    await page.getByLabel('Preferred crops').fill('Cocoa, Plantain, cocoa');
    await page.getByLabel('Show my email and phone in the users directory').check();
    await page.getByRole('button', { name: 'Save profile' }).click();
    await visible(page.getByText('Experience must be between 0 and 80 years'));

    await page.getByLabel('Years of farming experience (0–80)').fill('7');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await visible(toastWith(page, 'Your profile has been updated.'));
    await visible(page.getByText('Cocoa and plantain near Mbalmayo.'));
    await visible(page.getByText('7 years'));
    const badges = page.locator('main li').filter({ hasText: /^(Cocoa|Plantain)$/ });
    expect(await badges.allTextContents()).toEqual(['Cocoa', 'Plantain']);

    const saved = await (await page.request.get('/api/profile')).json();
    expect(saved.profile).toMatchObject({ farmingExperience: 7, preferredCrops: ['Cocoa', 'Plantain'] });
    expect((await (await page.request.get('/api/enhanced-profile')).json()).showContact).toBe(true);
    await context.close();
  });

  it('congratulates a farmer with a toast after the first listing and lists the achievement', async () => {
    const { context, page } = await openPage(browser);
    await registerViaUi(page, { role: 'farmer' });
    // Let the live-events stream open before the event happens.
    await page.waitForTimeout(500);
    const res = await page.request.post('/api/commodities', {
      data: { name: 'Cocoa', quantity: 1.5, price: 2400, grade: 'A', status: 'available' },
    });
    expect(res.status()).toBe(201);
    const toast = toastWith(page, 'Achievement unlocked!');
    await visible(toast);
    await textOf(toast, 'First Listing');
    await page.goto('/profile');
    await visible(page.getByText('Listed a commodity on the marketplace for the first time.'));
    await context.close();
  });
});

describe('directory', () => {
  it('shows the directory in French with French dates, search and role filter', async () => {
    const { context, page } = await openPage(browser, { locale: 'fr-FR' });
    const username = await registerViaUi(page, { role: 'buyer', username: uniqueName('annuaire') });
    await switchLanguage(page, 'Français');
    await page.goto('/users');
    await textOf(page.getByRole('heading', { level: 1 }), 'Utilisateurs inscrits');
    await page.getByLabel("Rechercher par nom d'utilisateur").fill(username);
    const card = page.locator('main li').filter({ hasText: username });
    await visible(card);
    const today = format(new Date(), 'PP', { locale: fr });
    await textOf(card, `Inscrit le ${today}`);
    await textOf(card, 'Acheteur');
    await textOf(page.getByRole('heading', { level: 1 }), '(1)');
    expect(await seriousViolations(page)).toEqual([]);
    // No 'Connect' on my own card, and no role changes for a buyer.
    expect(await card.getByRole('button', { name: /Entrer en relation/ }).count()).toBe(0);
    expect(await card.getByRole('combobox').count()).toBe(0);

    await page.getByLabel('Rôle', { exact: true }).selectOption('manager');
    await visible(page.getByText('Aucun utilisateur ne correspond à votre recherche.'));
    await context.close();
  });

  it('lets a manager change a role from the directory; members connect from it', async () => {
    const target = uniqueName('promote');
    const other = await openPage(browser);
    const made = await other.page.request.post('/api/register', {
      data: { username: target, password: PASSWORD },
    });
    expect(made.status()).toBe(201);

    const { context, page } = await openPage(browser);
    await page.goto('/');
    await page.getByLabel(/^(Username|Nom d'utilisateur)$/).fill('claire');
    await page.getByLabel(/^(Password|Mot de passe)$/).fill('terroir-demo');
    await page.getByRole('button', { name: /^(Sign In|Se connecter)$/ }).click();
    await textOf(page.getByRole('heading', { level: 1 }), 'claire');
    await switchLanguage(page, 'English');
    await page.goto('/users');
    await page.getByLabel('Search by username').fill(target);
    const card = page.locator('main li').filter({ hasText: target });
    await visible(card);
    await card.getByLabel(`Change role of ${target}`).selectOption('agent');
    await visible(toastWith(page, `${target} is now Agent.`));
    await textOf(card.locator('[data-role]'), 'Agent');
    const list = await (await page.request.get(`/api/users?search=${target}`)).json();
    expect(list[0]).toMatchObject({ username: target, role: 'agent' });

    await card.getByRole('button', { name: `Connect with ${target}` }).click();
    await visible(toastWith(page, 'Connection request sent'));
    // Asked once: the card says so and offers no second request.
    await textOf(card.getByTestId('connection-state'), 'Request sent');
    expect(await card.getByRole('button', { name: `Connect with ${target}` }).count()).toBe(0);
    await page.reload();
    await page.getByLabel('Search by username').fill(target);
    await textOf(card.getByTestId('connection-state'), 'Request sent');
    expect(await card.getByRole('button', { name: `Connect with ${target}` }).count()).toBe(0);

    // A phone number reads grouped after its country code, as one formatter writes it everywhere.
    await page.getByLabel('Search by username').fill('eto.patrick');
    await textOf(page.locator('main li').filter({ hasText: 'eto.patrick' }), '+237 656 732 091');
    await other.context.close();
    await context.close();
  });
});
