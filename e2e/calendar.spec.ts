// The network's Events tab in the browser, in French on a small phone (issue 36): celestin, the demo co-operative's
// admin, announces a collection day for its members from the tab; amina, a member, gets the invitation by SMS and
// answers "1" (yes); the event then counts her on celestin's screen (a live update), shows her answer on hers, and
// lists her among those coming. Someone outside the co-operative does not see it. SMS needs a provider, so this runs
// on a server of its own with the demo data and the SMS stand-in (sms-server.ts).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCalendarEvent } from '../contract/calendar';
import { e164 } from '../contract/notifications';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/demo/accounts';
import { COOP, COOP_ADMIN } from '../server/demo/coops-data';
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
import { inspectScreen, report } from './screen-walk';
import { type SmsServer, startSmsServer } from './sms-server';

const browser = sharedBrowser();
let sms: SmsServer;

beforeAll(async () => {
  sms = await startSmsServer({ demo: true });
});
afterAll(async () => {
  await sms?.close();
});

/** The co-operative's time zone (Cameroon): the phone's clock, in which celestin types the times. */
const TIME_ZONE = 'Africa/Douala';
/** Three days ahead: no reminder (24 h and 2 h before) is due while the test runs, to be read as a reply. */
const DAYS_AHEAD = 3;

/** A day `days` from now in the co-operative's time zone, as a date input gives it (YYYY-MM-DD). */
const dayAhead = (days: number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + days * 86_400_000));

/** Text with every kind of space made plain, to compare what Intl writes in French. */
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

/** A signed-in French phone of a demo account on the SMS server (the demo's people read French already). */
async function phone(username: string) {
  const { context, page } = await openPage(browser(), {
    server: sms.url,
    viewport: SMALL_PHONE,
    locale: 'fr-FR',
    timezoneId: TIME_ZONE,
  });
  await expectJson(page.request.post('/api/login', { data: { username, password: DEMO_PASSWORD } }), 200);
  return { context, page };
}

/** Nothing on the screen as it is now that a phone trips on (screen-walk.ts). */
async function fitsThePhone(page: Page, screen: string) {
  expect(report(await inspectScreen(page, screen))).toBe('');
}

/** celestin fills the announce form on the Events tab and sends it. */
async function announce(page: Page, title: string, day: string) {
  await page.getByRole('button', { name: 'Annoncer un événement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Annoncer un événement' });
  await visible(dialog);
  await dialog.getByLabel('Pour', { exact: true }).selectOption({ label: COOP.name });
  await dialog.getByLabel('Type d’événement').selectOption('collection_day');
  await dialog.getByLabel('Titre', { exact: true }).fill(title);
  await dialog.getByLabel('Ce qui s’y passera').fill('Apportez vos sacs de maïs au magasin pour la pesée.');
  await dialog.getByLabel('Début', { exact: true }).fill(`${day}T08:00`);
  await dialog.getByLabel('Fin', { exact: true }).fill(`${day}T12:00`);
  await dialog.getByLabel('Nom du lieu').fill('Magasin de Bafoussam');
  await dialog.getByLabel('Nombre de places').fill('40');
  await fitsThePhone(page, 'announce form');
  await dialog.getByRole('button', { name: 'Annoncer', exact: true }).click();
  await visible(toastWith(page, 'L’événement est annoncé'));
  await hidden(dialog);
}

describe('events', () => {
  it('the co-operative announces a collection day, a member answers yes by SMS, and the event counts her', async () => {
    const celestin = await phone(COOP_ADMIN);
    const amina = await phone('amina');
    const kofi = await phone('kofi');
    const aminaAccount = DEMO_USERS.find((user) => user.username === 'amina');
    if (!aminaAccount?.countryCode || !aminaAccount.phoneNumber) {
      throw new Error('amina has no number in the demo');
    }
    const aminaNumber = e164(aminaAccount.countryCode, aminaAccount.phoneNumber);
    const title = uniqueName('Collecte de maïs');
    const day = dayAhead(DAYS_AHEAD);
    try {
      // celestin announces it from the network's Events tab.
      const { page } = celestin;
      await page.goto('/network?tab=events');
      await visible(page.getByRole('heading', { level: 2, name: 'Événements à venir' }));
      await fitsThePhone(page, 'events tab');
      await announce(page, title, day);

      const card = page.getByTestId('event-card').filter({ hasText: title });
      await textOf(card, 'Journée de collecte');
      await textOf(card, 'Réservé aux membres');
      await textOf(card, `Pour les membres de ${COOP.name}`);
      await textOf(card, '40 places libres');
      const event = (
        await expectJson<{ data: TCalendarEvent[] }>(page.request.get('/api/calendar'), 200)
      ).data.find((candidate) => candidate.title === title);
      if (!event) {
        throw new Error('the announced event is not listed');
      }
      // The time typed on a Cameroonian phone is 08:00 in Cameroon, whatever the server's zone.
      expect(Date.parse(event.startsAt)).toBe(Date.parse(`${day}T08:00:00+01:00`));
      expect(event.group?.name).toBe(COOP.name);
      const window = new Intl.DateTimeFormat('fr-FR', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: TIME_ZONE,
      });
      await expect
        .poll(async () => plain(await card.textContent()))
        .toContain(plain(window.formatRange(new Date(event.startsAt), new Date(event.endsAt))));
      await fitsThePhone(page, 'events tab with the collection day');

      // Someone outside the co-operative does not see it.
      const kofiList = await expectJson<{ data: TCalendarEvent[] }>(
        kofi.page.request.get('/api/calendar'),
        200,
      );
      expect(kofiList.data.map((e) => e.id)).not.toContain(event.id);
      expect((await kofi.page.request.get(`/api/calendar/${event.id}`)).status()).not.toBe(200);

      // amina gets the invitation by SMS, which says how to answer, and answers "1": yes.
      const invitation = await sms.awaitSms(aminaNumber, title);
      expect(invitation).toMatch(/\b1\b/);
      expect(invitation).toMatch(/\b2\b/);
      const reply = await sms.exchange(aminaNumber, '1');
      expect(reply).not.toBe('');
      const answered = await expectJson<TCalendarEvent>(
        amina.page.request.get(`/api/calendar/${event.id}`),
        200,
      );
      expect(answered.myAnswer).toBe('yes');
      expect(answered.counts.yes).toBe(1);

      // celestin's open tab counts her without a reload (the 'calendar' live event).
      await textOf(card.getByTestId('event-counts'), '1 vient');
      await textOf(card, '39 places libres');

      // amina's phone shows her answer, pressed.
      await amina.page.goto('/network?tab=events');
      const hers = amina.page.getByTestId('event-card').filter({ hasText: title });
      await textOf(hers, 'Votre réponse : Oui');
      await visible(hers.getByRole('button', { name: 'Oui', exact: true, pressed: true }));
      await fitsThePhone(amina.page, 'events tab of a member');

      // celestin opens it: amina is among those coming, with a button to check her in on the day.
      await card.getByRole('button', { name: 'Détails' }).click();
      const detail = page.getByRole('dialog', { name: title });
      const row = detail.getByTestId('attendee').filter({ hasText: 'amina' });
      await textOf(row, 'Oui');
      await visible(row.getByRole('button', { name: 'Pointer amina' }));
      await fitsThePhone(page, 'event detail');

      // Its .ics file puts it in a phone's calendar.
      const ics = await page.request.get(`/api/calendar/${event.id}.ics`);
      expect(ics.status()).toBe(200);
      expect(ics.headers()['content-type']).toContain('text/calendar');
      const file = await ics.text();
      expect(file).toContain('BEGIN:VEVENT');
      expect(file).toContain(title);
    } finally {
      await Promise.all([celestin, amina, kofi].map((person) => person.context.close()));
    }
  }, 180_000);
});
