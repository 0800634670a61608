// Browser flows of the settings screen on a 360 px phone. The e2e server has no SMS or WhatsApp provider, so both
// channels are off: the phone card says so and its form is disabled, and the SMS and WhatsApp boxes cannot be
// ticked. A type's "In app" box is saved off and on again, and quiet hours are kept, each across a reload. The
// phone PIN is refused with a wrong password, then set and changed with the right one, in English and in French.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES } from '../contract/notifications';
import {
  launch,
  openPage,
  PASSWORD,
  registerViaUi,
  SMALL_PHONE,
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

/** Waits for the next PUT of the preferences and gives its body. */
const nextPreferencesPut = (page: Page) =>
  page
    .waitForRequest((req) => req.method() === 'PUT' && req.url().endsWith('/api/notification-preferences'))
    .then((req) => req.postDataJSON() as unknown);

/** The "Dans l'appli" box of comments on my posts, once the preferences have loaded. */
async function commentsInApp(page: Page) {
  const box = page
    .getByRole('group', { name: 'Commentaires sur mes publications' })
    .getByRole('checkbox', { name: "Dans l'appli" });
  await visible(box);
  return box;
}

describe('settings', () => {
  it('on a small phone in French: channels off, a type saved off and on, quiet hours kept', async () => {
    const { context, page } = await openPage(browser, {
      viewport: SMALL_PHONE,
      locale: 'fr-FR',
      timezoneId: 'Africa/Douala',
    });
    await registerViaUi(page, { role: 'farmer' });
    expect((await page.request.patch('/api/user/language', { data: { language: 'fr' } })).ok()).toBe(true);
    await page.evaluate(() => localStorage.setItem('language', 'fr'));

    // The drawer leads there.
    await page.reload();
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Paramètres' }).click();
    await page.waitForURL(/\/settings$/);
    await textOf(page.getByRole('heading', { level: 1 }), 'Paramètres');

    // No provider on this server: both channels off, the number form disabled.
    for (const channel of ['sms', 'whatsapp']) {
      await textOf(page.getByTestId(`channel-${channel}`), 'Désactivé sur ce serveur');
    }
    await visible(page.getByText("Ce serveur n'envoie ni SMS ni messages WhatsApp"));
    expect(await page.getByLabel('Numéro de téléphone').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Envoyer le code' }).isDisabled()).toBe(true);

    // Every type has its boxes; the phone ones cannot be ticked, and say why.
    const comments = page.getByRole('group', { name: 'Commentaires sur mes publications' });
    const inApp = await commentsInApp(page);
    expect(await inApp.isChecked()).toBe(true);
    for (const name of ['SMS', 'WhatsApp']) {
      expect(await comments.getByRole('checkbox', { name }).isDisabled()).toBe(true);
    }
    await visible(page.getByText('SMS est désactivé sur ce serveur.'));
    // One row per notification type of the contract.
    expect(await page.getByRole('checkbox', { name: "Dans l'appli" }).count()).toBe(
      NOTIFICATION_TYPES.length,
    );

    // Usable at 360 px: nothing wider than the screen, boxes big enough for a thumb.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      SMALL_PHONE.width,
    );
    const target = await inApp.locator('xpath=ancestor::label').boundingBox();
    expect(target?.height).toBeGreaterThanOrEqual(44);
    expect(target?.width).toBeGreaterThanOrEqual(44);
    expect(await seriousViolations(page)).toEqual([]);

    // "In app" off for comments: only that channel of that type is sent, and it stays off after a reload.
    await inApp.uncheck();
    await visible(page.getByText('1 modification pas encore enregistrée'));
    let sent = nextPreferencesPut(page);
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    expect(await sent).toEqual({ types: { post_comment: { inApp: false } } });
    await visible(toastWith(page, 'Vos paramètres sont enregistrés.'));
    await page.reload();
    expect(await (await commentsInApp(page)).isChecked()).toBe(false);

    // And on again.
    await (await commentsInApp(page)).check();
    sent = nextPreferencesPut(page);
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    expect(await sent).toEqual({ types: { post_comment: { inApp: true } } });
    await visible(toastWith(page, 'Vos paramètres sont enregistrés.'));
    await page.reload();
    expect(await (await commentsInApp(page)).isChecked()).toBe(true);

    // Quiet hours: off at first, in this phone's time zone; on from 21:00 to 06:00, kept after a reload.
    const quiet = page.getByRole('checkbox', { name: 'Heures calmes activées' });
    await visible(quiet);
    expect(await quiet.isChecked()).toBe(false);
    await visible(page.getByText('Heures calmes désactivées'));
    expect(await page.getByLabel('Fuseau horaire').inputValue()).toBe('Africa/Douala');
    await quiet.check();
    await page.getByLabel('De', { exact: true }).fill('21:00');
    await page.getByLabel('À', { exact: true }).fill('06:00');
    sent = nextPreferencesPut(page);
    await page.getByRole('button', { name: 'Enregistrer les heures calmes' }).click();
    expect(await sent).toEqual({ quietHours: { start: '21:00', end: '06:00', timeZone: 'Africa/Douala' } });
    await visible(toastWith(page, 'Vos paramètres sont enregistrés.'));
    await page.reload();
    await visible(page.getByText('Calme actuellement de 21:00 à 06:00 (Africa/Douala).'));
    expect(await page.getByRole('checkbox', { name: 'Heures calmes activées' }).isChecked()).toBe(true);
    expect(await page.getByLabel('De', { exact: true }).inputValue()).toBe('21:00');
    expect(await page.getByLabel('À', { exact: true }).inputValue()).toBe('06:00');
    const saved = await (await page.request.get('/api/notification-preferences')).json();
    expect(saved.quietHours).toEqual({ start: '21:00', end: '06:00', timeZone: 'Africa/Douala' });
    expect(saved.types.post_comment).toEqual({ inApp: true, sms: false, whatsapp: false });

    // The notifications panel leads there too.
    await page.goto('/');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('link', { name: 'Paramètres' })
      .click();
    await page.waitForURL(/\/settings$/);
    await context.close();
  });

  it('on a small phone: the PIN refused with a wrong password, set, changed, and shown in French', async () => {
    const { context, page } = await openPage(browser, { viewport: SMALL_PHONE });
    await registerViaUi(page, { role: 'farmer' });
    await page.goto('/settings');
    await textOf(page.getByRole('heading', { level: 1 }), 'Settings');

    // No PIN yet; no channel on this server, so the bot has nothing to show.
    await textOf(page.getByRole('heading', { name: 'Phone PIN' }), 'Phone PIN');
    await visible(
      page.getByText('selling, bidding, accepting a bid by USSD, SMS or WhatsApp. Never share it.'),
    );
    await textOf(page.getByTestId('pin-state'), 'Not set');
    await textOf(page.getByTestId('phone-bot'), 'No messages yet');
    const pin = page.getByLabel('New PIN');
    expect(await pin.getAttribute('inputmode')).toBe('numeric');
    expect(await pin.getAttribute('autocomplete')).toBe('off');

    // Too short: the contract's message, in the screen's language; letters are not taken.
    await pin.fill('12a');
    expect(await pin.inputValue()).toBe('12');
    await page.getByLabel('Your password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set PIN', exact: true }).click();
    await visible(page.getByText('The PIN has 4 digits'));

    // A wrong password: refused, still not set.
    await pin.fill('1234');
    await page.getByLabel('Your password').fill('not-my-password');
    await page.getByRole('button', { name: 'Set PIN', exact: true }).click();
    await visible(toastWith(page, 'The current password is not correct'));
    await textOf(page.getByTestId('pin-state'), 'Not set');

    // The right one: set, the form emptied, and the button now changes it.
    await page.getByLabel('Your password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set PIN', exact: true }).click();
    await visible(toastWith(page, 'Your PIN is set'));
    await textOf(page.getByTestId('pin-state'), 'Set');
    expect(await pin.inputValue()).toBe('');
    expect(await page.getByLabel('Your password').inputValue()).toBe('');
    const status = await (await page.request.get('/api/user/phone')).json();
    expect(status.pin).toEqual({ set: true, locked: false });

    const sent = page
      .waitForRequest((req) => req.method() === 'PUT' && req.url().endsWith('/api/user/pin'))
      .then((req) => req.postDataJSON() as unknown);
    await pin.fill('5678');
    await page.getByLabel('Your password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Change PIN', exact: true }).click();
    expect(await sent).toEqual({ pin: '5678', currentPassword: PASSWORD });
    await visible(toastWith(page, 'Your PIN was changed'));
    await textOf(page.getByTestId('pin-state'), 'Set');

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      SMALL_PHONE.width,
    );
    expect(await seriousViolations(page)).toEqual([]);

    // In French.
    expect((await page.request.patch('/api/user/language', { data: { language: 'fr' } })).ok()).toBe(true);
    await page.evaluate(() => localStorage.setItem('language', 'fr'));
    await page.reload();
    await textOf(page.getByRole('heading', { name: 'Code PIN du téléphone' }), 'Code PIN du téléphone');
    await visible(page.getByText('Confirme ce que vous faites depuis un téléphone'));
    await textOf(page.getByTestId('pin-state'), 'Défini');
    await visible(page.getByLabel('Nouveau code PIN'));
    await visible(page.getByLabel('Votre mot de passe'));
    await visible(page.getByRole('button', { name: 'Changer le code PIN', exact: true }));
    await textOf(page.getByTestId('phone-bot'), "Aucun message pour l'instant");
    await page.getByRole('button', { name: 'Changer le code PIN', exact: true }).click();
    await visible(page.getByText('Le code PIN a 4 chiffres'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      SMALL_PHONE.width,
    );
    await context.close();
  });
});
