// Browser flows of an order from bid to payment: the farmer accepts (after a confirmation), a driver on a phone
// delivers against the buyer's code, the farmer records a mobile-money payment and both sides see it completed in
// French; an agent lists and sells for a farmer and earns their commission.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrder } from '../contract/orders';
import {
  baseUrl,
  grantRole,
  hidden,
  launch,
  myId,
  openPage,
  PHONE,
  registerViaUi,
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

/** The agent's share of a completed order (AGENT_COMMISSION_PERCENT's default). */
const COMMISSION_RATE = 0.02;

/** Money as the web app writes it (lib/format.ts: en-US / fr-FR, US dollars), spaces made plain to compare. */
const money = (amount: number, language: 'en' | 'fr') =>
  plain(
    new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en-US', {
      style: 'currency',
      currency: 'USD',
    }).format(amount),
  );
const plain = (text: string) => text.replace(/\s/g, ' ');

const navLink = (page: Page, name: RegExp) => page.getByRole('navigation').getByRole('link', { name });

async function openMarketplace(page: Page) {
  await navLink(page, /^(Marketplace|Marché)$/).click();
  await visible(page.getByRole('heading', { level: 1, name: /^(Marketplace|Marché)$/ }));
}

const orderCard = (page: Page, name: string) => page.getByTestId('order-card').filter({ hasText: name });

/** Opens the orders screen and the order's details; returns its card. */
async function openOrder(page: Page, name: string) {
  await navLink(page, /^(Orders|Commandes)$/).click();
  await visible(page.getByRole('heading', { level: 1, name: /^(Orders|Commandes)$/ }));
  const card = orderCard(page, name);
  await visible(card);
  await card.getByRole('button', { name: /^(Show details|Voir le détail)$/ }).click();
  return card;
}

/** Accepts the bid on `name` in "Bids received", checking that the confirmation says what the sale is. */
async function acceptBid(page: Page, name: string, says: string) {
  const received = page.getByTestId('received-bid').filter({ hasText: name });
  await visible(received);
  await received.getByRole('button', { name: 'Accept' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept this bid?' });
  await visible(dialog);
  await textOf(dialog, says);
  await dialog.getByRole('button', { name: 'Accept and sell' }).click();
  await hidden(dialog);
  await hidden(received);
}

describe('order flow', () => {
  it('a buyer bids, the farmer accepts with confirmation, assigns a driver with places, a window and a fee, the driver on a phone sees them first in the list, picks up and delivers with the buyer’s code and reads the fee in their earnings, the farmer records a mobile-money payment, and the order shows completed on both sides in French', async () => {
    const name = uniqueName('Cassava');
    const farmer = await openPage(browser, { timezoneId: 'UTC' });
    // The farmer pins where the goods are collected with the phone's position.
    await farmer.context.grantPermissions(['geolocation'], { origin: baseUrl() });
    await farmer.context.setGeolocation({ latitude: 5.478123, longitude: 10.417249, accuracy: 10 });
    await registerViaUi(farmer.page, { role: 'farmer' });
    const buyer = await openPage(browser);
    const buyerName = await registerViaUi(buyer.page, { role: 'buyer' });
    const driver = await openPage(browser, { viewport: PHONE, timezoneId: 'UTC' });
    const driverName = await registerViaUi(driver.page);
    await grantRole(browser, await myId(driver.page), 'delivery');

    // The farmer's listing: 5 t at $300.00 per ton.
    const listing = await farmer.page.request.post('/api/commodities', {
      data: { name, quantity: 5, price: 300, grade: 'A', status: 'available' },
    });
    expect(listing.status()).toBe(201);

    // The buyer bids $320.00 per ton for 2 t.
    await openMarketplace(buyer.page);
    const row = buyer.page
      .getByTestId('commodity-table')
      .getByTestId('commodity-row')
      .filter({ hasText: name });
    await row.getByRole('button', { name: 'Place Bid' }).click();
    const bid = buyer.page.getByRole('dialog');
    // The total follows what is typed: the listing's 5 t at $300.00 first, then the bid's 2 t at $320.00.
    await textOf(bid.getByTestId('bid-total'), 'Total: $1,500.00');
    await bid.getByLabel('Price per ton').fill('320');
    await bid.getByLabel('Quantity (tons)').fill('2');
    await textOf(bid.getByTestId('bid-total'), 'Total: $640.00');
    await bid.getByRole('button', { name: 'Place Bid' }).click();
    await visible(toastWith(buyer.page, 'Bid placed successfully'));

    // The farmer accepts it, after being told what it sells.
    await openMarketplace(farmer.page);
    await acceptBid(
      farmer.page,
      name,
      `This sells 2 t (2,000 kg) of ${name} to ${buyerName} at $320.00 per ton, for a total of $640.00.`,
    );

    // The farmer gives the delivery to the driver.
    const sale = await openOrder(farmer.page, name);
    await textOf(sale, 'Awaiting delivery');
    await textOf(sale, '$640.00');
    await sale.getByRole('button', { name: 'Arrange delivery' }).click();
    const arrange = farmer.page.getByRole('dialog');
    await arrange.getByLabel('Delivered by').selectOption({ label: driverName });
    await arrange.getByLabel('Collect from', { exact: true }).fill('Bafoussam market');
    await arrange.getByRole('button', { name: 'Collect from: pin where I am' }).click();
    await textOf(arrange, 'Map pin: 5.47812, 10.41725');
    await arrange.getByLabel('Deliver to', { exact: true }).fill('Magasin Kofi, Dschang');
    await arrange.getByLabel('Expected from').fill('2026-12-01T08:00');
    await arrange.getByLabel('Expected until').fill('2026-12-01T07:00');
    await arrange.getByLabel('Delivery fee').fill('35.50');
    await arrange.getByRole('button', { name: 'Arrange' }).click();
    // Said under each field, before anything is sent.
    await textOf(arrange, 'The window must end after it starts');
    await textOf(arrange, 'Say who pays the fee: the buyer or the seller');
    await arrange.getByLabel('Expected until').fill('2026-12-01T12:30');
    await arrange.getByLabel('Fee paid by').selectOption({ label: 'Seller' });
    await arrange.getByRole('button', { name: 'Arrange' }).click();
    await hidden(arrange);
    await textOf(sale, `Delivered by ${driverName}`);
    await textOf(sale.getByTestId('job-terms'), '$35.50, paid by the seller');

    // The buyer reads their handover code on their order.
    const purchase = await openOrder(buyer.page, name);
    const codeText = purchase.getByTestId('handover-code');
    await visible(codeText);
    const code = ((await codeText.textContent()) ?? '').trim();
    expect(code).toMatch(/^\d{6}$/);

    // The driver, on a phone (reloaded to take the new role), accepts, picks up and delivers.
    await driver.page.reload();
    await driver.page.getByRole('button', { name: 'Open menu' }).click();
    await navLink(driver.page, /^Deliveries$/).click();
    await visible(driver.page.getByRole('heading', { level: 1, name: 'Deliveries' }));
    const delivery = driver.page.getByTestId('delivery-card').filter({ hasText: name });
    await visible(delivery);
    await textOf(delivery, 'Assigned');
    // The new job is first in the list, with where, when and for how much, and a map link for the pinned place.
    await textOf(driver.page.getByTestId('delivery-card').first(), name);
    const terms = delivery.getByTestId('job-terms');
    await textOf(terms, 'Bafoussam market');
    await textOf(terms, 'Magasin Kofi, Dschang');
    await textOf(terms, 'Dec 1, 2026');
    await textOf(terms, '12:30');
    await textOf(terms, '$35.50, paid by the seller');
    expect(await terms.getByRole('link', { name: 'Map of Bafoussam market' }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=5.47812&mlon=10.41725#map=16/5.47812/10.41725',
    );
    await delivery.getByRole('button', { name: 'Accept', exact: true }).click();
    await textOf(delivery, 'Accepted');
    await delivery.getByRole('button', { name: 'Picked up', exact: true }).click();
    await visible(delivery.getByRole('button', { name: 'Delivered', exact: true }));
    await delivery.getByRole('button', { name: 'Delivered', exact: true }).click();
    await delivery.getByLabel("Buyer's 6-digit code").fill(code);
    await delivery.getByRole('button', { name: 'Confirm delivery' }).click();
    await visible(toastWith(driver.page, 'Delivered'));
    const finished = driver.page.getByRole('region', { name: 'Finished' }).getByTestId('delivery-card');
    await textOf(finished.filter({ hasText: name }), 'Delivered');
    // The fee is the driver's: their money screen is their earnings, not a farm to create.
    await driver.page.getByRole('link', { name: 'My earnings' }).click();
    await visible(driver.page.getByRole('heading', { level: 1, name: 'My earnings' }));
    await textOf(driver.page.getByTestId('earnings-summary'), '$35.50');
    await textOf(driver.page.getByTestId('earnings-summary'), '1 job');

    // The seller's screen follows; the farmer records the full amount, paid by mobile money.
    await textOf(sale.getByText('Delivered', { exact: true }), 'Delivered');
    await sale.getByRole('button', { name: 'Record payment' }).click();
    const pay = farmer.page.getByRole('dialog');
    await visible(pay.getByText('Still due: $640.00'));
    // The amount opens at what is due: a full payment is a method and a tap.
    expect(await pay.getByLabel('Amount').inputValue()).toBe('640');
    await textOf(pay.getByTestId('currency-affix'), '$');
    await pay.getByLabel('Paid by').selectOption({ label: 'Mobile money' });
    await pay.getByRole('button', { name: 'Record' }).click();
    await hidden(pay);
    await textOf(sale, 'Completed');
    await textOf(sale, 'Nothing due');
    await textOf(purchase, 'Completed');

    // Both switch to French: the order shows completed in French on both sides.
    for (const side of [farmer, buyer]) {
      await side.page.getByRole('button', { name: 'Français' }).click();
      await visible(side.page.getByRole('heading', { level: 1, name: 'Commandes' }));
    }
    await textOf(sale, 'Terminée');
    await textOf(sale, 'Mobile money (paiement mobile)');
    await textOf(purchase, 'Terminée');
    // Still French once reloaded (the choice is kept on the account).
    for (const side of [farmer, buyer]) {
      await side.page.reload();
      const card = orderCard(side.page, name);
      await textOf(card, 'Terminée');
      await textOf(card, 'Rien à payer');
    }

    for (const party of [farmer, buyer, driver]) {
      await party.context.close();
    }
  });

  it('an agent lists for a farmer and earns commission', async () => {
    const name = uniqueName('Yam');
    const agent = await openPage(browser);
    const agentName = await registerViaUi(agent.page);
    await grantRole(browser, await myId(agent.page), 'agent');
    const farmer = await openPage(browser);
    const farmerName = await registerViaUi(farmer.page, { role: 'farmer' });
    const buyer = await openPage(browser);
    const buyerName = await registerViaUi(buyer.page, { role: 'buyer' });

    // The agent asks to represent the farmer.
    await agent.page.reload();
    await navLink(agent.page, /^Agent$/).click();
    await visible(agent.page.getByRole('heading', { level: 1, name: 'Agent' }));
    await agent.page.getByRole('button', { name: 'Ask to represent a farmer' }).click();
    const ask = agent.page.getByRole('dialog');
    await ask.getByLabel('Search farmers').fill(farmerName);
    await ask.getByLabel('Farmer', { exact: true }).selectOption({ label: farmerName });
    await ask.getByRole('button', { name: 'Send request' }).click();
    await hidden(ask);
    const link = agent.page.getByTestId('agent-link').filter({ hasText: farmerName });
    await textOf(link, 'Waiting for the farmer');

    // The farmer accepts on their own agent screen.
    await navLink(farmer.page, /^Agent$/).click();
    const request = farmer.page.getByTestId('agent-request').filter({ hasText: agentName });
    await visible(request);
    await request.getByRole('button', { name: 'Accept' }).click();
    await hidden(request);
    await visible(farmer.page.getByText(agentName, { exact: true }));
    await textOf(link, 'Active');

    // The agent lists for the farmer: 4 t at $250.00 per ton.
    await openMarketplace(agent.page);
    await agent.page.getByRole('button', { name: 'List for a farmer' }).click();
    const add = agent.page.getByRole('dialog');
    await add.getByLabel('For farmer').selectOption({ label: farmerName });
    await add.getByLabel('Name').fill(name);
    await add.getByLabel('Quantity (tons)').fill('4');
    await add.getByLabel('Price per ton').fill('250');
    await add.getByRole('button', { name: 'List Commodity' }).click();
    // The dialog closes once the listing is made (it stays open, and stays the one dialog, while the request is in
    // flight and the lists refetch), and the listing is the farmer's.
    await hidden(add);
    type Listed = { id: number; name: string; sellerUsername: string };
    const listings = await agent.page.request.get('/api/commodities?mine=1&limit=100');
    const listed = ((await listings.json()) as Listed[]).find((c) => c.name === name);
    expect(listed?.sellerUsername).toBe(farmerName);

    // A buyer bids $275.00 per ton for all 4 t; the agent accepts, after the confirmation.
    const bid = await buyer.page.request.post('/api/bids', {
      data: { commodityId: listed?.id, price: 275, quantity: 4 },
    });
    expect(bid.status()).toBe(201);
    // (A new bid's live event goes to the buyer and the listing's owner, not to the owner's agent: reload.)
    await agent.page.reload();
    await acceptBid(
      agent.page,
      name,
      `This sells 4 t (4,000 kg) of ${name} to ${buyerName} at $275.00 per ton, for a total of $1,100.00.`,
    );

    // The rest of the order, quickly: the buyer collects, hands over with their code, the farmer is paid in full.
    const orders = await agent.page.request.get('/api/orders?as=agent');
    const order = ((await orders.json()) as TOrder[]).find((o) => o.commodity.name === name);
    expect(order?.agent?.username).toBe(agentName);
    expect(order?.seller.username).toBe(farmerName);
    const total = order?.total ?? 0;
    expect(total).toBe(1100);
    const arranged = await agent.page.request.post(`/api/orders/${order?.id}/delivery`, {
      data: { mode: 'pickup' },
    });
    expect(arranged.status()).toBe(201);
    const deliveryId = ((await arranged.json()) as TOrder).delivery?.id;
    const asBuyer = (await (await buyer.page.request.get(`/api/orders/${order?.id}`)).json()) as TOrder;
    const delivered = await agent.page.request.patch(`/api/deliveries/${deliveryId}`, {
      data: { status: 'delivered', code: asBuyer.handoverCode },
    });
    expect(delivered.status()).toBe(200);
    const paid = await farmer.page.request.post(`/api/orders/${order?.id}/payments`, {
      data: { amount: total, method: 'cash' },
    });
    expect(paid.status()).toBe(201);
    expect(((await paid.json()) as TOrder).status).toBe('completed');

    // The agent's screen shows the commission: 2 % of the total, in the agent's language.
    await navLink(agent.page, /^Agent$/).click();
    const commission = agent.page.getByTestId('commission').filter({ hasText: farmerName });
    await visible(commission);
    await expect
      .poll(async () => plain((await commission.textContent()) ?? ''))
      .toContain(money(total * COMMISSION_RATE, 'en'));
    await textOf(commission, `No. ${order?.id}`);
    // This month's statement: the farmer's line and the total, and its CSV.
    const line = agent.page.getByTestId('statement-farmer').filter({ hasText: farmerName });
    await visible(line);
    await expect
      .poll(async () => plain((await line.textContent()) ?? ''))
      .toContain(money(total * COMMISSION_RATE, 'en'));
    await textOf(agent.page.getByTestId('statement-total'), 'Total');
    await agent.page.getByRole('button', { name: 'Français' }).click();
    await visible(agent.page.getByText('Agriculteurs que vous représentez'));
    await expect
      .poll(async () => plain((await commission.textContent()) ?? ''))
      .toContain(money(total * COMMISSION_RATE, 'fr'));
    const download = agent.page.getByRole('link', { name: 'Télécharger le relevé (CSV)' });
    await visible(download);
    const csv = await agent.page.request.get((await download.getAttribute('href')) ?? '');
    expect(csv.status()).toBe(200);
    const csvText = await csv.text();
    expect(csvText).toContain('Agriculteur;Commandes;Ventes;Commission perçue');
    expect(csvText).toContain(`${farmerName};1;1100;`);

    for (const party of [agent, farmer, buyer]) {
      await party.context.close();
    }
  });
});
