// Mobile money in the browser, in French at phone width, through the MTN MoMo stand-in the e2e server is pointed at
// (global-setup.ts): kofi pays an order into escrow, yaw sees the payment secured and delivers with the code, kofi
// releases the money, the payout reaches amina's number and her books hold it as mobile money; a payout to a
// seller without a proven number waits on the manager's operations screen, who records it as paid by other means.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TOrder } from '../contract/orders';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/demo/accounts';
import {
  hidden,
  openPage,
  PHONE,
  registerFrench,
  sharedBrowser,
  textOf,
  toastWith,
  uniqueName,
  visible,
} from './browser';
import { expectJson, sellByApi } from './sale-by-api';
import { inspectScreen, report } from './screen-walk';

const browser = sharedBrowser();
/** `E2E_SHOTS=<dir>`: each payment screen saved there as the test passes it, for looking at what users see. */
const shot = (target: Page | Locator, file: string) =>
  process.env.E2E_SHOTS ? target.screenshot({ path: `${process.env.E2E_SHOTS}/${file}.png` }) : null;

/** Money as the web app writes it in French (lib/format.ts: fr-FR, the e2e server's US dollars), spaces made plain. */
const euros = (amount: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'USD' }).format(amount).replace(/\s/g, ' ');
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

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

/** The order opened on the orders screen (`?order=` opens it first, as the operations links do). */
async function openOrder(page: Page, orderId: number) {
  await page.goto(`/orders?order=${orderId}`);
  const card = page
    .getByRole('region', { name: `Commande ${orderId}`, exact: true })
    .getByTestId('order-card')
    .filter({ hasText: `n° ${orderId}` });
  await visible(card);
  const details = card.getByRole('button', { name: 'Voir le détail' });
  if (await details.isVisible()) {
    await details.click();
  }
  return card;
}

/** The farm a listing without one is booked on: the seller's first (and the one the financial screen opens). */
async function firstFarmOf(page: Page): Promise<number> {
  const farms = await expectJson<{ id: number }[]>(page.request.get('/api/farms'), 200);
  const first = Math.min(...farms.map((farm) => farm.id));
  expect(Number.isFinite(first)).toBe(true);
  return first;
}

/** The farm's mobile money on a balance sheet generated now. */
async function mobileMoneyOf(page: Page, farmId: number): Promise<number> {
  const sheet = await expectJson<{ data: { assets: Record<string, number> } }>(
    page.request.post(`/api/farms/${farmId}/reports`, {
      data: { type: 'balance_sheet', period: 'monthly', farmId },
    }),
    201,
  );
  return sheet.data.assets.mobile_money ?? 0;
}

const orderAs = (page: Page, orderId: number) =>
  expectJson<TOrder>(page.request.get(`/api/orders/${orderId}`), 200);

describe('payments', () => {
  it('kofi pays by MTN MoMo into escrow, yaw delivers with the code, the payout reaches amina and her books', async () => {
    const name = uniqueName('Maïs');
    const amina = await demoPhone('amina');
    const kofi = await demoPhone('kofi');
    const yaw = await demoPhone('yaw');
    try {
      // amina sells 1 t to kofi at $300.00, and gives the delivery to yaw.
      const sold = await sellByApi(amina.page.request, kofi.page.request, { name, price: 300, quantity: 1 });
      const yawId = (await expectJson<{ id: number }>(yaw.page.request.get('/api/user'), 200)).id;
      await expectJson(
        amina.page.request.post(`/api/orders/${sold.id}/delivery`, { data: { driverId: yawId } }),
        201,
      );

      // What her books hold as mobile money before: the sale is a receivable until the payout succeeds.
      const farmId = await firstFarmOf(amina.page);
      const walletBefore = await mobileMoneyOf(amina.page, farmId);

      // kofi pays with MTN MoMo: his proven number is offered, the amount due and what happens next are said.
      const purchase = await openOrder(kofi.page, sold.id);
      await purchase.getByRole('button', { name: 'Payer avec MTN MoMo' }).click();
      const pay = kofi.page.getByRole('dialog');
      await visible(pay);
      expect(await pay.getByLabel('Numéro MTN MoMo').inputValue()).toBe('+233240000002');
      await expect
        .poll(async () => plain(await pay.getByTestId('pay-amount').textContent()))
        .toBe(euros(300));
      await textOf(pay, 'Validez-la avec votre code MoMo');
      await shot(kofi.page, 'pay-dialog');
      await fitsThePhone(kofi.page, 'pay dialog');
      await pay.getByRole('button', { name: 'Envoyer la demande' }).click();
      // The stand-in's sandbox approves at once: the status follows (by the live event or the poll).
      await expect
        .poll(async () => plain(await purchase.getByTestId('mobile-pay').textContent()), { timeout: 15_000 })
        .toContain(`${euros(300)} payés par MTN MoMo`);
      await textOf(purchase.getByTestId('order-escrow'), 'Payé sous séquestre — gardé jusqu');
      await shot(purchase, 'paid');
      await fitsThePhone(kofi.page, 'paid order');
      const paid = await orderAs(kofi.page, sold.id);
      expect(paid.escrow.held).toBe(300);
      expect(paid.payment.due).toBe(0);
      expect(paid.payments.map((p) => p.method)).toEqual(['mobile_money']);

      // amina sees the money waiting for the code.
      const sale = await openOrder(amina.page, sold.id);
      await textOf(sale.getByTestId('order-escrow'), 'versé quand le code de l');

      // yaw's delivery says the payment is secured; he picks up and delivers with kofi's code.
      await yaw.page.goto('/deliveries');
      const job = yaw.page.getByTestId('delivery-card').filter({ hasText: name });
      await visible(job);
      await textOf(job.getByTestId('payment-secured'), 'Paiement garanti');
      await shot(job, 'driver');
      await fitsThePhone(yaw.page, 'deliveries');
      await job.getByRole('button', { name: 'Accepter', exact: true }).click();
      await job.getByRole('button', { name: 'Marchandise chargée', exact: true }).click();
      await job.getByRole('button', { name: 'Livrée', exact: true }).click();
      await job.getByLabel("Code à 6 chiffres de l'acheteur").fill(sold.handoverCode);
      await job.getByRole('button', { name: 'Confirmer la livraison' }).click();
      await visible(toastWith(yaw.page, 'Livrée'));

      // kofi releases the money now rather than after the hold.
      await kofi.page.reload();
      const delivered = await openOrder(kofi.page, sold.id);
      await textOf(delivered.getByTestId('order-escrow'), 'sera versé au vendeur le');
      await shot(delivered, 'delivered');
      await fitsThePhone(kofi.page, 'delivered order');
      await delivered.getByRole('button', { name: 'Libérer maintenant' }).click();
      const confirm = kofi.page.getByRole('dialog');
      await textOf(confirm, 'vont à amina');
      await shot(kofi.page, 'release');
      await confirm.getByRole('button', { name: 'Libérer maintenant' }).click();
      await visible(toastWith(kofi.page, 'Argent versé au vendeur'));

      // The payout reaches amina's number (the stand-in's transfer succeeds), on her order screen.
      await expect
        .poll(
          async () => (await orderAs(amina.page, sold.id)).payouts.find((p) => p.kind === 'seller')?.status,
          { timeout: 30_000, interval: 500 },
        )
        .toBe('succeeded');
      const settled = await orderAs(amina.page, sold.id);
      const payout = settled.payouts.find((p) => p.kind === 'seller');
      expect(payout?.phone).toBe('+237670000001');
      const payoutLine = sale.getByTestId('order-payout').filter({ hasText: 'Part du vendeur' });
      await textOf(payoutLine, 'Versement envoyé au +237670000001');

      await shot(sale, 'payout');
      await fitsThePhone(amina.page, 'paid-out order');
      // Her books (the sale's farm, her first): the payout is now cash in her mobile money account.
      await amina.page.goto('/financial');
      await amina.page.getByRole('tab', { name: 'Rapports' }).click();
      await amina.page.getByRole('button', { name: 'Bilan' }).click();
      // The newest report first (the one generated above, before the payment, comes after it).
      const sheet = amina.page
        .getByRole('listitem')
        .filter({ has: amina.page.getByRole('heading', { name: 'Bilan' }) })
        .first();
      await expect
        .poll(async () => plain(await sheet.getByRole('row', { name: /Argent mobile/ }).textContent()), {
          timeout: 15_000,
        })
        .toContain(euros(walletBefore + (payout?.amount ?? Number.NaN)));
      await shot(sheet, 'books');
    } finally {
      await Promise.all([amina.restore(), kofi.restore(), yaw.restore()]);
    }
  }, 120_000);

  it('lets the manager record a payout made by other means for a seller without a proven number', async () => {
    const name = uniqueName('Igname');
    const farmer = await openPage(browser(), { viewport: PHONE, locale: 'fr-FR' });
    const farmerName = await registerFrench(farmer.page, 'ferme', 'farmer');
    const kofi = await demoPhone('kofi');
    const claire = await demoPhone('claire');
    try {
      // A sale paid by MoMo into escrow, collected by the buyer against the code, released: the payout waits, for
      // the farmer has proven no number.
      const sold = await sellByApi(farmer.page.request, kofi.page.request, { name, price: 300, quantity: 1 });
      const arranged = await expectJson<TOrder>(
        farmer.page.request.post(`/api/orders/${sold.id}/delivery`, { data: { mode: 'pickup' } }),
        201,
      );
      const started = await expectJson<{ id: number }>(
        kofi.page.request.post(`/api/orders/${sold.id}/mobile-payments`, { data: { provider: 'mtn_momo' } }),
        201,
      );
      await expect
        .poll(
          async () =>
            (
              await expectJson<{ status: string }>(
                kofi.page.request.get(`/api/mobile-payments/${started.id}`),
                200,
              )
            ).status,
          { timeout: 30_000, interval: 500 },
        )
        .toBe('succeeded');
      await expectJson(
        farmer.page.request.patch(`/api/deliveries/${arranged.delivery?.id}`, {
          data: { status: 'delivered', code: sold.handoverCode },
        }),
        200,
      );
      await expectJson(kofi.page.request.post(`/api/orders/${sold.id}/release`), 200);

      // The manager's operations screen: the escrow, and the payout waiting, which she records as paid in cash.
      await claire.page.goto('/operations');
      await textOf(claire.page.getByTestId('operator-escrow'), 'Encaissé');
      const waiting = claire.page.getByTestId('waiting-payout').filter({ hasText: farmerName });
      await visible(waiting);
      await textOf(waiting, 'Aucun numéro de téléphone confirmé');
      await shot(claire.page.getByTestId('operator-escrow'), 'operations-escrow');
      await shot(claire.page.getByTestId('waiting-payouts'), 'operations-payouts');
      await fitsThePhone(claire.page, 'operations');
      await waiting.getByRole('button', { name: 'Enregistrer un versement fait autrement' }).click();
      const record = claire.page.getByRole('dialog');
      await record.getByLabel('Mode de paiement').selectOption({ label: 'espèces' });
      await record.getByLabel('Référence (reçu, numéro de virement)').fill('REÇU-42');
      await shot(claire.page, 'record-payout');
      await fitsThePhone(claire.page, 'record payout dialog');
      await record.getByRole('button', { name: 'Enregistrer le versement' }).click();
      await visible(toastWith(claire.page, 'Versement enregistré'));
      await hidden(waiting);

      // The farmer's order says how the payout was made.
      const sale = await openOrder(farmer.page, sold.id);
      await textOf(sale.getByTestId('order-payout'), 'Payé par espèces · REÇU-42');
      await shot(sale, 'payout-by-hand');
    } finally {
      await Promise.all([kofi.restore(), claire.restore(), farmer.context.close()]);
    }
  }, 120_000);
});
