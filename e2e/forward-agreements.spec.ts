// A forward agreement walked in French at phone width (issue 36): kofi proposes 5 t of maize to amina at a fixed
// price with a 10 % deposit, she accepts, he pays the deposit by MTN MoMo (the stand-in the e2e server is pointed
// at, global-setup.ts), and the Futures tab of amina's /financial shows the agreement.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TForwardAgreement } from '../contract/forward-agreements';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/demo/accounts';
import { openPage, PHONE, sharedBrowser, TEXT_TIMEOUT_MS, textOf, visible } from './browser';
import { expectJson } from './sale-by-api';
import { inspectScreen, report } from './screen-walk';

const browser = sharedBrowser();

/** Money as the web app writes it in French (lib/format.ts: fr-FR, the e2e server's US dollars), spaces made plain. */
const euros = (amount: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'USD' }).format(amount).replace(/\s/g, ' ');
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
/** As `textOf`, with the element's spaces made plain (French puts narrow no-break spaces in amounts and before `:`). */
const plainTextOf = (locator: Locator, text: string) =>
  expect
    .poll(
      async () =>
        plain(
          await locator
            .first()
            .textContent({ timeout: 2000 })
            .catch(() => ''),
        ),
      {
        timeout: TEXT_TIMEOUT_MS,
      },
    )
    .toContain(text);

/** A day `days` from today, as a date field takes it. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A demo account signed in on a French phone (its language said again, and put back by `restore`). */
async function demoPhone(username: string) {
  const demo = DEMO_USERS.find((user) => user.username === username);
  if (!demo) {
    throw new Error(`no demo account ${username}`);
  }
  const { context, page } = await openPage(browser(), { viewport: PHONE, locale: 'fr-FR' });
  await expectJson(page.request.post('/api/login', { data: { username, password: DEMO_PASSWORD } }), 200);
  await expectJson(page.request.patch('/api/user/language', { data: { language: 'fr' } }), 200);
  const restore = async () => {
    await page.request.patch('/api/user/language', { data: { language: demo.language } });
    await context.close();
  };
  return { context, page, restore };
}

/** Nothing on the screen as it is now that a phone trips on (screen-walk.ts: overflow, cut-off text, small targets). */
async function fitsThePhone(page: Page, screen: string) {
  expect(report(await inspectScreen(page, screen))).toBe('');
}

const agreementAs = (page: Page, id: number) =>
  expectJson<TForwardAgreement>(page.request.get(`/api/forward-agreements/${id}`), 200);

describe('forward agreements', () => {
  it('kofi proposes 5 t of maize to amina, she accepts, he pays the deposit by MTN MoMo, her Futures tab shows it', async () => {
    const amina = await demoPhone('amina');
    const kofi = await demoPhone('kofi');
    try {
      const aminaId = (await expectJson<{ id: number }>(amina.page.request.get('/api/user'), 200)).id;

      // kofi's proposal: the form names amina, and the deposit follows what he types (10 % of 5 t at $300.00).
      await kofi.page.goto(`/agreements/new?seller=${aminaId}&name=amina`);
      await visible(kofi.page.getByRole('heading', { level: 1, name: 'Proposer un accord à terme' }));
      await textOf(kofi.page.getByTestId('proposal-to'), 'À : amina');
      await kofi.page.getByLabel('Culture', { exact: true }).selectOption('maize');
      await kofi.page.getByLabel('Quantité (tonnes)').fill('5');
      await kofi.page.getByLabel('Prix la tonne').fill('300');
      await kofi.page.getByLabel('Livraison à partir du').fill(dayFromNow(30));
      await kofi.page.getByLabel('Livraison jusqu’au').fill(dayFromNow(120));
      await kofi.page.getByLabel('Lieu de livraison').fill('Bafoussam');
      await expect
        .poll(async () => plain(await kofi.page.getByTestId('deposit-preview').textContent()))
        .toContain(`L’acompte s’élève à ${euros(150)}`);
      await fitsThePhone(kofi.page, 'proposal form');
      await kofi.page.getByRole('button', { name: 'Envoyer la proposition' }).click();
      await kofi.page.waitForURL(/\/agreements\/\d+$/);
      const id = Number(new URL(kofi.page.url()).pathname.split('/').pop());
      await textOf(kofi.page.getByTestId('agreement-status'), 'Proposé');
      const proposed = await agreementAs(kofi.page, id);
      expect(proposed).toMatchObject({ quantity: 5, deposit: 150, turn: 'seller', seller: { id: aminaId } });

      // amina's answer is awaited: she accepts the terms.
      await amina.page.goto(`/agreements/${id}`);
      await textOf(amina.page.getByTestId('agreement-actions'), 'Votre réponse est attendue');
      await fitsThePhone(amina.page, 'agreement to answer');
      await amina.page.getByRole('button', { name: 'Accepter', exact: true }).click();
      const accept = amina.page.getByRole('dialog');
      await plainTextOf(accept, `l’acheteur a versé l’acompte de ${euros(150)}`);
      await accept.getByRole('button', { name: 'Accepter les conditions' }).click();
      await textOf(amina.page.getByTestId('agreement-status'), 'Accepté, acompte attendu');

      // kofi pays the deposit with MTN MoMo: his proven number is offered, the stand-in approves at once.
      await kofi.page.reload();
      await kofi.page.getByRole('button', { name: 'Payer l’acompte avec MTN MoMo' }).click();
      const pay = kofi.page.getByRole('dialog');
      await visible(pay);
      expect(await pay.getByLabel('Numéro MTN MoMo').inputValue()).toBe('+233240000002');
      await expect
        .poll(async () => plain(await pay.getByTestId('deposit-amount').textContent()))
        .toBe(euros(150));
      await fitsThePhone(kofi.page, 'deposit dialog');
      await pay.getByRole('button', { name: 'Envoyer la demande' }).click();
      // The status follows by the live event or the poll.
      await textOf(kofi.page.getByTestId('agreement-status'), 'En cours');
      await plainTextOf(
        kofi.page.getByTestId('agreement-progress'),
        `Acompte détenu sous séquestre : ${euros(150)}`,
      );
      const active = await agreementAs(kofi.page, id);
      expect(active.status).toBe('active');
      expect(active.depositHeld).toBe(150);

      // amina's Futures tab: the agreement, still all to deliver.
      await amina.page.goto('/financial');
      await amina.page.getByRole('tab', { name: 'Contrats à terme' }).click();
      const futures = amina.page.getByTestId('futures-tab');
      await visible(futures);
      const line = futures.getByTestId('agreement-line').filter({ hasText: `Nº ${id} :` });
      await textOf(line, '5 t de Maïs, qualité A');
      await textOf(line, 'Avec kofi (acheteur)');
      await textOf(line, 'En cours');
      await fitsThePhone(amina.page, 'futures tab');
      await line.click();
      await amina.page.waitForURL(new RegExp(`/agreements/${id}$`));
    } finally {
      await Promise.all([amina.restore(), kofi.restore()]);
    }
  }, 120_000);
});
