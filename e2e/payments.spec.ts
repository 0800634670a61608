// Mobile money in the browser, in French at phone width, through the MTN MoMo stand-in the e2e server is pointed at
// (global-setup.ts): kofi pays an order into escrow, yaw sees the payment secured and delivers with the code, kofi
// releases the money, the payout reaches amina's number and her books hold it as mobile money; the manager's
// operations screen shows the operator's escrow.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TOrder } from '../contract/orders';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/demo/accounts';
import { openPage, PHONE, sharedBrowser, textOf, toastWith, uniqueName, visible } from './browser';
import { expectJson, sellByApi } from './sale-by-api';

const browser = sharedBrowser();
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
      await pay.getByRole('button', { name: 'Envoyer la demande' }).click();
      // The stand-in's sandbox approves at once: the status follows (by the live event or the poll).
      await textOf(purchase.getByTestId('mobile-pay'), 'sous séquestre — gardés jusqu');
      await textOf(purchase.getByTestId('order-escrow'), 'Payé sous séquestre — gardé jusqu');
      await shot(purchase, 'paid');
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
      await job.getByRole('button', { name: 'Accepter', exact: true }).click();
      await job.getByRole('button', { name: 'Marchandise chargée', exact: true }).click();
      await job.getByRole('button', { name: 'Livrée', exact: true }).click();
      await job.getByLabel("Code à 6 chiffres de l'acheteur").fill(sold.handoverCode);
      await job.getByRole('button', { name: 'Confirmer la livraison' }).click();
      await visible(toastWith(yaw.page, 'Livrée'));

      // kofi releases the money now rather than after the hold.
      await kofi.page.reload();
      const delivered = await openOrder(kofi.page, sold.id);
      await textOf(delivered.getByTestId('order-escrow'), 'Versé au vendeur le');
      await delivered.getByRole('button', { name: 'Libérer maintenant' }).click();
      const confirm = kofi.page.getByRole('dialog');
      await textOf(confirm, 'vont à amina');
      await shot(kofi.page, 'release');
      await shot(delivered, 'delivered');
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
      // Her books: the payout is cash in her mobile money account.
      const farms = await expectJson<{ id: number; name: string }[]>(
        amina.page.request.get('/api/farms'),
        200,
      );
      expect(farms.length).toBeGreaterThan(0);
      await amina.page.goto('/financial');
      await amina.page.getByRole('tab', { name: 'Rapports' }).click();
      await amina.page.getByRole('button', { name: 'Bilan' }).click();
      const sheet = amina.page
        .getByRole('listitem')
        .filter({ has: amina.page.getByRole('heading', { name: 'Bilan' }) });
      await visible(sheet.getByRole('row', { name: /Argent mobile/ }));
      await shot(sheet, 'books');
    } finally {
      await Promise.all([amina.restore(), kofi.restore(), yaw.restore()]);
    }
  }, 120_000);

  it("shows the manager the operator's escrow and the payouts waiting", async () => {
    const claire = await demoPhone('claire');
    try {
      await claire.page.goto('/operations');
      await textOf(claire.page.getByTestId('operator-escrow'), 'Encaissé');
      await visible(claire.page.getByTestId('waiting-payouts'));
      await textOf(claire.page.getByTestId('waiting-payouts'), 'Versements en attente');
      await shot(claire.page, 'operations');
    } finally {
      await claire.restore();
    }
  });
});
