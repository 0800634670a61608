// Browser flows of orders: an accepted bid becomes an order; the buyer sees their code, the seller arranges a
// pick-up and hands over against the code; both see it delivered; the screen passes axe.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../server/demo/accounts';
import { tinyPng } from '../server/test/images';
import {
  hidden,
  openPage,
  PASSWORD,
  PHONE,
  registerViaUi,
  seriousViolations,
  sharedBrowser,
  TEXT_TIMEOUT_MS,
  textOf,
  toastWith,
  uniqueName,
  visible,
} from './browser';
import { sellByApi } from './sale-by-api';

const browser = sharedBrowser();

const orderCard = (page: Page, name: string) => page.getByTestId('order-card').filter({ hasText: name });

async function openOrders(page: Page, name: string) {
  await page.getByRole('link', { name: /^(Orders|Commandes)$/ }).click();
  await visible(page.getByRole('heading', { level: 1, name: /^(Orders|Commandes)$/ }));
  const card = orderCard(page, name);
  await visible(card);
  await card.getByRole('button', { name: /^(Show details|Voir le détail)$/ }).click();
  return card;
}

describe('orders', () => {
  it('turns an accepted bid into an order handed over against the buyer’s code', async () => {
    const name = uniqueName('Sorghum');
    const seller = await openPage(browser());
    await registerViaUi(seller.page, { role: 'farmer' });
    const buyer = await openPage(browser(), { viewport: PHONE });
    await registerViaUi(buyer.page, { role: 'buyer' });
    await sellByApi(seller.page.request, buyer.page.request, { name, price: 320, quantity: 2 });

    // The buyer's purchase, with the code to give at hand-over.
    await buyer.page.getByRole('button', { name: /Open menu|Ouvrir le menu/ }).click();
    const buyerCard = await openOrders(buyer.page, name);
    await textOf(buyerCard, 'Awaiting delivery');
    await textOf(buyerCard, '2 t');
    const code = (await buyerCard.getByTestId('handover-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(await seriousViolations(buyer.page)).toEqual([]);

    // The seller lets the buyer collect, then hands over: a wrong code first, then the right one.
    const sellerCard = await openOrders(seller.page, name);
    await sellerCard.getByRole('button', { name: 'Arrange delivery' }).click();
    const arrange = seller.page.getByRole('dialog');
    await arrange.getByLabel('Delivered by').selectOption({ label: 'The buyer collects' });
    await arrange.getByRole('button', { name: 'Arrange' }).click();
    await visible(toastWith(seller.page, 'Delivery arranged'));

    await sellerCard.getByRole('button', { name: 'Confirm hand-over' }).click();
    const handOver = seller.page.getByRole('dialog');
    const wrong = code === '000000' ? '111111' : '000000';
    await handOver.getByLabel("Buyer's code").fill(wrong);
    await handOver.getByRole('button', { name: 'Confirm' }).click();
    // The dialog stays open (and hides the rest of the page from the accessibility tree): match the toast's text.
    await visible(seller.page.getByText(/^Wrong code/));
    await textOf(handOver, '4 attempts left');
    await handOver.getByLabel("Buyer's code").fill(code);
    await handOver.getByLabel('Weighed quantity in tons (optional)').fill('1.99');
    await handOver.getByRole('button', { name: 'Confirm' }).click();
    await visible(toastWith(seller.page, 'Hand-over confirmed'));
    await textOf(sellerCard, 'Delivered');
    await textOf(sellerCard, 'Buyer to collect');
    await textOf(sellerCard, 'Weighed: 1.99 t');
    // 1.99 t of 2 t is within the tolerance: the bill follows the scale (1.99 × 320.00), explained on the history.
    await textOf(sellerCard, 'Bill follows the weighed quantity');
    await textOf(sellerCard, '$636.80');

    // The buyer's screen follows (live event): the new bill, and the spent code no longer shown.
    await textOf(buyerCard, 'Delivered');
    await textOf(buyerCard, '$636.80');
    await expect.poll(() => buyerCard.getByTestId('handover-code').count()).toBe(0);
    expect(await seriousViolations(seller.page)).toEqual([]);

    await seller.context.close();
    await buyer.context.close();
  });

  it('holds a weighing beyond the tolerance for the buyer, opens a dispute with the weights, settled by a manager', async () => {
    const name = uniqueName('Cowpea');
    const seller = await openPage(browser());
    await registerViaUi(seller.page, { role: 'farmer' });
    const buyer = await openPage(browser(), { viewport: PHONE });
    await registerViaUi(buyer.page, { role: 'buyer' });
    const { id: orderId, handoverCode } = await sellByApi(seller.page.request, buyer.page.request, {
      name,
      price: 300,
      quantity: 2,
    });
    expect(
      (
        await seller.page.request.post(`/api/orders/${orderId}/payments`, {
          data: { amount: 600, method: 'cash' },
        })
      ).status(),
    ).toBe(201);
    expect(
      (
        await seller.page.request.post(`/api/orders/${orderId}/delivery`, { data: { mode: 'pickup' } })
      ).status(),
    ).toBe(201);

    // The seller weighs 1.8 t of the 2 t sold (10 % short): the buyer does not accept it, a dispute opens.
    const sellerCard = await openOrders(seller.page, name);
    await sellerCard.getByRole('button', { name: 'Confirm hand-over' }).click();
    const handOver = seller.page.getByRole('dialog');
    await handOver.getByLabel("Buyer's code").fill(handoverCode);
    await handOver.getByLabel('Weighed quantity in tons (optional)').fill('1.8');
    await handOver
      .getByLabel('The buyer and the weight')
      .selectOption({ label: 'Does not accept it: open a dispute' });
    await handOver.getByRole('button', { name: 'Confirm' }).click();
    await visible(toastWith(seller.page, 'Hand-over confirmed'));
    await textOf(sellerCard, 'Dispute opened');
    await textOf(sellerCard.getByTestId('dispute-weights'), 'Ordered 2 t · weighed 1.8 t');
    // The parties do not get each other's contacts through the dispute.
    expect(await sellerCard.getByTestId('dispute-contacts').count()).toBe(0);

    // On a phone, the seller answers with a note and a photo (a PNG made here), shrunk before it is sent.
    await seller.page.setViewportSize(PHONE);
    await sellerCard.getByRole('button', { name: 'Answer the dispute' }).click();
    const answer = seller.page.getByRole('dialog');
    await answer.getByLabel('Your answer').fill('Weighed 2 t at the farm gate: see the scale.');
    await answer.getByLabel('Add photos').setInputFiles({
      name: 'scale.png',
      mimeType: 'image/png',
      buffer: tinyPng({ size: 48, rgb: [30, 120, 60] }),
    });
    await visible(answer.getByRole('img', { name: 'Photo 1' }));
    await answer.getByRole('button', { name: 'Send answer' }).click();
    await visible(toastWith(seller.page, 'Answer sent'));
    await textOf(sellerCard.getByTestId('dispute-reply'), 'Weighed 2 t at the farm gate: see the scale.');
    expect(await sellerCard.getByRole('button', { name: 'Answer the dispute' }).count()).toBe(0);

    // A manager (the demo's claire reads French) sees both sides' contacts and records how the refund went back.
    const manager = await openPage(browser());
    const login = await manager.page.request.post('/api/login', {
      data: { username: 'claire', password: 'terroir-demo' },
    });
    expect(login.status()).toBe(200);
    // Her seeded language, said again: other specs may have signed her in another one.
    expect((await manager.page.request.patch('/api/user/language', { data: { language: 'fr' } })).ok()).toBe(
      true,
    );
    await manager.page.goto(`/orders?order=${orderId}`);
    const linked = manager.page.getByTestId('order-card').filter({ hasText: name }).first();
    await visible(linked.getByTestId('dispute-contacts'));
    await textOf(linked.getByTestId('dispute-weights'), 'Commandé 2 t · pesé 1,8 t');
    // Both sides: the buyer's complaint is the dispute's note; the seller's answer shows its photo, loaded.
    const answered = linked.getByTestId('dispute-reply');
    await textOf(answered, 'Weighed 2 t at the farm gate: see the scale.');
    const photo = answered.getByRole('img', { name: 'Photo n° 1' });
    await visible(photo);
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: 15_000,
      })
      .toBe(true);
    await linked.getByRole('button', { name: 'Régler le litige' }).click();
    const resolve = manager.page.getByRole('dialog');
    await resolve.getByLabel('Décision').selectOption({ label: 'Remboursement partiel' });
    await resolve.getByLabel('Montant à rembourser').fill('60');
    await resolve
      .getByLabel('Remboursement versé par')
      .selectOption({ label: 'Mobile money (paiement mobile)' });
    await resolve.getByLabel('Référence du remboursement (facultatif)').fill('MM-4521');
    await resolve.getByLabel('Explication pour les deux parties').fill('Poids manquant confirmé');
    await resolve.getByRole('button', { name: 'Régler', exact: true }).click();
    await visible(toastWith(manager.page, 'Litige réglé'));
    await textOf(
      linked.getByTestId('order-refunds'),
      'Mobile money (paiement mobile) · Litige réglé · MM-4521',
    );
    expect(await seriousViolations(manager.page)).toEqual([]);

    await manager.context.close();
    await seller.context.close();
    await buyer.context.close();
  });

  it('shows both sides what a cancelled paid order handed back, and how', async () => {
    const name = uniqueName('Millet');
    const seller = await openPage(browser());
    await registerViaUi(seller.page, { role: 'farmer' });
    const buyer = await openPage(browser(), { viewport: PHONE });
    await registerViaUi(buyer.page, { role: 'buyer' });
    const order = await sellByApi(seller.page.request, buyer.page.request, { name, price: 300, quantity: 1 });
    const paid = await seller.page.request.post(`/api/orders/${order.id}/payments`, {
      data: { amount: 120, method: 'mobile_money' },
    });
    expect(paid.status()).toBe(201);

    const sellerCard = await openOrders(seller.page, name);
    await sellerCard.getByRole('button', { name: 'Cancel order' }).click();
    const cancel = seller.page.getByRole('dialog');
    await cancel.getByLabel('Why are you cancelling?').fill('No truck this week');
    await cancel.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await visible(toastWith(seller.page, 'Order cancelled'));
    for (const card of [sellerCard, await openBuyerOrders(buyer.page, name)]) {
      await textOf(card, 'Cancelled');
      await textOf(card.getByTestId('order-refunds'), 'Mobile money · Order cancelled');
      await textOf(card.getByTestId('order-refunds'), '$120.00');
      await textOf(card, 'Refunded · $120.00');
    }
    expect(await seriousViolations(buyer.page)).toEqual([]);
    await seller.context.close();
    await buyer.context.close();
  });

  it('lets the agent fatou pick one farmer and see only that farmer’s orders', async () => {
    // A second farmer for fatou (the demo's agent, who represents amina), with one order fatou made for them.
    const farmer = await openPage(browser());
    const farmerName = uniqueName('ferme');
    const registered = await farmer.page.request.post('/api/register', {
      data: { username: farmerName, password: PASSWORD, role: 'farmer' },
    });
    expect(registered.status()).toBe(201);
    const { id: farmerId } = (await registered.json()) as { id: number };
    const fatou = await openPage(browser(), { viewport: PHONE });
    const login = await fatou.page.request.post('/api/login', {
      data: { username: 'fatou', password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const asked = await fatou.page.request.post('/api/agent-links', { data: { farmerId } });
    expect(asked.status()).toBe(201);
    const { id: linkId } = (await asked.json()) as { id: number };
    const answered = await farmer.page.request.patch(`/api/agent-links/${linkId}`, {
      data: { status: 'active' },
    });
    expect(answered.status()).toBe(200);
    const name = uniqueName('Sorgho');
    const listing = await fatou.page.request.post('/api/commodities', {
      data: { name, quantity: 3, price: 200, grade: 'B', onBehalfOf: farmerId },
    });
    expect(listing.status()).toBe(201);
    const buyer = await openPage(browser());
    await registerViaUi(buyer.page, { role: 'buyer' });
    const bid = await buyer.page.request.post('/api/bids', {
      data: { commodityId: ((await listing.json()) as { id: number }).id, price: 200, quantity: 1 },
    });
    expect(bid.status()).toBe(201);
    const bidId = ((await bid.json()) as { id: number }).id;
    const accepted = await fatou.page.request.patch(`/api/bids/${bidId}`, { data: { status: 'accepted' } });
    expect(accepted.status()).toBe(200);

    try {
      // All farmers at first: amina's sales beside the new farmer's.
      await fatou.page.goto('/orders');
      await visible(fatou.page.getByRole('heading', { level: 1, name: 'Commandes' }));
      await visible(orderCard(fatou.page, name));
      await visible(orderCard(fatou.page, 'amina'));
      const farmerSelect = fatou.page.getByLabel('Agriculteur', { exact: true });
      expect(await farmerSelect.inputValue()).toBe('');

      // One farmer: only their orders.
      await farmerSelect.selectOption({ label: farmerName });
      await hidden(orderCard(fatou.page, 'amina'));
      const cards = fatou.page.getByTestId('order-card');
      await expect.poll(() => cards.count(), { timeout: TEXT_TIMEOUT_MS }).toBe(1);
      await textOf(cards.first(), name);
      await textOf(cards.first(), farmerName);

      // The other farmer: theirs, and not the first one's.
      await farmerSelect.selectOption({ label: 'amina' });
      await visible(orderCard(fatou.page, 'amina'));
      await hidden(orderCard(fatou.page, name));
      expect(await seriousViolations(fatou.page)).toEqual([]);
    } finally {
      // fatou is shared with the other specs: her demo links stay as they were.
      await farmer.page.request.delete(`/api/agent-links/${linkId}`);
      for (const opened of [farmer, fatou, buyer]) {
        await opened.context.close();
      }
    }
  });
});

async function openBuyerOrders(page: Page, name: string) {
  await page.getByRole('button', { name: /Open menu|Ouvrir le menu/ }).click();
  return openOrders(page, name);
}
