// A seller answers a forward agreement from a feature phone, through the real server and the SMS and USSD stand-ins:
// a buyer proposes in the API, the farmer is told by SMS how to answer, finds it in the USSD menu's Forward
// agreements, accepts it with the PIN (a wrong PIN refused and nothing changed, too many locking phone actions);
// another declines by SMS (echoed for YES <PIN>, or at once with the PIN) in both languages; a farmer not party to
// it neither sees it nor can answer it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TForwardAgreement } from '../../contract/forward-agreements';
import { PIN_TRIES } from '../../contract/phone';
import { today } from '../finance';
import { outboundWorker } from '../notifications/outbound-worker';
import { sender } from '../test/agent-sale';
import { userWithRole } from '../test/factories';
import { makeCoop } from '../test/groups';
import { call, createTestApp, ok, type Session, type TestApp } from '../test/harness';
import { phoneChannels } from '../test/phone-channels';
import { type ProviderStandIn, smsProviderEnv, startProviderStandIn } from '../test/provider-stand-in';
import { setVerifiedPhone } from '../users/phone.repo';

const KEY = 'callback-key-0123456789';
const PIN = '2468';
const DAY_MS = 86_400_000;

let stand: ProviderStandIn;
let t: TestApp;
const { sms, dial } = phoneChannels(() => t.app, KEY, 'agreements');
let buyer: Session;
let numbers = 0;

beforeAll(async () => {
  stand = await startProviderStandIn();
  t = await createTestApp({ ...smsProviderEnv(stand, KEY), OUTBOUND_POLL_MS: '600000' });
  buyer = await userWithRole(t.app, t.ctx, 'buyer');
});
afterAll(async () => {
  await t.close();
  await stand.close();
});
beforeEach(() => {
  stand.sms.length = 0;
});

/** A farmer with a proven number and a PIN, in their language. */
async function farmer(language: 'en' | 'fr' = 'en') {
  return withPhone(await userWithRole(t.app, t.ctx, 'farmer'), language);
}

/** The user's number proven and their PIN set, in their language. */
async function withPhone(session: Session, language: 'en' | 'fr' = 'en') {
  numbers += 1;
  const phone = `+23769${String(1_000_000 + numbers * 7919).padStart(7, '0')}`;
  await setVerifiedPhone(t.ctx.db, session.user.id, {
    e164: phone,
    countryCode: '+237',
    phoneNumber: phone.slice(4),
    via: 'sms',
  });
  if (language === 'fr') {
    await call(t.app, session.cookie, { method: 'PATCH', url: '/api/user/language', payload: { language } });
  }
  const pin = await call(t.app, session.cookie, {
    method: 'PUT',
    url: '/api/user/pin',
    payload: { pin: PIN, currentPassword: 'correct-horse-battery' },
  });
  expect(pin.statusCode, pin.body).toBe(204);
  return { ...session, phone };
}

const dayFromNow = (days: number) =>
  new Date(Date.parse(`${today()}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The buyer proposes 5 t of maize at 200 a ton to the seller (a farmer, or a co-operative); the notices it sends
 * are sent and set aside.
 */
async function propose(
  seller: Session | { groupId: number },
  overrides: Record<string, unknown> = {},
): Promise<TForwardAgreement> {
  const proposed = await ok<TForwardAgreement>(
    await call(t.app, buyer.cookie, {
      method: 'POST',
      url: '/api/forward-agreements',
      payload: {
        ...('groupId' in seller ? { groupId: seller.groupId } : { sellerId: seller.user.id }),
        crop: 'maize',
        grade: 'A',
        quantity: 5,
        tolerancePercent: 10,
        pricing: { kind: 'fixed', price: 200 },
        deliveryFrom: dayFromNow(10),
        deliveryTo: dayFromNow(40),
        place: 'Magasin de Bafoussam',
        depositPercent: 20,
        ...overrides,
      },
    }),
    201,
  );
  await outboundWorker.of(t.ctx).runOnce();
  return proposed;
}

const statusOf = async (id: number) =>
  (
    await ok<TForwardAgreement>(
      await call(t.app, buyer.cookie, { method: 'GET', url: `/api/forward-agreements/${id}` }),
    )
  ).status;

/** One message in, its one reply out. */
async function exchange(phone: string, text: string): Promise<string> {
  stand.sms.length = 0;
  await sms(phone, text);
  await outboundWorker.of(t.ctx).runOnce();
  const replies = stand.sms.filter((m) => m.form.to === phone).map((m) => m.form.message ?? '');
  stand.sms.length = 0;
  expect(replies, text).toHaveLength(1);
  return replies[0] as string;
}

describe('the proposal by SMS', () => {
  it('tells the farmer how to answer it by SMS', async () => {
    const f = await farmer();
    stand.sms.length = 0;
    const proposed = await propose(f);
    const told = stand.sms.filter((m) => m.form.to === f.phone).map((m) => m.form.message ?? '');
    expect(told).toHaveLength(1);
    expect(told[0]).toContain(
      `forward agreement #${proposed.id}: 5 t Maize. Reply ACCEPT ${proposed.id} + PIN`,
    );
    expect(told[0]).toContain(`DECLINE ${proposed.id}.`);
  });
});

describe('USSD Forward agreements', () => {
  it('lists what waits, shows its terms and accepts it with the PIN (a wrong one changes nothing)', async () => {
    const f = await farmer();
    const proposed = await propose(f);
    const type = dial(f.phone);
    expect(await type()).toContain('\n9 Learn\n11 Forward agreements\n0 Help');
    const list = await type('11');
    expect(list).toBe(
      `CON Waiting for your answer:\n1 #${proposed.id} ${buyer.user.username}: Maize 5 t\n0 Back`,
    );
    const terms = await type('1');
    expect(terms).toMatch(
      new RegExp(`^CON #${proposed.id} ${buyer.user.username}: Maize 5 t A, .+/t, .+, deposit .+\n`),
    );
    expect(terms.endsWith('\n1 Accept\n2 Decline\nCounter: in the app only.\n0 Back'), terms).toBe(true);
    expect(await type('1')).toBe(
      `CON Accept forward agreement no. ${proposed.id} from ${buyer.user.username} (Maize, 5 t).\nEnter your PIN to confirm:`,
    );
    expect(await type('1357')).toMatch(/^CON Wrong PIN: 4 tries left\.\nAccept forward agreement/);
    expect(await statusOf(proposed.id)).toBe('proposed');
    const done = await type(PIN);
    expect(done.startsWith(`END Forward agreement no. ${proposed.id} accepted: Maize, 5 t at `), done).toBe(
      true,
    );
    expect(await statusOf(proposed.id)).toBe('accepted');
    // Nothing waits any more: the menu has no Forward agreements.
    expect(await dial(f.phone)()).toMatch(/\n9 Learn\n0 Help$/);
  });

  it('declines in French with the PIN, and says a counter is made in the app', async () => {
    const f = await farmer('fr');
    const proposed = await propose(f, { pricing: { kind: 'floor', floor: 180, sharePercent: 90 } });
    const type = dial(f.phone);
    expect(await type()).toContain('\n9 Apprendre\n11 Accords à terme\n0 Aide');
    expect(await type('11')).toContain(`\n1 no ${proposed.id} ${buyer.user.username} : Maïs 5 t\n`);
    const terms = await type('1');
    expect(terms).toContain('90 % du marché, min. ');
    expect(terms.endsWith("\n1 Accepter\n2 Refuser\nContre-offre : dans l'appli.\n0 Retour"), terms).toBe(
      true,
    );
    expect(await type('3')).toMatch(/^CON Choix non valide\.\nno /);
    // « de » before the buyer's name is elided before a vowel (d'user_…), as French writes it.
    expect(await type('2')).toMatch(
      new RegExp(
        `^CON Refuser l'accord à terme no ${proposed.id} d(e |')${buyer.user.username} \\(Mais, 5 t\\)\\.\nTapez votre code PIN pour confirmer :$`,
      ),
    );
    expect(await type(PIN)).toBe(
      `END Accord à terme no ${proposed.id} refusé : ${buyer.user.username} en est informé.`,
    );
    expect(await statusOf(proposed.id)).toBe('declined');
  });

  it("shows no agreement to a farmer not party to it, and the menu's number is then no choice", async () => {
    const f = await farmer();
    const other = await farmer();
    await propose(f);
    const type = dial(other.phone);
    expect(await type()).not.toContain('Forward agreements');
    expect(await type('11')).toMatch(/^CON Invalid choice\.\nTerroir\n/);
  });
});

describe('ACCEPT and DECLINE by SMS', () => {
  it('accepts with the PIN given; a wrong PIN is refused and changes nothing; it is not answered twice', async () => {
    const f = await farmer();
    const proposed = await propose(f);
    expect(await exchange(f.phone, `ACCEPT ${proposed.id} 1357`)).toBe(
      `Wrong PIN: ${PIN_TRIES - 1} tries left.`,
    );
    expect(await statusOf(proposed.id)).toBe('proposed');
    const done = await exchange(f.phone, `accept ${proposed.id} ${PIN}`);
    expect(done).toMatch(
      new RegExp(
        `^Forward agreement no. ${proposed.id} accepted: Maize, 5 t at .+/t for ${buyer.user.username}\\. They now pay the deposit of `,
      ),
    );
    expect(await statusOf(proposed.id)).toBe('accepted');
    expect(await exchange(f.phone, `DECLINE ${proposed.id} ${PIN}`)).toBe(
      `Forward agreement no. ${proposed.id} is not waiting for your answer: see it in the app.`,
    );
    expect(await statusOf(proposed.id)).toBe('accepted');
  });

  it('makes one with nothing to pay active at once', async () => {
    const f = await farmer();
    const proposed = await propose(f, { depositPercent: 0 });
    expect(await exchange(f.phone, `ACCEPT ${proposed.id} ${PIN}`)).toMatch(
      new RegExp(`^Forward agreement no. ${proposed.id} accepted and active: deliver Maize, 5 t, `),
    );
    expect(await statusOf(proposed.id)).toBe('active');
  });

  it('declines: DECLINE echoed for YES and the PIN, REFUSER with the PIN at once in French', async () => {
    const f = await farmer();
    const first = await propose(f);
    expect(await exchange(f.phone, `DECLINE ${first.id}`)).toBe(
      `Decline forward agreement no. ${first.id} from ${buyer.user.username} (Maize, 5 t)? Reply YES and your PIN (YES 1234) within 5 min, or NO.`,
    );
    expect(await statusOf(first.id)).toBe('proposed');
    expect(await exchange(f.phone, `YES ${PIN}`)).toBe(
      `Forward agreement no. ${first.id} declined: ${buyer.user.username} is told.`,
    );
    expect(await statusOf(first.id)).toBe('declined');
    const fr = await farmer('fr');
    const second = await propose(fr);
    expect(await exchange(fr.phone, `REFUSER ${second.id} ${PIN}`)).toBe(
      `Accord à terme no ${second.id} refusé : ${buyer.user.username} en est informé.`,
    );
    expect(await statusOf(second.id)).toBe('declined');
  });

  it('tells a farmer not party to it that there is no such agreement, spending no PIN try', async () => {
    const f = await farmer();
    const other = await farmer();
    const proposed = await propose(f);
    const notFound = `No forward agreement no. ${proposed.id} is yours: check the number in the message you got.`;
    expect(await exchange(other.phone, `ACCEPT ${proposed.id} ${PIN}`)).toBe(notFound);
    expect(await exchange(other.phone, `DECLINE ${proposed.id}`)).toBe(notFound);
    expect(await exchange(other.phone, `ACCEPT 2147483000 ${PIN}`)).toBe(
      'No forward agreement no. 2147483000 is yours: check the number in the message you got.',
    );
    expect(await statusOf(proposed.id)).toBe('proposed');
    // No PIN try was spent on them: a first wrong PIN on one of their own still leaves all but one.
    const own = await propose(other);
    expect(await exchange(other.phone, `ACCEPT ${own.id} 1357`)).toBe(
      `Wrong PIN: ${PIN_TRIES - 1} tries left.`,
    );
  });

  it('locks phone actions after too many wrong PINs', async () => {
    const f = await farmer();
    const proposed = await propose(f);
    for (let left = PIN_TRIES - 1; left > 0; left -= 1) {
      expect(await exchange(f.phone, `ACCEPT ${proposed.id} 1357`)).toBe(`Wrong PIN: ${left} tries left.`);
    }
    const locked = 'Too many wrong PINs: phone actions are locked. Set a new PIN in the app (Settings).';
    expect(await exchange(f.phone, `ACCEPT ${proposed.id} 1357`)).toBe(locked);
    expect(await exchange(f.phone, `ACCEPT ${proposed.id} ${PIN}`)).toBe(locked);
    expect(await statusOf(proposed.id)).toBe('proposed');
  });
});

describe("a co-operative's agreement", () => {
  it("is answered by the co-operative's admin, not by a member", async () => {
    const coop = await makeCoop(
      t,
      sender(() => t.app),
      { members: 1 },
    );
    const admin = await withPhone(coop.admin);
    const member = await withPhone(coop.members[0] as Session);
    const proposed = await propose({ groupId: coop.group.id });
    expect(proposed.group?.id).toBe(coop.group.id);
    expect(await dial(member.phone)()).not.toContain('Forward agreements');
    expect(await exchange(member.phone, `ACCEPT ${proposed.id} ${PIN}`)).toBe(
      `No forward agreement no. ${proposed.id} is yours: check the number in the message you got.`,
    );
    const type = dial(admin.phone);
    expect(await type()).toContain('\n11 Forward agreements\n');
    expect(await type('11')).toContain(`\n1 #${proposed.id} ${buyer.user.username}: Maize 5 t\n`);
    expect(await exchange(admin.phone, `ACCEPT ${proposed.id} ${PIN}`)).toMatch(
      new RegExp(`^Forward agreement no. ${proposed.id} accepted: `),
    );
    expect(await statusOf(proposed.id)).toBe('accepted');
  });
});
