// One naming of commodities for every reader, through the real server: what a seller typed ("mais") is named as the
// catalogue names its kind in each reader's language — in notifications (app and SMS), the phone bot's sale echo
// and ratings — and a name the catalogue lacks is kept as typed.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TCommodity } from '../../contract/marketplace';
import type { TNotification } from '../../contract/notifications';
import type { TOrder } from '../../contract/orders';
import type { TOrderRatings } from '../../contract/ratings';
import { completeOrder, soldOrder } from '../test/completed-order';
import { userWithRole } from '../test/factories';
import { call, createTestApp, registerUser, type Session, type TestApp } from '../test/harness';
import { type ProviderStandIn, smsProviderEnv, startProviderStandIn } from '../test/provider-stand-in';
import { setVerifiedPhone } from '../users/phone.repo';
import { outboundWorker } from './outbound-worker';

const KEY = 'callback-key-0123456789';
const PIN = '2468';

let stand: ProviderStandIn;
let t: TestApp;
let numbers = 0;
let messages = 0;
beforeAll(async () => {
  stand = await startProviderStandIn();
  // SMS configured, so users with a proven number are told by SMS; only the test runs the queue.
  t = await createTestApp({ ...smsProviderEnv(stand, KEY), OUTBOUND_POLL_MS: '600000' });
});
afterAll(async () => {
  await t.close();
  await stand.close();
});
beforeEach(() => {
  stand.sms.length = 0;
});

async function ok<T>(
  who: Session,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload?: object,
): Promise<T> {
  const res = await call(t.app, who.cookie, { method, url, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return (res.body === '' ? null : res.json()) as T;
}

/** A user of this role and language with a proven number (told by SMS) and a PIN. */
async function phoneUser(role: 'farmer' | 'buyer' | 'delivery', language: 'en' | 'fr') {
  const session = await userWithRole(t.app, t.ctx, role);
  await ok(session, 'PATCH', '/api/user/language', { language });
  numbers += 1;
  const phone = `+23768${String(1_000_000 + numbers * 7717).padStart(7, '0')}`;
  await setVerifiedPhone(t.ctx.db, session.user.id, {
    e164: phone,
    countryCode: '+237',
    phoneNumber: phone.slice(4),
    via: 'sms',
  });
  await ok(session, 'PUT', '/api/user/pin', { pin: PIN, currentPassword: 'correct-horse-battery' });
  return { ...session, phone };
}

/** The text of the user's latest notification of this type (in the app). */
async function told(who: Session, type: string): Promise<string | undefined> {
  const inbox = await ok<TNotification[]>(who, 'GET', '/api/notifications?limit=100');
  return inbox.find((n) => n.type === type)?.text;
}

/** The SMS sent to a number since the last look (the queue run once). */
async function smsTo(phone: string): Promise<string[]> {
  await outboundWorker.of(t.ctx).runOnce();
  const sent = stand.sms.filter((m) => m.form.to === phone).map((m) => m.form.message ?? '');
  stand.sms.length = 0;
  return sent;
}

/** A text to the phone bot and its one reply. */
async function smsExchange(from: string, text: string): Promise<string> {
  messages += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/channels/sms/inbound?key=${KEY}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      from,
      to: '1234',
      text,
      date: '2026-11-24 10:00:00',
      id: `ATXid_names${messages}`,
      linkId: 'l1',
    }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const replies = await smsTo(from);
  expect(replies, text).toHaveLength(1);
  return replies[0] as string;
}

describe('a commodity named for each reader', () => {
  it('names "mais" Maïs for a French reader and Maize for an English one: bid, acceptance, order change, driver', async () => {
    const farmer = await phoneUser('farmer', 'fr');
    const buyer = await phoneUser('buyer', 'en');
    const driver = await phoneUser('delivery', 'fr');
    const listing = await ok<TCommodity>(farmer, 'POST', '/api/commodities', {
      name: 'mais',
      quantity: 5,
      price: 200,
      grade: 'B',
    });
    const bid = await ok<{ id: number }>(buyer, 'POST', '/api/bids', {
      commodityId: listing.id,
      price: 210,
      quantity: 2,
    });

    // Bid received: the French seller, in the app and by SMS.
    expect(await told(farmer, 'bid_received')).toMatch(/ de votre Maïs\.$/);
    // (An SMS spells it in the GSM alphabet, which has no ï: "Mais", not the "mais" typed.)
    expect(await smsTo(farmer.phone)).toEqual([expect.stringContaining('de votre Mais.')]);

    // Accepted: the English buyer.
    await ok(farmer, 'PATCH', `/api/bids/${bid.id}`, { status: 'accepted' });
    expect(await told(buyer, 'bid_accepted')).toContain('your bid on Maize');
    expect((await smsTo(buyer.phone)).join('\n')).toContain('your bid on Maize');

    // A driver arranged: the French driver is told of the job, the English buyer of the order's step.
    const [order] = await ok<TOrder[]>(farmer, 'GET', '/api/orders?as=seller&limit=1');
    const arranged = await ok<TOrder>(farmer, 'POST', `/api/orders/${order?.id}/delivery`, {
      driverId: driver.user.id,
    });
    expect(await told(driver, 'delivery_assigned')).toContain('2 t de Maïs');
    expect((await smsTo(driver.phone)).join('\n')).toContain('2 t de Mais');
    expect(await told(buyer, 'order_update')).toContain('(Maize)');

    // The driver accepts: the French seller reads the same order's change in French.
    await ok(driver, 'PATCH', `/api/deliveries/${arranged.delivery?.id}`, { status: 'accepted' });
    expect(await told(farmer, 'order_update')).toContain('(Maïs)');
  });

  it('keeps a commodity the catalogue lacks as it was typed', async () => {
    const farmer = await phoneUser('farmer', 'fr');
    const buyer = await phoneUser('buyer', 'en');
    const listing = await ok<TCommodity>(farmer, 'POST', '/api/commodities', {
      name: 'Feuilles de ndolé',
      quantity: 5,
      price: 200,
      grade: 'B',
    });
    await ok(buyer, 'POST', '/api/bids', { commodityId: listing.id, price: 210, quantity: 2 });
    expect(await told(farmer, 'bid_received')).toMatch(/ de votre Feuilles de ndolé\.$/);
  });

  it('echoes a sale by SMS with the kind’s name in the seller’s language', async () => {
    const french = await phoneUser('farmer', 'fr');
    const english = await phoneUser('farmer', 'en');
    expect(await smsExchange(french.phone, 'VENDRE mais 2 150')).toMatch(/^Vendre 2 t de Maïs /);
    expect(await smsExchange(french.phone, `OUI ${PIN}`)).toMatch(/^En vente : 2 t de Maïs /);
    expect(await smsExchange(english.phone, 'SELL mais 2 150')).toMatch(/^Sell 2 t Maize /);
    expect(await smsExchange(english.phone, `YES ${PIN}`)).toMatch(/^Listed: 2 t Maize /);
  });

  it('names what a rating is about in the reader’s language', async () => {
    const farmer = await registerUser(t.app, { role: 'farmer', language: 'fr' });
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const sold = await soldOrder(t.app, t.ctx, { farmer, buyer });
    await completeOrder(t.app, sold);
    await ok(buyer, 'PUT', `/api/orders/${sold.order.id}/rating`, { score: 5, note: 'On time' });
    const bySeller = await ok<TOrderRatings>(farmer, 'GET', `/api/orders/${sold.order.id}/ratings`);
    const byBuyer = await ok<TOrderRatings>(buyer, 'GET', `/api/orders/${sold.order.id}/ratings`);
    expect(bySeller.theirs?.commodityName).toBe('Maïs');
    expect(byBuyer.mine?.commodityName).toBe('Maize');
  });
});
