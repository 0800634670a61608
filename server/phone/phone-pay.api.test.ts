// Paying an order by phone, through the real server and a local MTN MoMo stand-in: USSD `4 My orders` → the order →
// `1 Pay with MoMo` → PIN, and `PAY <order> <PIN>` (fr `PAYER`) by SMS; the prompt reaches MTN once, for what is
// due, on the caller's number, and every refusal (a payment pending, nothing due, MTN not set up, a wrong PIN) is
// said in the user's language.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TOrder } from '../../contract/orders';
import { smsLength } from '../channels/sms-text';
import { rowsOf } from '../db/client';
import { outboundWorker } from '../notifications/outbound-worker';
import { userWithRole } from '../test/factories';
import { call, createTestApp, type Session, type TestApp } from '../test/harness';
import {
  momoEnv,
  type PaymentsStandIn,
  STAND_IN_CALLBACK_KEY,
  startPaymentsStandIn,
} from '../test/payments-stand-in';
import { type ProviderStandIn, smsProviderEnv, startProviderStandIn } from '../test/provider-stand-in';
import { setVerifiedPhone } from '../users/phone.repo';

const KEY = 'callback-key-0123456789';
const PIN = '2468';
/** A deployment in CFA francs, as in Cameroon: 4 t at 45 000 a ton is 180 000 FCFA. */
const BASE_ENV = { CURRENCY: 'XAF', OUTBOUND_POLL_MS: '600000' };

let sms: ProviderStandIn;
let momo: PaymentsStandIn;
/** A server with MTN MoMo Collections set up, and one without. */
let t: TestApp;
let bare: TestApp;
let numbers = 0;
let sessions = 0;
let messages = 0;

beforeAll(async () => {
  sms = await startProviderStandIn();
  // Prompts wait for the wallet, as a real payer's phone does: a payment stays pending until approved.
  momo = await startPaymentsStandIn({ prompts: 'wallet' });
  t = await createTestApp({
    ...BASE_ENV,
    ...smsProviderEnv(sms, KEY),
    ...momoEnv(momo),
    PAYMENTS_POLL_MS: '100',
  });
  bare = await createTestApp({ ...BASE_ENV, ...smsProviderEnv(sms, KEY) });
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await momo?.close();
  await sms?.close();
});
beforeEach(() => {
  sms.sms.length = 0;
});

const nextPhone = () => {
  numbers += 1;
  return `+23767${String(1_000_000 + numbers * 7919).padStart(7, '0')}`;
};

type PhoneUser = Session & { phone: string };

/** A user with a proven number, a PIN, and (when told) French. */
async function phoneUser(
  app: TestApp,
  role: 'farmer' | 'buyer',
  language: 'en' | 'fr' = 'en',
): Promise<PhoneUser> {
  const session = await userWithRole(app.app, app.ctx, role);
  const phone = nextPhone();
  await setVerifiedPhone(app.ctx.db, session.user.id, {
    e164: phone,
    countryCode: '+237',
    phoneNumber: phone.slice(4),
    via: 'sms',
  });
  if (language === 'fr') {
    await call(app.app, session.cookie, {
      method: 'PATCH',
      url: '/api/user/language',
      payload: { language },
    });
  }
  const set = await call(app.app, session.cookie, {
    method: 'PUT',
    url: '/api/user/pin',
    payload: { pin: PIN, currentPassword: 'correct-horse-battery' },
  });
  expect(set.statusCode, set.body).toBe(204);
  return { ...session, phone };
}

/** An order of 4 t of maize at 45 000 a ton (180 000 due) between a new farmer and a new buyer. */
async function orderToPay(app: TestApp, language: 'en' | 'fr' = 'en') {
  const farmer = await phoneUser(app, 'farmer');
  const buyer = await phoneUser(app, 'buyer', language);
  const listing = await call(app.app, farmer.cookie, {
    method: 'POST',
    url: '/api/commodities',
    payload: { name: 'Maize', quantity: 10, price: 45_000, grade: 'A' },
  });
  expect(listing.statusCode, listing.body).toBe(201);
  const bid = await call(app.app, buyer.cookie, {
    method: 'POST',
    url: '/api/bids',
    payload: { commodityId: listing.json<{ id: number }>().id, price: 45_000, quantity: 4 },
  });
  expect(bid.statusCode, bid.body).toBe(201);
  const bidId = bid.json<{ id: number }>().id;
  const accepted = await call(app.app, farmer.cookie, {
    method: 'PATCH',
    url: `/api/bids/${bidId}`,
    payload: { status: 'accepted' },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const [row] = rowsOf<{ id: number }>(
    await app.ctx.db.execute(
      sql`select o.id from orders o join trades tr on tr.id = o.trade_id where tr.bid_id = ${bidId}`,
    ),
  );
  // The notices of the bid and the order go first: each exchange then reads its own replies.
  await repliesTo(app, buyer.phone);
  await repliesTo(app, farmer.phone);
  return { farmer, buyer, orderId: row?.id ?? 0 };
}

/** The requests to pay that reached MTN for this number. */
const promptsTo = (phone: string) =>
  momo.requests.filter(
    (r) =>
      r.path === '/collection/v1_0/requesttopay' &&
      (r.body as { payer?: { partyId?: string } }).payer?.partyId === phone.slice(1),
  );

async function orderAs(app: TestApp, user: Session, id: number): Promise<TOrder> {
  const res = await call(app.app, user.cookie, { method: 'GET', url: `/api/orders/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TOrder>();
}

// ---- USSD ----

async function ussd(app: TestApp, phone: string, sessionId: string, text: string): Promise<string> {
  const res = await app.app.inject({
    method: 'POST',
    url: `/api/channels/ussd?key=${KEY}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      sessionId,
      serviceCode: '*384*1234#',
      phoneNumber: phone,
      networkCode: '62401',
      text,
    }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body).toMatch(/^(CON|END) \S/);
  return res.body;
}

function dial(app: TestApp, phone: string) {
  sessions += 1;
  const id = `ATUid_pay_${sessions}_${Date.now()}`;
  const path: string[] = [];
  return {
    type: (...answers: string[]) => {
      path.push(...answers);
      return ussd(app, phone, id, path.join('*'));
    },
    again: () => ussd(app, phone, id, path.join('*')),
  };
}

describe('USSD: pay an order with MoMo', () => {
  it('4 My orders → the order → 1 Pay with MoMo → PIN: one prompt for what is due, on this phone', async () => {
    const { buyer, orderId } = await orderToPay(t);
    const s = dial(t, buyer.phone);
    expect(await s.type('4')).toMatch(new RegExp(`^CON Your orders:\\n1 #${orderId} Maize`));
    expect(await s.type('1')).toBe(
      `CON Order ${orderId}: 4 t Maize, Awaiting delivery.\nTo pay: FCFA 180,000\n1 Pay with MoMo\n0 Back`,
    );
    expect(await s.type('1')).toBe(
      `CON Pay FCFA 180,000 for order ${orderId} (4 t Maize) by MTN MoMo.\nEnter your PIN to confirm:`,
    );
    expect(await s.type('9999')).toMatch(/^CON Wrong PIN: 4 tries left\.\nPay FCFA 180,000/);
    expect(promptsTo(buyer.phone)).toEqual([]);
    const done = await s.type(PIN);
    expect(done).toBe('END You will get an MTN prompt to approve FCFA 180,000.');
    // The network sends the last request again: the same answer, no second prompt.
    expect(await s.again()).toBe(done);

    const prompts = promptsTo(buyer.phone);
    expect(prompts).toHaveLength(1);
    expect(prompts[0]?.body).toMatchObject({
      amount: '180000',
      currency: 'XAF',
      payer: { partyIdType: 'MSISDN', partyId: buyer.phone.slice(1) },
    });
    const reference = prompts[0]?.headers['x-reference-id'] ?? '';
    expect(momo.wallet.requests(reference)).toBe(1);
    const order = await orderAs(t, buyer, orderId);
    expect(order.mobilePayments).toEqual([
      expect.objectContaining({ reference, status: 'pending', amount: 180_000, provider: 'mtn_momo' }),
    ]);

    // Asked again while that prompt waits: refused before the PIN, nothing sent.
    const again = dial(t, buyer.phone);
    await again.type('4', '1');
    expect(await again.type('1')).toBe('END A mobile payment of this order is already waiting for approval.');
    expect(promptsTo(buyer.phone)).toHaveLength(1);
  });

  it('speaks French: amounts as a French phone writes them', async () => {
    const { buyer, orderId } = await orderToPay(t, 'fr');
    const s = dial(t, buyer.phone);
    await s.type('4');
    expect(await s.type('1')).toContain('A payer : 180 000 FCFA\n1 Payer par MoMo\n0 Retour');
    expect(await s.type('1')).toContain(`Payer 180 000 FCFA pour la commande ${orderId}`);
    expect(await s.type(PIN)).toBe('END Vous allez recevoir une demande MTN pour approuver 180 000 FCFA.');
    expect(promptsTo(buyer.phone)).toHaveLength(1);
  });

  it('offers no payment to the seller, nor when nothing is due, nor on a server without MTN MoMo', async () => {
    const { farmer, buyer, orderId } = await orderToPay(t);
    const seller = await dial(t, farmer.phone).type('4', '1');
    expect(seller).not.toContain('Pay with MoMo');

    // Paid by hand: nothing is due, the order's screen is only its state.
    const paid = await call(t.app, farmer.cookie, {
      method: 'POST',
      url: `/api/orders/${orderId}/payments`,
      payload: { amount: 180_000, method: 'cash' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await dial(t, buyer.phone).type('4', '1')).toMatch(new RegExp(`^END Order ${orderId}: `));

    const other = await orderToPay(bare);
    const screen = await dial(bare, other.buyer.phone).type('4', '1');
    expect(screen).toMatch(new RegExp(`^END Order ${other.orderId}: `));
    expect(screen).not.toContain('MoMo');
  });
});

// ---- SMS ----

/** The SMS sent to a number since the last look (the outbound queue run once). */
async function repliesTo(app: TestApp, phone: string): Promise<string[]> {
  await outboundWorker.of(app.ctx).runOnce();
  const replies = sms.sms.filter((m) => m.form.to === phone).map((m) => m.form.message ?? '');
  // The number's messages are taken; the others' stay, in their order.
  sms.sms.splice(0, sms.sms.length, ...sms.sms.filter((m) => m.form.to !== phone));
  return replies;
}

/** Sends an SMS; the bot's reply among what the number got (a payment asked also sends its notice). */
async function text(app: TestApp, from: string, body: string): Promise<string[]> {
  messages += 1;
  const res = await app.app.inject({
    method: 'POST',
    url: `/api/channels/sms/inbound?key=${KEY}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      from,
      to: '1234',
      text: body,
      date: '2026-11-27 08:00:00',
      id: `ATXid_pay${messages}`,
      linkId: 'l1',
    }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return repliesTo(app, from);
}

describe('SMS: PAY <order> <PIN>', () => {
  it('PAY with the PIN asks MTN once, for what is due, on the number that wrote', async () => {
    const { buyer, orderId } = await orderToPay(t);
    expect(await text(t, buyer.phone, `PAY ${orderId} 0000`)).toEqual(['Wrong PIN: 4 tries left.']);
    expect(promptsTo(buyer.phone)).toEqual([]);

    const replies = await text(t, buyer.phone, `PAY ${orderId} ${PIN}`);
    expect(replies).toContain('You will get an MTN prompt to approve FCFA 180,000.');
    for (const reply of replies) {
      expect(smsLength(reply).segments, reply).toBe(1);
    }
    const prompts = promptsTo(buyer.phone);
    expect(prompts).toHaveLength(1);
    expect(prompts[0]?.body).toMatchObject({ amount: '180000', currency: 'XAF' });

    expect(await text(t, buyer.phone, `PAY ${orderId} ${PIN}`)).toEqual([
      'A mobile payment of this order is already waiting for approval.',
    ]);
    expect(promptsTo(buyer.phone)).toHaveLength(1);

    // The payer approves on the phone; MTN's callback is only a hint, its status answer makes the payment.
    const reference = prompts[0]?.headers['x-reference-id'] ?? '';
    expect(momo.wallet.approve(reference)).toBe(true);
    const hint = await t.app.inject({
      method: 'PUT',
      url: `/api/payments/momo/callback/${reference}?key=${STAND_IN_CALLBACK_KEY}`,
      payload: {},
    });
    expect(hint.statusCode, hint.body).toBe(200);
    await expect.poll(async () => (await orderAs(t, buyer, orderId)).payment.due, { timeout: 5_000 }).toBe(0);
    // The payer is told by SMS that the money is in escrow.
    expect(await repliesTo(t, buyer.phone)).toEqual([expect.stringContaining('paid into escrow')]);
    expect(await text(t, buyer.phone, `PAY ${orderId} ${PIN}`)).toEqual(['Nothing is due on this order.']);
    expect(promptsTo(buyer.phone)).toHaveLength(1);
  });

  it('PAYER in French; PAY without the PIN waits for OUI <PIN>', async () => {
    const { buyer, orderId } = await orderToPay(t, 'fr');
    expect(await text(t, buyer.phone, `payer ${orderId}`)).toEqual([
      `Payer 180 000 FCFA pour la commande ${orderId} (4 t de Maïs) par MTN MoMo ? ` +
        'Répondez OUI et votre code PIN (OUI 1234) sous 5 min, ou NON.',
    ]);
    expect(promptsTo(buyer.phone)).toEqual([]);
    expect(await text(t, buyer.phone, `OUI ${PIN}`)).toContain(
      'Vous allez recevoir une demande MTN pour approuver 180 000 FCFA.',
    );
    expect(promptsTo(buyer.phone)).toHaveLength(1);
  });

  it("refuses another's order, an order that does not exist, and a server without MTN MoMo", async () => {
    const { farmer, orderId } = await orderToPay(t);
    expect(await text(t, farmer.phone, `PAY ${orderId} ${PIN}`)).toEqual([
      'Only the buyer (or a manager) can pay this order.',
    ]);
    const stranger = await phoneUser(t, 'buyer');
    const notFound = await text(t, stranger.phone, `PAY ${orderId} ${PIN}`);
    expect(notFound).toHaveLength(1);
    expect(notFound[0]).not.toContain('MTN prompt');
    expect(await text(t, stranger.phone, 'PAY')).toEqual([
      'Send: PAY 7 1234 (order 7 and your PIN) to pay it by MTN MoMo.',
    ]);

    const other = await orderToPay(bare, 'fr');
    expect(await text(bare, other.buyer.phone, `PAYER ${other.orderId} ${PIN}`)).toEqual([
      'Les paiements MTN MoMo ne sont pas configurés sur ce serveur.',
    ]);
    expect(promptsTo(other.buyer.phone)).toEqual([]);
  });
});
