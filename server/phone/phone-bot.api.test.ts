// The marketplace from any phone, through the real server: USSD sessions (registration, prices, selling,
// bidding and accepting with the PIN), SMS and WhatsApp commands in both languages with `YES <PIN>`, replies
// through the outbound queue to a local stand-in of the providers, and what a hostile or mistaken caller gets.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TPhoneStatus } from '../../contract/notifications';
import { fitsUssd } from '../channels/sms-text';
import { rowsOf } from '../db/client';
import { translate } from '../http/i18n';
import { outboundWorker } from '../notifications/outbound-worker';
import { userWithRole } from '../test/factories';
import {
  call,
  createSecondInstance,
  createTestApp,
  type Session,
  type TestApp,
  uniqueName,
} from '../test/harness';
import {
  type ProviderStandIn,
  smsProviderEnv,
  startProviderStandIn,
  whatsAppInboundWebhook,
} from '../test/provider-stand-in';
import { setVerifiedPhone } from '../users/phone.repo';

const KEY = 'callback-key-0123456789';
const PIN = '2468';
const onPostgres = process.env.TEST_DB === 'postgres';

let stand: ProviderStandIn;
let t: TestApp;
let numbers = 0;
let sessions = 0;
let messages = 0;

beforeAll(async () => {
  stand = await startProviderStandIn();
  t = await createTestApp({
    ...smsProviderEnv(stand, KEY),
    WHATSAPP_TOKEN: 'wa-secret-token',
    WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    WHATSAPP_APP_SECRET: stand.appSecret,
    WHATSAPP_API_BASE: stand.url,
    OUTBOUND_POLL_MS: '600000',
  });
});
afterAll(async () => {
  await t.close();
  await stand.close();
});
beforeEach(() => {
  stand.sms.length = 0;
  stand.whatsapp.length = 0;
});

const nextPhone = () => {
  numbers += 1;
  return `+23769${String(1_000_000 + numbers * 7717).padStart(7, '0')}`;
};

/** A user with a proven number and (unless told) a PIN set through the app. */
async function phoneUser(
  options: { role?: 'farmer' | 'buyer' | 'agent' | 'delivery'; language?: 'en' | 'fr'; pin?: boolean } = {},
) {
  const session = await userWithRole(t.app, t.ctx, options.role ?? 'farmer');
  const phone = nextPhone();
  await setVerifiedPhone(t.ctx.db, session.user.id, {
    e164: phone,
    countryCode: '+237',
    phoneNumber: phone.slice(4),
    via: 'sms',
  });
  if (options.language) {
    await call(t.app, session.cookie, {
      method: 'PATCH',
      url: '/api/user/language',
      payload: { language: options.language },
    });
  }
  if (options.pin !== false) {
    const set = await call(t.app, session.cookie, {
      method: 'PUT',
      url: '/api/user/pin',
      payload: { pin: PIN, currentPassword: 'correct-horse-battery' },
    });
    expect(set.statusCode, set.body).toBe(204);
  }
  return { ...session, phone };
}

async function listingOf(seller: Session, name: string, quantity = 20, price = 140) {
  const res = await call(t.app, seller.cookie, {
    method: 'POST',
    url: '/api/commodities',
    payload: { name, quantity, price, grade: 'A' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

async function bidOn(buyer: Session, listingId: number, price: number, quantity = 5) {
  const res = await call(t.app, buyer.cookie, {
    method: 'POST',
    url: '/api/bids',
    payload: { commodityId: listingId, price, quantity },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

/** The agent represents the farmer: asked by the agent, accepted by the farmer; the link's id. */
async function represent(agent: Session, farmer: Session): Promise<number> {
  const asked = await call(t.app, agent.cookie, {
    method: 'POST',
    url: '/api/agent-links',
    payload: { farmerId: farmer.user.id },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const id = asked.json<{ id: number }>().id;
  const accepted = await call(t.app, farmer.cookie, {
    method: 'PATCH',
    url: `/api/agent-links/${id}`,
    payload: { status: 'active' },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return id;
}

/** An order of `buyer`'s on a listing of `farmer`'s (a bid accepted in the app): its id. */
async function orderOf(farmer: Session & { phone: string }, buyer: Session, name: string): Promise<number> {
  const listingId = await listingOf(farmer, name, 10, 200);
  const bidId = await bidOn(buyer, listingId, 200, 4);
  const res = await call(t.app, farmer.cookie, {
    method: 'PATCH',
    url: `/api/bids/${bidId}`,
    payload: { status: 'accepted' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = rowsOf<{ id: number }>(
    await t.ctx.db.execute(
      sql`select o.id from orders o join trades tr on tr.id = o.trade_id where tr.bid_id = ${bidId}`,
    ),
  );
  expect(row).toBeDefined();
  // The notifications of the bid and the order go first: each exchange then counts its own reply only.
  await smsRepliesTo(farmer.phone);
  return row?.id ?? 0;
}

const deliveryOf = async (orderId: number) =>
  rowsOf<{ mode: string; driver_id: number | null; status: string }>(
    await t.ctx.db.execute(sql`select mode, driver_id, status from deliveries where order_id = ${orderId}`),
  );

// ---- USSD ----

function ussdRequest(form: Record<string, string>, key: string | null = KEY) {
  return t.app.inject({
    method: 'POST',
    url: key === null ? '/api/channels/ussd' : `/api/channels/ussd?key=${encodeURIComponent(key)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

/** One USSD request; every answer is a 200 `text/plain` `CON`/`END` screen within what handsets show. */
async function ussd(phone: string, sessionId: string, text: string): Promise<string> {
  const res = await ussdRequest({
    sessionId,
    serviceCode: '*384*1234#',
    phoneNumber: phone,
    networkCode: '62401',
    text,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  expect(res.body).toMatch(/^(CON|END) \S/);
  // Counted in the encoding it goes in: 182 GSM-7 septets, or 80 UCS-2 units once a character needs them.
  expect(fitsUssd(res.body.slice(4)), res.body).toBe(true);
  return res.body;
}

/** A session on one phone: each call types more answers (the path grows as the network sends it). */
function dial(phone: string) {
  sessions += 1;
  const id = `ATUid_${sessions}_${Date.now()}`;
  const path: string[] = [];
  return {
    id,
    open: () => ussd(phone, id, ''),
    type: (...answers: string[]) => {
      path.push(...answers);
      return ussd(phone, id, path.join('*'));
    },
    /** The last request sent again, as a network may. */
    again: () => ussd(phone, id, path.join('*')),
  };
}

const listingsOwnedBy = async (userId: number) =>
  rowsOf<{ id: number; name: string; quantity_kg: number; price_cents: number; grade: string }>(
    await t.ctx.db.execute(
      sql`select id, name, quantity_kg, price_cents, grade from commodities where owner_id = ${userId} order by id`,
    ),
  );

describe('USSD', () => {
  it('registers a farmer for an unknown number, then shows their menu in their language', async () => {
    const phone = nextPhone();
    const name = uniqueName('ussd');
    const s = dial(phone);
    expect(await s.open()).toBe('CON Terroir\n1 English\n2 Français');
    expect(await s.type('2')).toContain("Ce numéro n'a pas de compte");
    expect(await s.type('1')).toContain("nom d'utilisateur");
    expect(await s.type('a b')).toMatch(/^CON .*\n.*nom d'utilisateur/s);
    expect(await s.type(name)).toContain('code PIN à 4 chiffres');
    expect(await s.type('12')).toMatch(/^CON Le code PIN a 4 chiffres/);
    await s.type('1357');
    expect(await s.type('1358')).toContain('Les deux codes PIN diffèrent');
    const done = await s.type('1357');
    expect(done).toMatch(/^END Bienvenue/);
    expect(done).toContain(name);
    // Sent again by the network: the same answer, one account.
    expect(await s.again()).toBe(done);
    const [account] = rowsOf<{ role: string; language: string; verified_phone: string; n: number }>(
      await t.ctx.db.execute(
        sql`select role, language, verified_phone, count(*) over () as n from users where username = ${name}`,
      ),
    );
    expect(account).toMatchObject({ role: 'farmer', language: 'fr', verified_phone: phone });
    expect(Number(account?.n)).toBe(1);

    const menu = await dial(phone).open();
    expect(menu).toBe(
      'CON Terroir\n1 Prix du marché\n2 Vendre\n3 Mes annonces et offres\n4 Mes commandes\n5 Langue\n6 Ferme\n7 Mon stock\n9 Apprendre\n0 Aide',
    );
  });

  it('a taken name is refused on its screen', async () => {
    const other = await userWithRole(t.app, t.ctx, 'farmer');
    const s = dial(nextPhone());
    await s.open();
    await s.type('1', '1');
    expect(await s.type(other.user.username.toUpperCase())).toMatch(
      /^CON That name is taken\.\nChoose a username/,
    );
  });

  it('sells with the PIN: prices, commodity, tons, price, grade; a wrong PIN asks again; sent twice lists once', async () => {
    const other = await phoneUser();
    await listingOf(other, `Sorgho ${numbers}`);
    const farmer = await phoneUser();
    const prices = await dial(farmer.phone).type('1');
    expect(prices).toMatch(/^CON Prices per ton:\n1 /);

    const s = dial(farmer.phone);
    await s.open();
    const commodities = await s.type('2');
    expect(commodities).toMatch(/^CON Sell: choose a commodity\n1 /);
    expect(commodities).toContain('8 Other');
    expect(await s.type('8')).toBe("CON Type the commodity's name:");
    expect(await s.type('Cassava')).toContain('Quantity in tons');
    expect(await s.type('abc')).toMatch(/^CON Give the quantity in tons/);
    expect(await s.type('2,5')).toContain('Price per ton');
    expect(await s.type('150.5')).toContain('Grade:');
    const pin = await s.type('2');
    expect(pin).toBe('CON Sell 2.5 t Cassava grade B at $150.50/t.\nEnter your PIN to confirm:');
    expect(await s.type('9999')).toBe(
      'CON Wrong PIN: 4 tries left.\nSell 2.5 t Cassava grade B at $150.50/t.\nEnter your PIN to confirm:',
    );
    expect(await listingsOwnedBy(farmer.user.id)).toEqual([]);
    const done = await s.type(PIN);
    expect(done).toMatch(/^END Listed: 2\.5 t Cassava at \$150\.50\/t, listing no\. \d+\.$/);
    expect(await s.again()).toBe(done);
    const rows = await listingsOwnedBy(farmer.user.id);
    expect(rows).toEqual([
      expect.objectContaining({ name: 'Cassava', quantity_kg: 2500, price_cents: 15050, grade: 'B' }),
    ]);
    expect(done).toContain(`no. ${rows[0]?.id}.`);
  });

  it('goes back with 0 and home with 00, and says why an answer is refused', async () => {
    const farmer = await phoneUser();
    const s = dial(farmer.phone);
    const home = await s.open();
    expect(await s.type('8')).toBe(home.replace('CON ', 'CON Invalid choice.\n'));
    await s.type('2', '8');
    expect(await s.type('0')).toMatch(/^CON Sell: choose a commodity|^CON Type/);
    expect(await s.type('00')).toBe(home);
    expect(await s.type('0')).toMatch(/^END Terroir by phone/);
  });

  it('locks phone writes after five wrong PINs until a new PIN is set in the app', async () => {
    const farmer = await phoneUser();
    const s = dial(farmer.phone);
    await s.open();
    await s.type('2', '8', 'Millet', '3', '100', '1');
    for (const left of [4, 3, 2, 1]) {
      expect(await s.type('0000')).toContain(`Wrong PIN: ${left} tries left.`);
    }
    expect(await s.type('0000')).toMatch(/^END Too many wrong PINs/);
    // The right PIN no longer helps.
    const again = dial(farmer.phone);
    await again.type('2', '8', 'Millet', '3', '100', '1');
    expect(await again.type(PIN)).toMatch(/^END Too many wrong PINs/);
    expect(await listingsOwnedBy(farmer.user.id)).toEqual([]);
    const status = await call(t.app, farmer.cookie, { method: 'GET', url: '/api/user/phone' });
    expect(status.json<TPhoneStatus>().pin).toEqual({ set: true, locked: true });

    await call(t.app, farmer.cookie, {
      method: 'PUT',
      url: '/api/user/pin',
      payload: { pin: '1111', currentPassword: 'correct-horse-battery' },
    });
    const fresh = dial(farmer.phone);
    await fresh.type('2', '8', 'Millet', '3', '100', '1');
    expect(await fresh.type('1111')).toMatch(/^END Listed: 3 t Millet/);
  });

  it('takes an empty or malformed answer on the PIN screen as no try: the screen again, nothing counted', async () => {
    const farmer = await phoneUser();
    const s = dial(farmer.phone);
    await s.type('2', '8', 'Millet', '3', '100', '1');
    for (const answer of ['', ' ', '12', 'abcd', '12345', '']) {
      expect(await s.type(answer)).toMatch(
        /^CON Your PIN is 4 digits\.\nSell .*\nEnter your PIN to confirm:$/,
      );
    }
    const status = await call(t.app, farmer.cookie, { method: 'GET', url: '/api/user/phone' });
    expect(status.json<TPhoneStatus>().pin).toEqual({ set: true, locked: false });
    // The first real guess is the first try counted.
    expect(await s.type('0000')).toContain('Wrong PIN: 4 tries left.');
    expect(await s.type(PIN)).toMatch(/^END Listed: 3 t Millet/);
    const fr = await phoneUser({ language: 'fr' });
    const f = dial(fr.phone);
    await f.type('2', '8', 'Mil', '3', '100', '1');
    expect(await f.type('')).toMatch(/^CON Votre code PIN a 4 chiffres\.\n/);
  });

  it('never writes without a PIN set in the app', async () => {
    const farmer = await phoneUser({ pin: false });
    const s = dial(farmer.phone);
    await s.type('2', '8', 'Millet', '3', '100', '1');
    expect(await s.type('1234')).toMatch(/^END First set a 4-digit PIN in the app/);
    expect(await listingsOwnedBy(farmer.user.id)).toEqual([]);
  });

  it('a buyer bids from the menu, and the farmer accepts the best bid with the PIN', async () => {
    const farmer = await phoneUser();
    const market = `Niebe ${numbers}`;
    const listingId = await listingOf(farmer, market, 12, 200);
    const buyer = await phoneUser({ role: 'buyer' });
    const b = dial(buyer.phone);
    expect(await b.open()).toContain('\n2 Bid\n3 My bids\n');
    const markets = await b.type('2');
    const line = markets.split('\n').find((l) => l.endsWith(` ${market}`));
    expect(line, markets).toBeDefined();
    expect(await b.type(line?.split(' ')[0] ?? '')).toMatch(
      new RegExp(`^CON ${market}: choose a listing\\n1 12 t A \\$200\\.00/t`),
    );
    expect(await b.type('1')).toBe('CON Your price per ton (asked: $200.00):');
    expect(await b.type('190')).toBe('CON Tons (up to 12):');
    expect(await b.type('13')).toMatch(/^CON Give the quantity in tons/);
    expect(await b.type('4')).toBe(
      `CON Bid $190.00/t for 4 t of ${market} (listing ${listingId}).\nEnter your PIN to confirm:`,
    );
    expect(await b.type(PIN)).toMatch(
      new RegExp(`^END Bid no\\. \\d+ placed: \\$190\\.00/t on listing ${listingId}`),
    );

    const other = await userWithRole(t.app, t.ctx, 'buyer');
    await bidOn(other, listingId, 185, 6);
    const f = dial(farmer.phone);
    await f.open();
    expect(await f.type('3')).toBe(`CON Your listings with bids:\n1 ${market} 12 t: best $190.00/t\n0 Back`);
    const bids = await f.type('1');
    expect(bids).toContain(`1 ${buyer.user.username} $190.00/t x 4 t`);
    expect(bids).toContain(`2 ${other.user.username} $185.00/t x 6 t`);
    const confirm = await f.type('1');
    expect(confirm).toMatch(/^CON Accept .*'s bid \d+: 4 t .* at \$190\.00\/t\.\nEnter your PIN/);
    const accepted = await f.type(PIN);
    expect(accepted).toMatch(/^END Bid no\. \d+ accepted: order no\. \d+, 4 t /);
    const orders = await dial(farmer.phone).type('4');
    expect(orders).toMatch(/^CON Your orders:\n1 #\d+ .*: Awaiting delivery/);
    // The buyer reads where the order stands; the seller's side gets what it can do on it.
    expect(await dial(buyer.phone).type('4', '1')).toMatch(
      /^END Order \d+: 4 t .*, Awaiting delivery\. Next: the seller arranges delivery\.$/,
    );
    expect(await dial(farmer.phone).type('4', '1')).toMatch(
      /^CON Order \d+: 4 t .*, Awaiting delivery\.\n1 Buyer's contact\n2 The buyer collects it\n3 Ask a driver\n0 Back$/,
    );
  });

  it('shows each role the menu its permissions allow: an agent Sell for a farmer, a driver neither', async () => {
    const agent = await phoneUser({ role: 'agent' });
    expect(await dial(agent.phone).open()).toBe(
      'CON Terroir\n1 Market prices\n2 Sell\n3 My listings & bids\n4 My orders\n5 Language\n6 Farm\n7 My stock\n9 Learn\n0 Help',
    );
    expect(await dial(agent.phone).type('2')).toBe(
      'END You represent no farmer yet: ask one in the app (Agent page).',
    );
    expect(await smsExchange(agent.phone, 'SELL maize 1 100')).toBe(
      'As an agent, say for whom: SELL maize 10 150 B FOR amina.',
    );
    expect(await smsExchange(agent.phone, 'HELP')).toMatch(
      /^Terroir: PRICES, PRICE maize, ALERT maize 300 \(told when the price passes 300\), SELL maize 10 150 B FOR amina, BIDS \(on your farmers'/,
    );
    const driver = await phoneUser({ role: 'delivery' });
    expect(await dial(driver.phone).open()).toBe(
      'CON Terroir\n1 Market prices\n4 My orders\n5 Language\n9 Learn\n0 Help',
    );
    expect(await smsExchange(driver.phone, 'HELP')).toBe(
      'Terroir: PRICES, PRICE maize, ALERT maize 300 (told when the price passes 300), ORDERS, LEARN maize (lessons), STOCK (lots you store), LOSS 7 0.2 pests, RECEIPT 7KQ2MXH4PA (check a deposit receipt), COOP (your co-op deliveries, what you are owed), PAID (your co-op payouts), STOP.',
    );
  });

  it('an agent sells for a farmer they represent: the farmer first, then the sale, with the PIN', async () => {
    const agent = await phoneUser({ role: 'agent', language: 'fr' });
    const farmer = await phoneUser();
    const stranger = await phoneUser();
    await represent(agent, farmer);
    const s = dial(agent.phone);
    await s.open();
    const farmers = await s.type('2');
    expect(farmers).toBe(`CON Vendre pour : choisissez un agriculteur\n1 ${farmer.user.username}\n0 Retour`);
    expect(farmers).not.toContain(stranger.user.username);
    await s.type('1');
    await s.type('8');
    await s.type('Gombo');
    await s.type('3');
    await s.type('120');
    expect(await s.type('1')).toBe(
      `CON Vendre pour ${farmer.user.username} 3 t de Gombo qualité A à 120,00 $US/t.\nTapez votre code PIN pour confirmer :`,
    );
    expect(await s.type(PIN)).toMatch(
      new RegExp(
        `^END En vente pour ${farmer.user.username} : 3 t de Gombo à 120,00 \\$US/t, annonce no \\d+\\.$`,
      ),
    );
    expect(await listingsOwnedBy(farmer.user.id)).toEqual([
      expect.objectContaining({ name: 'Gombo', quantity_kg: 3000, price_cents: 12_000, grade: 'A' }),
    ]);
  });

  it("gives the seller's side an order's buyer contact, a pick-up or a driver from the order's screen", async () => {
    const farmer = await phoneUser();
    const buyer = await phoneUser({ role: 'buyer' });
    const driver = await phoneUser({ role: 'delivery' });
    const first = await orderOf(farmer, buyer, `Cowpea ${numbers}`);
    const pick = async (orderId: number) => {
      const s = dial(farmer.phone);
      const list = await s.type('4');
      const line = list.split('\n').find((l) => l.includes(`#${orderId} `));
      expect(line, list).toBeDefined();
      await s.type(line?.split(' ')[0] ?? '');
      return s;
    };
    expect(await (await pick(first)).type('1')).toMatch(
      new RegExp(`^END Order ${first}: buyer ${buyer.user.username}, `),
    );
    const pickup = await pick(first);
    expect(await pickup.type('2')).toBe(
      `CON Order ${first} (4 t Cowpea ${numbers}): ${buyer.user.username} collects it.\nEnter your PIN to confirm:`,
    );
    expect(await pickup.type(PIN)).toBe(
      `END Order no. ${first}: the buyer collects it. Ask for their code at hand-over.`,
    );
    expect(await deliveryOf(first)).toEqual([{ mode: 'pickup', driver_id: null, status: 'accepted' }]);
    const second = await orderOf(farmer, buyer, `Pigeon pea ${numbers}`);
    const s = await pick(second);
    expect(await s.type('3')).toBe("CON The driver's username:");
    expect(await s.type(buyer.user.username)).toBe(
      `CON No driver is called ${buyer.user.username}.\nThe driver's username:`,
    );
    expect(await s.type(driver.user.username)).toMatch(
      /^CON Order \d+ .*: ask .* to deliver it to .*\nEnter your PIN/,
    );
    expect(await s.type(PIN)).toBe(
      `END Order no. ${second}: ${driver.user.username} is asked to deliver it.`,
    );
    expect(await deliveryOf(second)).toEqual([
      { mode: 'driver', driver_id: driver.user.id, status: 'assigned' },
    ]);
  });

  it.runIf(onPostgres)('goes on with a session on another instance (its state is the path)', async () => {
    const farmer = await phoneUser();
    const second = await createSecondInstance(t);
    try {
      const path = '2*8*Sesame*2*300*1';
      expect(await ussd(farmer.phone, 'ATUid_two', path)).toContain('Enter your PIN');
      const res = await second.app.inject({
        method: 'POST',
        url: `/api/channels/ussd?key=${KEY}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          sessionId: 'ATUid_two',
          phoneNumber: farmer.phone,
          text: `${path}*${PIN}`,
        }).toString(),
      });
      expect(res.body).toMatch(/^END Listed: 2 t Sesame at \$300\.00\/t/);
      // The network resends to the first instance: the same answer, one listing.
      expect(await ussd(farmer.phone, 'ATUid_two', `${path}*${PIN}`)).toBe(res.body);
      expect(await listingsOwnedBy(farmer.user.id)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('changes the language', async () => {
    const farmer = await phoneUser();
    expect(await dial(farmer.phone).type('5', '2')).toBe('END Langue choisie : français.');
    expect(await dial(farmer.phone).open()).toContain('1 Prix du marché');
  });

  it('answers hostile and broken requests with a screen, never an error status', async () => {
    const farmer = await phoneUser();
    expect(await ussd(farmer.phone, 'flood', '*'.repeat(5000))).toMatch(/^END Session too long/);
    expect(await ussd(farmer.phone, 'long', `2*8*${'x'.repeat(20_000)}`)).toMatch(/^END Session too long/);
    const control = await ussd(farmer.phone, 'ctl', '2*8*\u0000\u0007\u202e');
    expect(control).toMatch(/^CON Give the commodity's name/);
    const noPhone = await ussdRequest({ sessionId: 'x', text: '' });
    expect(noPhone.statusCode).toBe(200);
    expect(noPhone.body).toMatch(/^END /);
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/channels/ussd?key=${KEY}`,
      headers: { 'content-type': 'text/plain' },
      payload: 'garbage',
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toMatch(/^END /);
    expect(await listingsOwnedBy(farmer.user.id)).toEqual([]);
  });

  it('fits every screen of every menu, in both languages, in the encoding it is sent in', async () => {
    // Names that push screens: accents GSM-7 lacks (ï, Œ, ê), a long one, and one it cannot spell at all.
    const names = ['Maïs blanc du Noun', 'Œufs frais de Dschang', 'Sésame grillé prêt', 'Soja 🌱', 'Niébé'];
    for (const lang of ['en', 'fr'] as const) {
      const farmer = await phoneUser({ language: lang });
      const buyer = await phoneUser({ role: 'buyer', language: lang });
      const other = await userWithRole(t.app, t.ctx, 'buyer');
      for (const [i, name] of names.entries()) {
        const listingId = await listingOf(farmer, `${name} ${numbers}`, 12, 200 + i);
        await bidOn(buyer, listingId, 190 + i, 4);
        await bidOn(other, listingId, 180 + i, 2);
      }
      const [first] = await listingsOwnedBy(farmer.user.id);
      const bid = await bidOn(buyer, first?.id ?? 0, 195, 1);
      const accepted = await call(t.app, farmer.cookie, {
        method: 'PATCH',
        url: `/api/bids/${bid}`,
        payload: { status: 'accepted' },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      // Lots that push the Stock screens: the same names, in a store with a long accented name.
      const stored = await call(t.app, farmer.cookie, {
        method: 'POST',
        url: '/api/stores',
        payload: { name: 'Grenier de la coopérative des femmes de Bafoussam-Est', kind: 'home' },
      });
      expect(stored.statusCode, stored.body).toBe(201);
      for (const [i, name] of names.entries()) {
        const made = await call(t.app, farmer.cookie, {
          method: 'POST',
          url: '/api/lots',
          payload: {
            storeId: stored.json<{ id: number }>().id,
            crop: name,
            grade: 'A',
            quantity: 1234.5 + i,
          },
        });
        expect(made.statusCode, made.body).toBe(201);
      }
      const sell = ['2', '8', 'Maïs', '2,5', '150', '1'];
      const loss = ['7', '1', '1', '0,5', '6'];
      const paths: Record<'farmer' | 'buyer', string[][]> = {
        farmer: [
          [],
          ['1'],
          ['1', '9'],
          ['1', '9', '9'],
          ['1', '1'],
          ['1', 'x'],
          ['2'],
          ['2', '9'],
          ['2', '1'],
          ...sell.map((_, n) => sell.slice(0, n + 1)),
          [...sell, ''],
          [...sell, '0000'],
          [...sell, 'x', 'y', 'z'],
          ['3'],
          ['3', '9'],
          ['3', '1'],
          ['3', '1', '1'],
          ['3', '1', '1', ''],
          ['4'],
          ['4', '1'],
          ['4', '1', '1'],
          ['4', '1', '2'],
          ['4', '1', '3'],
          ['4', '1', '3', 'nobody-at-all'],
          ['4', '9'],
          ['5'],
          ['5', 'x'],
          ['7', '9'],
          ['7', 'x'],
          ...loss.map((_, n) => loss.slice(0, n + 1)),
          ['7', '1', '1', 'x'],
          ['7', '1', '1', '5000', '1'],
          [...loss, 'x'],
          [...loss, '0000'],
          ['0'],
          ['*'.repeat(50)],
        ],
        buyer: [
          [],
          ['2'],
          ['2', '9'],
          ['2', '1'],
          ['2', '1', '1'],
          ['2', '1', '1', '190'],
          ['2', '1', '1', '190', '1'],
          ['2', '1', '1', '190', '1', '0000'],
          ['3'],
          ['4'],
          ['4', '1'],
          ['7'],
        ],
      };
      for (const [who, user] of [
        ['farmer', farmer],
        ['buyer', buyer],
      ] as const) {
        for (const path of paths[who]) {
          // `ussd` checks each screen's length in its encoding; a screen that failed would fit and prove nothing.
          const screen = await ussd(user.phone, `fit-${lang}-${who}-${path.join('*')}`, path.join('*'));
          expect(screen).not.toContain(translate(lang, 'phone.ussd.error'));
        }
      }
    }
    const unknown = nextPhone();
    for (const path of [
      [],
      ['1'],
      ['2'],
      ['2', '1'],
      ['2', '1', 'a b'],
      ['2', '1', 'new_name'],
      ['2', '0'],
    ]) {
      await ussd(unknown, `fit-new-${path.join('*')}`, path.join('*'));
    }
  });

  it('refuses a request without the key or with a wrong one', async () => {
    const form = { sessionId: 's', phoneNumber: nextPhone(), text: '' };
    expect((await ussdRequest(form, null)).statusCode).toBe(401);
    expect((await ussdRequest(form, 'wrong-key-0123456789')).statusCode).toBe(401);
  });
});

// ---- SMS and WhatsApp ----

async function sms(from: string, text: string, id = `ATXid_in${++messages}`) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/channels/sms/inbound?key=${KEY}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      from,
      to: '1234',
      text,
      date: '2026-11-24 10:00:00',
      id,
      linkId: 'l1',
    }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The replies sent to a number since the last look (the queue run once). */
async function smsRepliesTo(phone: string): Promise<string[]> {
  await outboundWorker.of(t.ctx).runOnce();
  const replies = stand.sms.filter((m) => m.form.to === phone).map((m) => m.form.message ?? '');
  stand.sms.length = 0;
  return replies;
}

async function smsExchange(phone: string, text: string): Promise<string> {
  await sms(phone, text);
  const replies = await smsRepliesTo(phone);
  expect(replies, text).toHaveLength(1);
  return replies[0] as string;
}

describe('SMS commands', () => {
  it('tells an unknown number how to get an account, in the language it wrote in', async () => {
    const phone = nextPhone();
    expect(await smsExchange(phone, 'AIDE')).toMatch(/^Terroir : ce numéro n'a pas de compte/);
    expect(await smsExchange(phone, 'help')).toMatch(/^Terroir: this number has no account/);
    const both = await smsExchange(phone, 'bonjour');
    expect(both).toContain('this number has no account');
    expect(both).toContain("ce numéro n'a pas de compte");
  });

  it('answers help, prices and a sale in English, with YES and the PIN', async () => {
    const farmer = await phoneUser();
    await listingOf(farmer, `Groundnut ${numbers}`, 8, 300);
    expect(await smsExchange(farmer.phone, 'help')).toMatch(
      /^Terroir: PRICES, PRICE maize, ALERT maize 300 \(.*\), SELL/,
    );
    expect(await smsExchange(farmer.phone, `price groundnut ${numbers}`)).toMatch(
      new RegExp(`^Groundnut ${numbers} \\$300\\.00/t$`),
    );
    const echo = await smsExchange(farmer.phone, 'SELL white maize 10,5 150 a');
    expect(echo).toBe(
      'Sell 10.5 t white maize grade A at $150.00/t? Reply YES and your PIN (YES 1234) within 5 min, or NO.',
    );
    expect(await smsExchange(farmer.phone, 'YES 1111')).toBe('Wrong PIN: 4 tries left.');
    expect(await smsExchange(farmer.phone, 'yes')).toBe('Reply YES and your 4-digit PIN, e.g. YES 1234.');
    expect(await listingsOwnedBy(farmer.user.id)).toHaveLength(1);
    expect(await smsExchange(farmer.phone, `YES ${PIN}`)).toMatch(
      /^Listed: 10\.5 t white maize at \$150\.00\/t, listing no\. \d+\.$/,
    );
    expect(await smsExchange(farmer.phone, `YES ${PIN}`)).toBe(
      'Nothing to confirm (a request waits 5 minutes).',
    );
    const rows = await listingsOwnedBy(farmer.user.id);
    expect(rows.at(-1)).toMatchObject({
      name: 'white maize',
      quantity_kg: 10_500,
      price_cents: 15_000,
      grade: 'A',
    });
  });

  it('reads French commands whatever their case and accents, with a decimal comma, and OUI with the PIN', async () => {
    const farmer = await phoneUser({ language: 'fr' });
    await listingOf(farmer, `Maïs jaune ${numbers}`, 4, 120);
    expect(await smsExchange(farmer.phone, 'aide')).toMatch(
      /^Terroir : PRIX, PRIX mais, ALERTE mais 300 \(.*\), VENDRE/,
    );
    expect(await smsExchange(farmer.phone, `PRIX MAIS JAUNE ${numbers}`)).toContain(`Maïs jaune ${numbers}`);
    const echo = await smsExchange(farmer.phone, 'Vendre maïs 2,25 99,5');
    expect(echo).toBe(
      'Vendre 2,25 t de Maïs qualité B à 99,50 $US/t ? Répondez OUI et votre code PIN (OUI 1234) sous 5 min, ou NON.',
    );
    expect(await smsExchange(farmer.phone, 'NON')).toBe('Annulé.');
    expect(await smsExchange(farmer.phone, `OUI ${PIN}`)).toBe(
      'Rien à confirmer (une demande attend 5 minutes).',
    );
    await smsExchange(farmer.phone, 'VENDRE maïs 2,25 99,5');
    expect(await smsExchange(farmer.phone, `oui ${PIN}`)).toMatch(
      /^En vente : 2,25 t de Maïs à 99,50 \$US\/t/,
    );
  });

  it('a buyer bids and a farmer accepts by SMS; both see their orders', async () => {
    const farmer = await phoneUser();
    const listingId = await listingOf(farmer, `Soya ${numbers}`, 9, 400);
    const buyer = await phoneUser({ role: 'buyer', language: 'fr' });
    expect(await smsExchange(buyer.phone, `OFFRE ${listingId} 390 3`)).toMatch(
      new RegExp(`^Offrir 390,00 \\$US/t pour 3 t de Soya \\d+ \\(annonce ${listingId}\\) \\? Répondez OUI`),
    );
    expect(await smsExchange(buyer.phone, `OUI ${PIN}`)).toMatch(/^Offre no \d+ faite : 390,00 \$US\/t/);
    expect(await smsExchange(buyer.phone, 'OFFRES')).toMatch(
      /^Offre \d+ Soya \d+ 390,00 \$US\/t : en attente$/,
    );
    const received = await smsExchange(farmer.phone, 'BIDS');
    const bidId = /^Bid (\d+): \$390\.00\/t x 3 t Soya/.exec(received)?.[1];
    expect(bidId, received).toBeDefined();
    expect(received).toContain('ACCEPT <bid no.> to accept.');
    expect(await smsExchange(farmer.phone, `ACCEPT ${bidId}`)).toMatch(
      /^Accept .*'s bid \d+: 3 t Soya \d+ at \$390\.00\/t\? Reply YES/,
    );
    expect(await smsExchange(farmer.phone, `YES ${PIN}`)).toMatch(
      /^Bid no\. \d+ accepted: order no\. \d+, 3 t Soya/,
    );
    expect(await smsExchange(farmer.phone, 'orders')).toMatch(
      /^Order \d+ Soya \d+ 3 t: Awaiting delivery\. Next: arrange delivery/,
    );
    expect(await smsExchange(buyer.phone, 'COMMANDES')).toMatch(
      /^Commande \d+ Soya \d+ 3 t : En attente de livraison/,
    );
  });

  it('answers a confirmed accept even when the message queued before its reply cannot be recorded', async () => {
    // The demo's fault: a provider (here the phone simulator's stand-in, restarted) gave a message id another
    // message already had; recording the buyer's notification failed, and the whole batch behind it (the
    // farmer's reply) was left claimed, then given up unsent.
    const farmer = await phoneUser({ language: 'fr' });
    const buyer = await phoneUser({ role: 'buyer' });
    const listingId = await listingOf(farmer, `Sorgho ${numbers}`, 6, 250);
    const bidId = await bidOn(buyer, listingId, 260, 2);
    await smsRepliesTo(farmer.phone);
    expect(await smsExchange(farmer.phone, `ACCEPTER ${bidId}`)).toMatch(/^Accepter l'offre/);
    const [used] = rowsOf<{ id: string }>(
      await t.ctx.db.execute(
        sql`select provider_message_id as id from outbound_messages where recipient = ${farmer.phone}
          and provider_message_id is not null order by id desc limit 1`,
      ),
    );
    stand.script('sms', {
      status: 201,
      body: {
        SMSMessageData: {
          Message: 'Sent to 1/1',
          Recipients: [{ statusCode: 101, number: buyer.phone, status: 'Success', messageId: used?.id }],
        },
      },
    });
    await sms(farmer.phone, `OUI ${PIN}`);
    expect(await smsRepliesTo(farmer.phone)).toEqual([
      expect.stringMatching(new RegExp(`^Offre no ${bidId} acceptée : commande no \\d+, 2 t de Sorgho`)),
    ]);
    const [buyerMessage] = rowsOf<{ status: string; provider_message_id: string | null }>(
      await t.ctx.db.execute(
        sql`select status, provider_message_id from outbound_messages where recipient = ${buyer.phone}
          order by id desc limit 1`,
      ),
    );
    // It went (the provider took it), but its id is another message's: reports cannot be matched to it.
    expect(buyerMessage).toEqual({ status: 'sent', provider_message_id: null });
  });

  it('sends the rest of a batch when one message of it cannot be settled at all', async () => {
    const farmer = await phoneUser();
    const buyer = await phoneUser({ role: 'buyer' });
    const listingId = await listingOf(farmer, `Teff ${numbers}`, 6, 250);
    const bidId = await bidOn(buyer, listingId, 260, 2);
    await smsRepliesTo(farmer.phone);
    await smsExchange(farmer.phone, `ACCEPT ${bidId}`);
    // A fault of the database's while the buyer's notification is recorded (the provider took it).
    await t.ctx.db.execute(sql`create or replace function outbound_poison() returns trigger language plpgsql as $$
      begin
        if new.recipient = ${sql.raw(`'${buyer.phone}'`)} and new.status = 'sent' then raise exception 'settle failed'; end if;
        return new;
      end $$`);
    await t.ctx.db.execute(
      sql`create trigger outbound_poison before update on outbound_messages for each row execute function outbound_poison()`,
    );
    try {
      await sms(farmer.phone, `YES ${PIN}`);
      expect(await smsRepliesTo(farmer.phone)).toEqual([
        expect.stringMatching(new RegExp(`^Bid no\\. ${bidId} accepted: order no\\. \\d+, 2 t Teff`)),
      ]);
    } finally {
      await t.ctx.db.execute(sql`drop trigger outbound_poison on outbound_messages`);
      await t.ctx.db.execute(sql`drop function outbound_poison()`);
    }
    const [buyerMessage] = rowsOf<{ status: string }>(
      await t.ctx.db.execute(
        sql`select status from outbound_messages where recipient = ${buyer.phone} order by id desc limit 1`,
      ),
    );
    // Whether it left is not known to us: never sent again.
    expect(buyerMessage?.status).toBe('unconfirmed');
  });

  it('an agent sells by SMS for a farmer they represent (SELL … FOR, fr POUR), and for no one else', async () => {
    const agent = await phoneUser({ role: 'agent', language: 'fr' });
    const farmer = await phoneUser();
    const stranger = await phoneUser();
    const link = await represent(agent, farmer);
    expect(await smsExchange(agent.phone, 'VENDRE mais 2 150')).toBe(
      'Comme agent, dites pour qui : VENDRE mais 10 150 B POUR amina.',
    );
    expect(await smsExchange(agent.phone, `VENDRE mais 2 150 B POUR ${stranger.user.username}`)).toBe(
      `Vous ne représentez pas ${stranger.user.username} : demandez-le-lui dans l'application (page Agent).`,
    );
    expect(
      await smsExchange(agent.phone, `VENDRE mais 2 150 B POUR ${farmer.user.username.toUpperCase()}`),
    ).toBe(
      `Vendre pour ${farmer.user.username} 2 t de Maïs qualité B à 150,00 $US/t ? Répondez OUI et votre code PIN (OUI 1234) sous 5 min, ou NON.`,
    );
    expect(await smsExchange(agent.phone, `OUI ${PIN}`)).toMatch(
      new RegExp(
        `^En vente pour ${farmer.user.username} : 2 t de Maïs à 150,00 \\$US/t, annonce no \\d+\\.$`,
      ),
    );
    expect(await listingsOwnedBy(farmer.user.id)).toEqual([
      expect.objectContaining({ name: 'mais', quantity_kg: 2000, price_cents: 15_000, grade: 'B' }),
    ]);
    expect(await listingsOwnedBy(agent.user.id)).toEqual([]);
    // A farmer sells only their own lots.
    expect(await smsExchange(farmer.phone, `SELL maize 1 100 FOR ${stranger.user.username}`)).toBe(
      'Your account cannot do that.',
    );
    // The link ends between the echo and the PIN: the marketplace refuses, and says so once.
    await smsExchange(agent.phone, `VENDRE mais 1 150 POUR ${farmer.user.username}`);
    const ended = await call(t.app, farmer.cookie, { method: 'DELETE', url: `/api/agent-links/${link}` });
    expect(ended.statusCode).toBe(204);
    expect(await smsExchange(agent.phone, `OUI ${PIN}`)).toBe(
      'Vous ne représentez pas cet agriculteur (le lien doit être actif)',
    );
    expect(await listingsOwnedBy(farmer.user.id)).toHaveLength(1);
  });

  it("gives an order's seller side the buyer's contact by SMS (CONTACT), and nobody else", async () => {
    const farmer = await phoneUser({ language: 'fr' });
    const buyer = await phoneUser({ role: 'buyer' });
    const agent = await phoneUser({ role: 'agent' });
    const otherAgent = await phoneUser({ role: 'agent' });
    await represent(agent, farmer);
    const orderId = await orderOf(farmer, buyer, `Mil ${numbers}`);
    const [profile] = rowsOf<{
      country_code: string | null;
      phone_number: string | null;
      email: string | null;
    }>(
      await t.ctx.db.execute(
        sql`select country_code, phone_number, email from users where id = ${buyer.user.id}`,
      ),
    );
    const ways = [
      profile?.phone_number ? [profile.country_code, profile.phone_number].filter(Boolean).join(' ') : null,
      profile?.email ?? null,
    ].filter((way) => way !== null);
    expect(ways.length).toBeGreaterThan(0);
    expect(await smsExchange(farmer.phone, `CONTACT ${orderId}`)).toBe(
      `Commande ${orderId} : acheteur ${buyer.user.username}, ${ways.join(', ')}`,
    );
    // The farmer's agent acts on the order too; an agent who does not represent the farmer does not see it.
    expect(await smsExchange(agent.phone, `CONTACT ${orderId}`)).toBe(
      `Order ${orderId}: buyer ${buyer.user.username}, ${ways.join(', ')}`,
    );
    expect(await smsExchange(otherAgent.phone, `CONTACT ${orderId}`)).toBe('Order not found');
    // The buyer is not the seller's side.
    expect(await smsExchange(buyer.phone, `CONTACT ${orderId}`)).toBe(
      translate('en', 'orders.errors.notAllowed'),
    );
    expect(await smsExchange(farmer.phone, 'CONTACT')).toBe(
      'Envoyez : CONTACT 7 (le numéro de commande donné par COMMANDES).',
    );
  });

  it('arranges a pick-up (RETRAIT) or a driver (DRIVER) by SMS with the PIN, each answered once', async () => {
    const farmer = await phoneUser({ language: 'fr' });
    const buyer = await phoneUser({ role: 'buyer' });
    const driver = await phoneUser({ role: 'delivery' });
    const first = await orderOf(farmer, buyer, `Igname ${numbers}`);
    expect(await smsExchange(farmer.phone, `RETRAIT ${first}`)).toBe(
      `Commande ${first} (4 t d'Igname ${numbers}) : ${buyer.user.username} vient la chercher ? Répondez OUI et votre code PIN (OUI 1234) sous 5 min, ou NON.`,
    );
    expect(await smsExchange(farmer.phone, `OUI ${PIN}`)).toBe(
      `Commande no ${first} : l'acheteur vient la chercher. Demandez-lui son code à la remise.`,
    );
    expect(await deliveryOf(first)).toEqual([{ mode: 'pickup', driver_id: null, status: 'accepted' }]);
    // Arranged already: said before the PIN.
    expect(await smsExchange(farmer.phone, `RETRAIT ${first}`)).toBe(
      translate('fr', 'orders.errors.deliveryOpen'),
    );
    const second = await orderOf(farmer, buyer, `Taro ${numbers}`);
    expect(await smsExchange(farmer.phone, `LIVREUR ${second} ${buyer.user.username}`)).toBe(
      `Aucun livreur ne s'appelle ${buyer.user.username}.`,
    );
    expect(await smsExchange(farmer.phone, `LIVREUR ${second} ${driver.user.username}`)).toMatch(
      new RegExp(
        `^Commande ${second} \\(4 t de Taro \\d+\\) : demander à ${driver.user.username} de la livrer`,
      ),
    );
    expect(await smsExchange(farmer.phone, `OUI ${PIN}`)).toBe(
      `Commande no ${second} : ${driver.user.username} est sollicité pour la livrer.`,
    );
    expect(await deliveryOf(second)).toEqual([
      { mode: 'driver', driver_id: driver.user.id, status: 'assigned' },
    ]);
    // Only the seller's side arranges it.
    const third = await orderOf(farmer, buyer, `Fonio ${numbers}`);
    expect(await smsExchange(buyer.phone, `PICKUP ${third}`)).toBe('Your account cannot do that.');
    expect(await deliveryOf(third)).toEqual([]);
  });

  it("refuses what the user's role or the listing's owner may not do, before asking for the PIN", async () => {
    const buyer = await phoneUser({ role: 'buyer' });
    expect(await smsExchange(buyer.phone, 'SELL maize 1 100')).toBe('Your account cannot do that.');
    const farmer = await phoneUser();
    const stranger = await phoneUser();
    const listingId = await listingOf(farmer, `Okra ${numbers}`, 5, 90);
    const other = await userWithRole(t.app, t.ctx, 'buyer');
    const bidId = await bidOn(other, listingId, 85, 1);
    expect(await smsExchange(stranger.phone, `ACCEPT ${bidId}`)).toBe('Bid not found');
    expect(await smsExchange(farmer.phone, 'BID 1 100')).toBe('Your account cannot do that.');
  });

  it('a confirmation waits five minutes, then is gone', async () => {
    const farmer = await phoneUser();
    await smsExchange(farmer.phone, 'SELL millet 1 100');
    await t.ctx.db.execute(
      sql`update phone_pending set expires_at = now() - interval '1 second' where user_id = ${farmer.user.id}`,
    );
    expect(await smsExchange(farmer.phone, `YES ${PIN}`)).toBe(
      'Nothing to confirm (a request waits 5 minutes).',
    );
    expect(await listingsOwnedBy(farmer.user.id)).toEqual([]);
  });

  it('answers a message once when the provider delivers it twice', async () => {
    const farmer = await phoneUser();
    await sms(farmer.phone, 'SELL millet 1 100', 'ATXid_dup_1');
    await sms(farmer.phone, 'SELL millet 1 100', 'ATXid_dup_1');
    expect(await smsRepliesTo(farmer.phone)).toHaveLength(1);
    await sms(farmer.phone, `YES ${PIN}`, 'ATXid_dup_2');
    await sms(farmer.phone, `YES ${PIN}`, 'ATXid_dup_2');
    expect(await smsRepliesTo(farmer.phone)).toHaveLength(1);
    expect(await listingsOwnedBy(farmer.user.id)).toHaveLength(1);
  });

  it('does a write once when two confirmations arrive at the same time', async () => {
    const farmer = await phoneUser();
    await smsExchange(farmer.phone, 'SELL millet 1 100');
    await Promise.all([sms(farmer.phone, `YES ${PIN}`), sms(farmer.phone, `YES ${PIN}`)]);
    const replies = await smsRepliesTo(farmer.phone);
    expect(replies.sort()).toEqual([
      expect.stringMatching(/^Listed: 1 t Millet/),
      'Nothing to confirm (a request waits 5 minutes).',
    ]);
    expect(await listingsOwnedBy(farmer.user.id)).toHaveLength(1);
  });

  it('STOP ends SMS notifications (queued ones too) until START', async () => {
    const farmer = await phoneUser();
    expect(await smsExchange(farmer.phone, 'STOP')).toBe(
      'You will get no more SMS notifications from Terroir. Send START to turn them back on.',
    );
    const listingId = await listingOf(farmer, `Yam ${numbers}`, 3, 100);
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    await bidOn(buyer, listingId, 95, 1);
    expect(await smsRepliesTo(farmer.phone)).toEqual([]);
    const status = await call(t.app, farmer.cookie, { method: 'GET', url: '/api/user/phone' });
    expect(status.json<TPhoneStatus>().bot).toMatchObject({
      stopped: ['sms'],
      lastIn: { channel: 'sms', text: 'STOP' },
      lastOut: { channel: 'sms', status: 'sent' },
    });
    expect(await smsExchange(farmer.phone, 'START')).toMatch(/^SMS notifications from Terroir are back on/);
    await bidOn(buyer, listingId, 96, 1);
    expect(await smsRepliesTo(farmer.phone)).toEqual([expect.stringContaining('bid $96.00 a ton')]);
  });

  it('survives hostile text: long, control characters, floods of stars', async () => {
    const farmer = await phoneUser();
    expect(await smsExchange(farmer.phone, `${'*'.repeat(10_000)}`)).toMatch(/^Terroir: PRICES/);
    expect(await smsExchange(farmer.phone, `SELL \u0000\u0007maize\u202e 1 100`)).toMatch(
      /^Sell 1 t Maize grade B/,
    );
    expect(await smsExchange(farmer.phone, `PRICE ${'x'.repeat(5000)}`)).toMatch(
      /^No market for x+\. Send PRICES/,
    );
    expect(await smsExchange(farmer.phone, 'SELL maize 1e9 100')).toMatch(/^Send: SELL maize 10 150/);
    expect(await smsExchange(farmer.phone, 'SELL maize 99999999999 100')).toBe(
      'Give the quantity in tons, e.g. 10 or 2.5.',
    );
  });

  it('refuses an inbound SMS without the key, with a wrong key, or without a sender', async () => {
    const form = new URLSearchParams({ from: nextPhone(), text: 'HELP', id: 'ATXid_nokey' }).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const url of ['/api/channels/sms/inbound', '/api/channels/sms/inbound?key=wrong-key-0123456789']) {
      const res = await t.app.inject({ method: 'POST', url, headers, payload: form });
      expect(res.statusCode).toBe(401);
    }
    const noSender = await t.app.inject({
      method: 'POST',
      url: `/api/channels/sms/inbound?key=${KEY}`,
      headers,
      payload: new URLSearchParams({ text: 'HELP', id: 'x' }).toString(),
    });
    expect(noSender.statusCode).toBe(400);
    expect(await smsRepliesTo('+0')).toEqual([]);
    expect(stand.sms).toEqual([]);
  });
});

describe('commodity names and price alerts by phone', () => {
  it('answers PRIX maïs with the one maize market, named in the reader’s language', async () => {
    const english = await userWithRole(t.app, t.ctx, 'farmer');
    const french = await phoneUser({ language: 'fr' });
    await listingOf(english, 'Maize', 3);
    await listingOf(french, 'maïs', 2);
    const reply = await smsExchange(french.phone, 'PRIX maïs');
    expect(reply.split('\n')).toEqual([expect.stringMatching(/^Maïs/)]);
    const reader = await phoneUser();
    expect((await smsExchange(reader.phone, 'PRICE CORN')).split('\n')).toEqual([
      expect.stringMatching(/^Maize/),
    ]);
  });

  it('offers one Sell entry per catalogue kind, maize once whatever the listings are called', async () => {
    const seller = await userWithRole(t.app, t.ctx, 'farmer');
    await listingOf(seller, 'MAÏS');
    await listingOf(seller, 'corn');
    const farmer = await phoneUser();
    const s = dial(farmer.phone);
    await s.open();
    const labels: string[] = [];
    let screen = await s.type('2');
    for (let page = 0; page < 10; page++) {
      labels.push(
        ...screen
          .split('\n')
          .slice(1)
          .filter((line) => !/^[089] /.test(line))
          .map((line) => line.replace(/^\d+ /, '')),
      );
      if (!screen.includes('9 More')) {
        break;
      }
      screen = await s.type('9');
    }
    expect(labels.filter((label) => /^(maize|maïs|mais|corn)$/i.test(label))).toEqual(['Maize']);
    expect(labels).toContain('Cassava');
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('sets, lists and removes a price alert with ALERT / ALERTE, and sends it by SMS when the price crosses', async () => {
    const watcher = await phoneUser({ language: 'fr' });
    expect(await smsExchange(watcher.phone, 'ALERTE')).toMatch(/^Vous n’avez pas d’alerte de prix/);
    expect(await smsExchange(watcher.phone, 'ALERTE niebe 300')).toMatch(
      /^Alerte enregistrée : vous serez prévenu quand le prix de Niébé passera 300,00/,
    );
    expect(await smsExchange(watcher.phone, 'alerte')).toMatch(/^Niébé : 300,00/);
    expect(await smsExchange(watcher.phone, 'ALERTE niebe')).toMatch(/^Envoyez : ALERTE maïs 300/);
    expect(await smsExchange(watcher.phone, 'ALERTE introuvable 5')).toBe(
      '« introuvable » n’est pas dans le catalogue',
    );

    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const bidId = await bidOn(buyer, await listingOf(farmer, 'Cowpea', 4, 320), 320, 4);
    const accepted = await call(t.app, farmer.cookie, {
      method: 'PATCH',
      url: `/api/bids/${bidId}`,
      payload: { status: 'accepted' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // The market had no price when the alert was set: its first price only places it (no crossing yet).
    expect(await smsRepliesTo(watcher.phone)).toEqual([]);
    const lower = await bidOn(buyer, await listingOf(farmer, 'cowpea', 20, 200), 200, 20);
    await call(t.app, farmer.cookie, {
      method: 'PATCH',
      url: `/api/bids/${lower}`,
      payload: { status: 'accepted' },
    });
    expect(await smsRepliesTo(watcher.phone)).toEqual([
      expect.stringMatching(/^Alerte Niébé : le prix du marché est passé sous 300,00/),
    ]);

    expect(await smsExchange(watcher.phone, 'ALERT cowpea OFF')).toBe(
      'Vos alertes sur Niébé sont supprimées.',
    );
    expect(await smsExchange(watcher.phone, 'ALERTE')).toMatch(/^Vous n’avez pas d’alerte de prix/);
  });
});

describe('WhatsApp commands', () => {
  async function whatsapp(from: string, text: string, id = `wamid.in${++messages}`) {
    const { payload, headers } = stand.signedWebhook(whatsAppInboundWebhook({ from, id, text }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/channels/whatsapp/webhook',
      headers,
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function whatsappRepliesTo(phone: string): Promise<string[]> {
    await outboundWorker.of(t.ctx).runOnce();
    const digits = phone.slice(1);
    const replies = stand.whatsapp
      .map((m) => m.body as { to?: string; text?: { body: string } })
      .filter((b) => b.to === digits)
      .map((b) => b.text?.body ?? '');
    stand.whatsapp.length = 0;
    return replies;
  }

  it('answers prices and confirms a sale with OUI and the PIN, as text in the open window', async () => {
    const farmer = await phoneUser({ language: 'fr' });
    await whatsapp(farmer.phone, 'VENDRE arachide 3 210 c');
    const [echo] = await whatsappRepliesTo(farmer.phone);
    expect(echo).toBe(
      "Vendre 3 t d'Arachide qualité C à 210,00 $US/t ? Répondez OUI et votre code PIN (OUI 1234) sous 5 min, ou NON.",
    );
    await whatsapp(farmer.phone, `OUI ${PIN}`);
    expect(await whatsappRepliesTo(farmer.phone)).toEqual([
      expect.stringMatching(/^En vente : 3 t d'Arachide à 210,00 \$US\/t/),
    ]);
    // A confirmation belongs to its channel: an SMS cannot confirm what WhatsApp asked.
    await whatsapp(farmer.phone, 'VENDRE arachide 1 210');
    await whatsappRepliesTo(farmer.phone);
    expect(await smsExchange(farmer.phone, `OUI ${PIN}`)).toBe(
      'Rien à confirmer (une demande attend 5 minutes).',
    );
  });

  it('handles a message id once, and nothing from a forged signature', async () => {
    const farmer = await phoneUser();
    await whatsapp(farmer.phone, 'HELP', 'wamid.twice');
    await whatsapp(farmer.phone, 'HELP', 'wamid.twice');
    expect(await whatsappRepliesTo(farmer.phone)).toHaveLength(1);
    const body = JSON.stringify(
      whatsAppInboundWebhook({ from: farmer.phone, id: 'wamid.forged', text: 'HELP' }),
    );
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/channels/whatsapp/webhook',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
    expect(await whatsappRepliesTo(farmer.phone)).toEqual([]);
  });
});

describe('PUT /api/user/pin', () => {
  it('needs the password, four digits, and says so', async () => {
    const farmer = await phoneUser({ pin: false });
    const put = (payload: object) =>
      call(t.app, farmer.cookie, { method: 'PUT', url: '/api/user/pin', payload });
    expect((await put({ pin: '1234', currentPassword: 'wrong-password' })).statusCode).toBe(403);
    const short = await put({ pin: '123', currentPassword: 'correct-horse-battery' });
    expect(short.statusCode).toBe(400);
    expect(short.json<{ issues: { path: string[]; message: string }[] }>().issues[0]).toMatchObject({
      path: 'pin',
      message: 'The PIN has 4 digits',
    });
    expect((await put({ pin: '1234', currentPassword: 'correct-horse-battery', extra: 1 })).statusCode).toBe(
      400,
    );
    let status = await call(t.app, farmer.cookie, { method: 'GET', url: '/api/user/phone' });
    expect(status.json<TPhoneStatus>().pin).toEqual({ set: false, locked: false });
    expect((await put({ pin: '1234', currentPassword: 'correct-horse-battery' })).statusCode).toBe(204);
    status = await call(t.app, farmer.cookie, { method: 'GET', url: '/api/user/phone' });
    expect(status.json<TPhoneStatus>().pin).toEqual({ set: true, locked: false });
    expect(
      (
        await call(t.app, null, {
          method: 'PUT',
          url: '/api/user/pin',
          payload: { pin: '1234', currentPassword: 'x' },
        })
      ).statusCode,
    ).toBe(401);
  });
});
