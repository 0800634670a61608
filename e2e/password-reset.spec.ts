// Browser flow of "Forgot password?" on a phone: from the sign-in screen, ask for a code, then choose a new password
// with it. The e2e server sends no SMS (no provider), so the code that would arrive is unknown here: a wrong one is
// refused in the interface's language (the right one is proven by server/auth/password-reset.api.test.ts).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage, PHONE, seriousViolations, toastWith, uniqueName, visible } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('forgot password', () => {
  it('asks for a code, then refuses a wrong one; the same answer for an account that does not exist', async () => {
    const { context, page } = await openPage(browser, { viewport: PHONE });
    await page.goto('/');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await visible(page.getByRole('heading', { name: 'Choose a new password' }));
    // The form checks with the contract's schema before sending.
    await page.getByRole('button', { name: 'Send the code' }).click();
    await visible(page.getByText('Enter your username or phone number'));
    await page.getByLabel('Username or phone number').fill(uniqueName('ghost'));
    await page.getByRole('button', { name: 'Send the code' }).click();
    await visible(page.getByText(/If this account has a proven phone number, a code is on its way/));
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Code received by SMS').fill('12345');
    await page.getByLabel('New password').fill('a-new-password');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await visible(page.getByText('Enter the 6-digit code'));
    await page.getByLabel('Code received by SMS').fill('123456');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await visible(toastWith(page, 'This code is wrong or has expired: ask for a new one'));

    await page.getByRole('button', { name: 'Ask for another code' }).click();
    await visible(page.getByLabel('Username or phone number'));
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await visible(page.getByRole('heading', { name: 'Welcome Back' }));
    await context.close();
  });

  it('speaks French on the French interface', async () => {
    const { context, page } = await openPage(browser, { viewport: PHONE });
    await page.goto('/');
    await page.getByRole('button', { name: 'Français' }).click();
    await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    await visible(page.getByRole('heading', { name: 'Choisir un nouveau mot de passe' }));
    await page.getByLabel("Nom d'utilisateur ou numéro de téléphone").fill('+237 677 00 00 00');
    await page.getByRole('button', { name: 'Envoyer le code' }).click();
    await visible(page.getByText(/Si ce compte a un numéro vérifié, un code est en route/));
    await page.getByLabel('Code reçu par SMS').fill('123456');
    await page.getByLabel('Nouveau mot de passe').fill('un-nouveau-mot-de-passe');
    await page.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }).click();
    await visible(toastWith(page, 'Ce code est erroné ou a expiré : demandez-en un nouveau'));
    await context.close();
  });
});
