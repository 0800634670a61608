// Stock by phone through the real server: STOCK lists the caller's lots and free tons, LOSS / PERTE records a loss
// with YES <PIN> (fr OUI) through the stock service (and each refusal: unknown lot, not its keeper, past what is free,
// unknown reason), RECEIPT / RECU checks a deposit receipt from any number (rate-limited), and the USSD Stock menu.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RECEIPT_LOOKUPS_PER_MINUTE, type TLot, type TLotDetail, type TStore } from '../../contract/stock';
import { smsLength } from '../channels/sms-text';
import { outboundWorker } from '../notifications/outbound-worker';
import { userWithRole } from '../test/factories';
import { call, createTestApp, ok, type Session, type TestApp } from '../test/harness';
import { phoneChannels } from '../test/phone-channels';
import { type ProviderStandIn, smsProviderEnv, startProviderStandIn } from '../test/provider-stand-in';
import { setVerifiedPhone } from '../users/phone.repo';

const KEY = 'callback-key-0123456789';
const PIN = '2468';

let stand: ProviderStandIn;
let t: TestApp;
const { sms, dial } = phoneChannels(() => t.app, KEY, 'stock');
let numbers = 0;

beforeAll(async () => {
  stand = await startProviderStandIn();
  t = await createTestApp({ ...smsProviderEnv(stand, KEY), OUTBOUND_POLL_MS: '600000' });
});
afterAll(async () => {
  await t.close();
  await stand.close();
});
beforeEach(() => {
  stand.sms.length = 0;
});

const nextPhone = () => {
  numbers += 1;
  return `+23767${String(1_000_000 + numbers * 6131).padStart(7, '0')}`;
};

type PhoneSession = Session & { phone: string };

/** A user with a proven number and a PIN set through the app. */
async function phoneUser(
  role: 'farmer' | 'buyer' | 'manager' = 'farmer',
  language: 'en' | 'fr' = 'en',
): Promise<PhoneSession> {
  const session = await userWithRole(t.app, t.ctx, role);
  const phone = nextPhone();
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

const send = (who: Session, method: 'GET' | 'POST', url: string, payload?: object) =>
  call(t.app, who.cookie, { method, url, ...(payload ? { payload } : {}) });

async function store(who: Session, name: string, kind: 'home' | 'coop' = 'home') {
  return ok<TStore>(await send(who, 'POST', '/api/stores', { name, kind }), 201);
}

async function lot(who: Session, storeId: number, input: { crop: string; grade?: string; quantity: number }) {
  return ok<TLot>(await send(who, 'POST', '/api/lots', { storeId, grade: 'B', ...input }), 201);
}

async function listFrom(who: Session, lotId: number, quantity: number, grade = 'B') {
  await ok(
    await send(who, 'POST', '/api/commodities', {
      name: 'Maize',
      quantity,
      price: 300,
      grade,
      lotId,
    }),
    201,
  );
}

const lotOf = (who: Session, id: number) =>
  send(who, 'GET', `/api/lots/${id}`).then((r) => ok<TLotDetail>(r));

/** One message in, its one reply out (anything queued before for that number sent and dropped first). */
async function exchange(phone: string, text: string): Promise<string> {
  await outboundWorker.of(t.ctx).runOnce();
  stand.sms.length = 0;
  await sms(phone, text);
  await outboundWorker.of(t.ctx).runOnce();
  const replies = stand.sms.filter((m) => m.form.to === phone).map((m) => m.form.message ?? '');
  stand.sms.length = 0;
  expect(replies, text).toHaveLength(1);
  return replies[0] as string;
}

describe('STOCK', () => {
  it("lists the caller's lots newest first with their free tons and store, and says when there are none", async () => {
    const f = await phoneUser();
    expect(await exchange(f.phone, 'STOCK')).toBe(
      'No stock recorded. Record your harvest or stock in the app (Stock).',
    );
    const grenier = await store(f, 'Grenier');
    const maize = await lot(f, grenier.id, { crop: 'maize', grade: 'A', quantity: 3 });
    await listFrom(f, maize.id, 1, 'A');
    const beans = await lot(f, grenier.id, { crop: 'Red beans', quantity: 0.5 });
    expect(await exchange(f.phone, 'stock')).toBe(
      [
        `Lot ${beans.id}: Red beans grade B, 0.5 t free, Grenier`,
        `Lot ${maize.id}: Maize grade A, 2 t free (+1 t listed), Grenier`,
        'LOSS <lot> <t> <reason> to record a loss.',
      ].join('\n'),
    );
  });

  it('shows the newest five and says there are more in the app', async () => {
    const f = await phoneUser();
    const grenier = await store(f, 'Grenier');
    const made: number[] = [];
    for (let i = 1; i <= 6; i += 1) {
      made.push((await lot(f, grenier.id, { crop: 'maize', quantity: i })).id);
    }
    const lines = (await exchange(f.phone, 'STOCK')).split('\n');
    expect(lines).toHaveLength(7);
    expect(lines[0]).toBe(`Lot ${made[5]}: Maize grade B, 6 t free, Grenier`);
    expect(lines[4]).toBe(`Lot ${made[1]}: Maize grade B, 2 t free, Grenier`);
    expect(lines[5]).toBe('More lots in the app (Stock).');
  });

  it("shows a store keeper the lots deposited with them, each with its depositor's name", async () => {
    const manager = await phoneUser('manager');
    const depositor = await phoneUser();
    const coop = await store(manager, 'Coop Bafoussam', 'coop');
    const deposit = await ok<TLot>(
      await send(manager, 'POST', '/api/lots', {
        storeId: coop.id,
        ownerId: depositor.user.id,
        crop: 'maize',
        grade: 'B',
        quantity: 4,
      }),
      201,
    );
    expect(await exchange(manager.phone, 'STOCK')).toBe(
      [
        `Lot ${deposit.id} (${depositor.user.username}): Maize grade B, 4 t free, Coop Bafoussam`,
        'LOSS <lot> <t> <reason> to record a loss.',
      ].join('\n'),
    );
    expect(await exchange(depositor.phone, 'STOCK')).toBe(
      [
        `Lot ${deposit.id}: Maize grade B, 4 t free, Coop Bafoussam`,
        'LOSS <lot> <t> <reason> to record a loss.',
      ].join('\n'),
    );
    // The depositor does not keep the co-op's store: its keeper records its losses.
    expect(await exchange(depositor.phone, `LOSS ${deposit.id} 0.1 rats`)).toBe(
      `Lot ${deposit.id} is in Coop Bafoussam: only its keeper records losses there.`,
    );
    expect(await exchange(manager.phone, `LOSS ${deposit.id} 0.1 rats`)).toMatch(/^Record a loss on lot/);
    expect(await exchange(manager.phone, `YES ${PIN}`)).toBe(
      `Loss recorded on lot ${deposit.id}: 0.1 t (rodents). Free now: 3.9 t.`,
    );
  });
});

describe('LOSS', () => {
  it('records the loss with YES and the PIN, once, as a movement of the lot', async () => {
    const f = await phoneUser();
    const grenier = await store(f, 'Grenier');
    const maize = await lot(f, grenier.id, { crop: 'maize', quantity: 2.5 });
    expect(await exchange(f.phone, `LOSS ${maize.id} 0.2 pests weevils in two bags`)).toBe(
      `Record a loss on lot ${maize.id} (Maize grade B, Grenier): 0.2 t, pests, today? Reply YES and your PIN (YES 1234) within 5 min, or NO.`,
    );
    expect((await lotOf(f, maize.id)).quantity).toBe(2.5);
    expect(await exchange(f.phone, `YES ${PIN}`)).toBe(
      `Loss recorded on lot ${maize.id}: 0.2 t (pests). Free now: 2.3 t.`,
    );
    // A confirmation sent again finds nothing waiting: the loss is recorded once.
    expect(await exchange(f.phone, `YES ${PIN}`)).toBe('Nothing to confirm (a request waits 5 minutes).');
    const detail = await lotOf(f, maize.id);
    expect(detail).toMatchObject({ quantity: 2.3, free: 2.3 });
    const losses = detail.movements.filter((m) => m.kind === 'loss');
    expect(losses).toHaveLength(1);
    expect(losses[0]).toMatchObject({
      quantity: -0.2,
      reason: 'pests',
      note: 'weevils in two bags',
      happenedOn: new Date().toISOString().slice(0, 10),
      by: { id: f.user.id },
    });
  });

  it('a wrong PIN records nothing; NO cancels', async () => {
    const f = await phoneUser();
    const grenier = await store(f, 'Grenier');
    const maize = await lot(f, grenier.id, { crop: 'maize', quantity: 1 });
    await exchange(f.phone, `LOSS ${maize.id} 0,5 mould`);
    expect(await exchange(f.phone, 'YES 1111')).toMatch(/^Wrong PIN/);
    expect(await exchange(f.phone, 'NO')).toBe('Cancelled.');
    expect(await exchange(f.phone, `YES ${PIN}`)).toBe('Nothing to confirm (a request waits 5 minutes).');
    const detail = await lotOf(f, maize.id);
    expect(detail.quantity).toBe(1);
    expect(detail.movements.filter((m) => m.kind === 'loss')).toEqual([]);
  });

  it('refuses more than is free, naming what is, before the PIN and after it (taken meanwhile)', async () => {
    const f = await phoneUser();
    const grenier = await store(f, 'Grenier');
    const listed = await lot(f, grenier.id, { crop: 'maize', quantity: 2 });
    await listFrom(f, listed.id, 1.5);
    expect(await exchange(f.phone, `LOSS ${listed.id} 1 pests`)).toBe(
      `Only 0.5 t of lot ${listed.id} is free (1.5 t listed for sale): record at most 0.5 t.`,
    );
    const whole = await lot(f, grenier.id, { crop: 'maize', quantity: 2 });
    expect(await exchange(f.phone, `LOSS ${whole.id} 3 theft`)).toBe(`Lot ${whole.id} holds only 2 t.`);
    // Echoed while free, listed in the app before the PIN: refused with what is free now.
    expect(await exchange(f.phone, `LOSS ${whole.id} 1.5 theft`)).toMatch(/^Record a loss on lot/);
    await listFrom(f, whole.id, 1);
    expect(await exchange(f.phone, `YES ${PIN}`)).toBe(
      `Only 1 t of lot ${whole.id} is free (1 t listed for sale): record at most 1 t.`,
    );
    await listFrom(f, listed.id, 0.5);
    expect(await exchange(f.phone, `LOSS ${listed.id} 0.1 pests`)).toBe(
      `Nothing of lot ${listed.id} is free: what it holds is listed for sale.`,
    );
    expect((await lotOf(f, listed.id)).quantity).toBe(2);
    expect((await lotOf(f, whole.id)).quantity).toBe(2);
  });

  it.each([
    {
      lang: 'en',
      word: 'LOSS',
      notFound: (id: number) => `No lot no. ${id} in your stock: send STOCK for the list.`,
      reason: 'Unknown reason "fire": use moisture, pests, rodents, mould, theft, spillage or other.',
      quantity: 'Give the tons lost, e.g. 0.2.',
      usage: 'Send: LOSS 7 0.2 pests (0.2 t of lot 7 lost to pests); STOCK gives your lot numbers.',
    },
    {
      lang: 'fr',
      word: 'PERTE',
      notFound: (id: number) => `Aucun lot n° ${id} dans votre stock : envoyez STOCK pour la liste.`,
      reason:
        'Cause inconnue « fire » : utilisez humidité, ravageurs, rongeurs, moisissure, vol, renversé ou autre.',
      quantity: 'Indiquez les tonnes perdues, par ex. 0,2.',
      usage:
        'Envoyez : PERTE 7 0,2 ravageurs (0,2 t du lot 7 perdues à cause des ravageurs) ; STOCK donne les numéros de vos lots.',
    },
  ] as const)('refuses in $lang an unknown lot, reason or quantity in plain words', async (c) => {
    const f = await phoneUser('farmer', c.lang);
    const other = await phoneUser();
    const theirs = await lot(other, (await store(other, 'Autre')).id, { crop: 'maize', quantity: 1 });
    const mine = await lot(f, (await store(f, 'Grenier')).id, { crop: 'maize', quantity: 1 });
    expect(await exchange(f.phone, `${c.word} ${theirs.id} 0.1 pests`)).toBe(c.notFound(theirs.id));
    expect(await exchange(f.phone, `${c.word} 999999 0.1 pests`)).toBe(c.notFound(999999));
    expect(await exchange(f.phone, `${c.word} ${mine.id} 0.1 fire`)).toBe(c.reason);
    expect(await exchange(f.phone, `${c.word} ${mine.id} 0 pests`)).toBe(c.quantity);
    expect(await exchange(f.phone, `${c.word} ${mine.id} 0.1`)).toBe(c.usage);
    expect(await exchange(f.phone, c.word)).toBe(c.usage);
    expect((await lotOf(other, theirs.id)).quantity).toBe(1);
  });

  it('speaks French: STOCK, PERTE with a decimal comma and a French reason, OUI and the PIN', async () => {
    const f = await phoneUser('farmer', 'fr');
    const grenier = await store(f, 'Grenier');
    const maize = await lot(f, grenier.id, { crop: 'maize', quantity: 2.5 });
    expect(await exchange(f.phone, 'STOCK')).toBe(
      [
        `Lot ${maize.id} : Maïs qualité B, 2,5 t libres, Grenier`,
        'PERTE <lot> <t> <cause> pour noter une perte.',
      ].join('\n'),
    );
    expect(await exchange(f.phone, `PERTE ${maize.id} 0,2 ravageurs`)).toBe(
      `Noter une perte sur le lot ${maize.id} (Maïs qualité B, Grenier) : 0,2 t, ravageurs, aujourd'hui ? Répondez OUI et votre code PIN (OUI 1234) sous 5 min, ou NON.`,
    );
    expect(await exchange(f.phone, `OUI ${PIN}`)).toBe(
      `Perte notée sur le lot ${maize.id} : 0,2 t (ravageurs). Libre maintenant : 2,3 t.`,
    );
    // Either language's reason words are read whatever the account's language.
    await exchange(f.phone, `PERTE ${maize.id} 0,1 Humidité`);
    expect(await exchange(f.phone, `OUI ${PIN}`)).toMatch(/\(humidité\)/);
    await exchange(f.phone, `perte ${maize.id} 0.1 rodents`);
    expect(await exchange(f.phone, `OUI ${PIN}`)).toMatch(/\(rongeurs\)/);
    const detail = await lotOf(f, maize.id);
    expect(detail.quantity).toBe(2.1);
    expect(detail.movements.filter((m) => m.kind === 'loss').map((m) => m.reason)).toEqual([
      'rodents',
      'moisture',
      'pests',
    ]);
  });
});

describe('RECEIPT', () => {
  async function deposit(quantity = 4) {
    const manager = await phoneUser('manager');
    const depositor = await phoneUser();
    const coop = await store(manager, 'Coop Bafoussam', 'coop');
    const made = await ok<TLot>(
      await send(manager, 'POST', '/api/lots', {
        storeId: coop.id,
        ownerId: depositor.user.id,
        crop: 'maize',
        grade: 'A',
        moisture: 13,
        quantity,
      }),
      201,
    );
    expect(made.receipt).not.toBeNull();
    return {
      manager,
      depositor,
      lot: made,
      code: made.receipt?.code ?? '',
      number: made.receipt?.number ?? '',
    };
  }

  it('answers any number, even one with no account, in one SMS; a wrong code says only "not found"', async () => {
    const { manager, depositor, lot: made, code, number } = await deposit();
    const stranger = nextPhone();
    const answer = await exchange(stranger, `RECEIPT ${code.toLowerCase()}`);
    expect(answer).toContain(
      `Receipt ${number} valid: ${depositor.user.username}, 4 t Maize grade A, moisture 13%`,
    );
    expect(answer).toContain('Coop Bafoussam');
    expect(smsLength(answer).segments).toBe(1);
    // Copied from paper in groups; French for RECU, whatever number sends it.
    const french = await exchange(stranger, `reçu ${code.slice(0, 5)} ${code.slice(5)}`);
    expect(french).toMatch(
      new RegExp(`^Re[cç]u ${number} valide : ${depositor.user.username}, 4 t de Ma[iï]s`),
    );
    expect(await exchange(stranger, 'RECEIPT 23456789AB')).toBe(
      'Receipt not found: check the code on the paper.',
    );
    expect(await exchange(stranger, 'RECU pas-un-code')).toBe(
      'Reçu introuvable : vérifiez le code sur le papier.',
    );
    expect(await exchange(stranger, 'RECEIPT')).toBe(
      'Send: RECEIPT and the 10-character code on the paper, e.g. RECEIPT 7KQ2MXH4PA.',
    );
    // An account's own language, and the status as the lot is now.
    await send(manager, 'POST', `/api/lots/${made.id}/movements`, {
      kind: 'loss',
      quantity: 1,
      reason: 'pests',
    });
    expect(await exchange(depositor.phone, `RECEIPT ${code}`)).toContain(
      `Receipt ${number} partly withdrawn, 3 t left: ${depositor.user.username}`,
    );
  });

  it(`refuses past ${RECEIPT_LOOKUPS_PER_MINUTE} look-ups a minute from one number, found or not`, async () => {
    const { code } = await deposit();
    const guesser = nextPhone();
    for (let i = 0; i < RECEIPT_LOOKUPS_PER_MINUTE; i += 1) {
      expect(await exchange(guesser, `RECEIPT 23456789A${'BCDEFGHJKM'[i]}`)).toMatch(/^Receipt not found/);
    }
    expect(await exchange(guesser, `RECEIPT ${code}`)).toMatch(
      /^Too many receipt checks from this number: try again in \d+ s\.$/,
    );
    expect(await exchange(guesser, `RECU ${code}`)).toMatch(
      /^Trop de vérifications de reçus depuis ce numéro/,
    );
    // Another number is not held back by this one's guesses.
    expect(await exchange(nextPhone(), `RECEIPT ${code}`)).toMatch(/^Receipt \S+ valid/);
  });
});

// ---- USSD ----

/** A screen without its accents: a screen goes in GSM-7 spelling (Maïs → Mais) only when that is what makes it fit. */
const plain = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '');

describe('USSD Stock menu', () => {
  it.each([
    {
      lang: 'en',
      menu: '6 Farm\n7 My stock\n9 Learn\n0 Help',
      title: 'CON Your stock (t free):',
      line: (id: number) => `\n1 #${id} Maize B 1.5 t, Grenier\n`,
      lot: (id: number) => `CON Lot ${id}: Maize B, 1.5 t free of 2 t, Grenier\n1 Record a loss\n0 Back`,
      tons: 'CON Tons lost (up to 1.5):',
      tooMuch: 'CON Only 1.25 t of lot',
      reasons: 'CON Lost to:\n1 Moisture\n2 Pests\n3 Rodents\n4 Mould\n5 Theft\n6 Spillage\n7 Other\n0 Back',
      pin: (id: number) => `CON Record a loss on lot ${id} (Maize grade B, Grenier): 0.25 t, rodents, today.`,
      done: (id: number) => `END Loss recorded on lot ${id}: 0.25 t (rodents). Free now: 1.25 t.`,
    },
    {
      lang: 'fr',
      menu: '6 Ferme\n7 Mon stock\n9 Apprendre\n0 Aide',
      title: 'CON Votre stock (t libres) :',
      line: (id: number) => `\n1 no ${id} Maïs B 1,5 t, Grenier\n`,
      lot: (id: number) =>
        `CON Lot ${id} : Maïs B, 1,5 t libres sur 2 t, Grenier\n1 Noter une perte\n0 Retour`,
      tons: "CON Tonnes perdues (jusqu'à 1,5) :",
      tooMuch: 'CON Seules 1,25 t du lot',
      reasons:
        'CON Cause de la perte :\n1 Humidité\n2 Ravageurs\n3 Rongeurs\n4 Moisissure\n5 Vol\n6 Renversé\n7 Autre\n0 Retour',
      pin: (id: number) =>
        `CON Noter une perte sur le lot ${id} (Maïs qualité B, Grenier) : 0,25 t, rongeurs, aujourd'hui.`,
      done: (id: number) =>
        `END Perte notée sur le lot ${id} : 0,25 t (rongeurs). Libre maintenant : 1,25 t.`,
    },
  ] as const)('lists the lots and records a loss with the PIN ($lang)', async (c) => {
    const f = await phoneUser('farmer', c.lang);
    const grenier = await store(f, 'Grenier');
    const maize = await lot(f, grenier.id, { crop: 'maize', quantity: 2 });
    await listFrom(f, maize.id, 0.5);
    const type = dial(f.phone);
    expect(await type()).toContain(c.menu);
    const list = await type('7');
    expect(plain(list).startsWith(plain(c.title)), list).toBe(true);
    expect(plain(list)).toContain(plain(c.line(maize.id)));
    expect(plain(await type('1'))).toBe(plain(c.lot(maize.id)));
    expect(plain(await type('1'))).toBe(plain(c.tons));
    expect(await type('x')).toMatch(/^CON (Give the tons lost|Indiquez les tonnes perdues)/);
    expect(plain(await type('0,25'))).toBe(plain(c.reasons));
    const pin = await type('3');
    expect(plain(pin).startsWith(plain(c.pin(maize.id))), pin).toBe(true);
    expect((await lotOf(f, maize.id)).quantity).toBe(2);
    expect(plain(await type(PIN))).toBe(plain(c.done(maize.id)));
    const detail = await lotOf(f, maize.id);
    expect(detail).toMatchObject({ quantity: 1.75, free: 1.25 });
    expect(detail.movements.filter((m) => m.kind === 'loss')).toMatchObject([
      { quantity: -0.25, reason: 'rodents' },
    ]);
    // More than is free is refused before the PIN, with what is free.
    const again = dial(f.phone);
    await again('7', '1', '1', '1,5');
    expect(plain(await again('2')).startsWith(plain(`END ${c.tooMuch.slice(4)}`))).toBe(true);
  });

  it('says when there is no stock, ends on a lot the caller does not keep, and offers no Stock to a buyer without any', async () => {
    const f = await phoneUser();
    expect(await dial(f.phone)('7')).toBe(
      'END No stock recorded. Record your harvest or stock in the app (Stock).',
    );
    const manager = await phoneUser('manager');
    const coop = await store(manager, 'Coop Dschang', 'coop');
    const deposit = await ok<TLot>(
      await send(manager, 'POST', '/api/lots', {
        storeId: coop.id,
        ownerId: f.user.id,
        crop: 'maize',
        grade: 'A',
        quantity: 1,
      }),
      201,
    );
    expect(await dial(f.phone)('7', '1')).toBe(
      `END Lot ${deposit.id}: Maize A, 1 t free of 1 t, Coop Dschang`,
    );
    const buyer = await phoneUser('buyer');
    expect(await dial(buyer.phone)()).not.toContain('7 ');
    // A store's keeper of any role is offered it.
    expect(await dial(manager.phone)()).toContain('7 My stock');
  });
});
