// Co-operatives by phone through the real server: COOP lists a member's latest intakes (reference, kg, crop, grade,
// day; a reversing entry marked) with what awaits settlement and what is due, PAID (fr PAYE / PAYÉ) their last
// payouts with their state, in their language and in one SMS; a non-member is told so; and the USSD Co-op menu,
// offered to members only, with its three END screens.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TGroup, TIntake } from '../../contract/groups';
import type { TStore } from '../../contract/stock';
import { smsLength } from '../channels/sms-text';
import { rowsOf } from '../db/client';
import { outboundWorker } from '../notifications/outbound-worker';
import { userWithRole } from '../test/factories';
import { call, createTestApp, ok, type Session, type TestApp, uniqueName } from '../test/harness';
import { phoneChannels } from '../test/phone-channels';
import { type ProviderStandIn, smsProviderEnv, startProviderStandIn } from '../test/provider-stand-in';
import { setVerifiedPhone } from '../users/phone.repo';
import { dayText } from './phone-coop-text';
import { money } from './phone-text';

const KEY = 'callback-key-0123456789';

let stand: ProviderStandIn;
let t: TestApp;
const { sms, dial } = phoneChannels(() => t.app, KEY, 'coop');
let numbers = 0;
let references = 0;

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
  return `+23768${String(1_000_000 + numbers * 7919).padStart(7, '0')}`;
};

type PhoneSession = Session & { phone: string };

/** A short co-operative name, as real ones are ("Coop Menoua"): what fits one SMS depends on it. */
const coopName = () => `Coop ${uniqueName('c').slice(-4)}`;

/** A user with a proven number, in their language. */
async function phoneUser(language: 'en' | 'fr' = 'en'): Promise<PhoneSession> {
  const session = await userWithRole(t.app, t.ctx, 'farmer');
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
  return { ...session, phone };
}

const send = (who: Session, method: 'GET' | 'POST', url: string, payload?: object) =>
  call(t.app, who.cookie, { method, url, ...(payload ? { payload } : {}) });

/** A co-operative with a store, its admin, and the members (each asked to join, then admitted). */
async function coop(name: string, members: Session[]) {
  const admin = await phoneUser();
  const group = await ok<TGroup>(
    await send(admin, 'POST', '/api/groups', { name, kind: 'cooperative', region: 'Ouest' }),
    201,
  );
  const store = await ok<TStore>(
    await send(admin, 'POST', `/api/groups/${group.id}/stores`, { name: 'Magasin' }),
    201,
  );
  for (const member of members) {
    await ok(await send(member, 'POST', `/api/groups/${group.id}/members`, {}), 201);
    await ok(
      await send(admin, 'POST', `/api/groups/${group.id}/members/${member.user.id}/decision`, {
        accept: true,
      }),
      200,
    );
  }
  const intake = async (member: Session, input: { grade: string; tons: number; date: string }) =>
    await ok<TIntake>(
      await send(admin, 'POST', `/api/groups/${group.id}/intakes`, {
        memberId: member.user.id,
        crop: 'maize',
        grade: input.grade,
        quantity: input.tons,
        bags: 6,
        storeId: store.id,
        date: input.date,
      }),
      201,
    );
  return { admin, group, store, intake };
}

/**
 * An approved settlement of the co-operative holding the member's share (kg counted, net in minor units), with its
 * payout in the state given, written straight to the tables: settling through the marketplace
 * and payments is the groups module's own tests' business; here only what the phone reads of it matters.
 */
async function approvedShare(input: {
  groupId: number;
  memberId: number;
  lotId: number;
  kg: number;
  net: number;
  approvedOn: string;
  payout: 'succeeded' | 'failed' | 'pending';
}) {
  const [settlement] = rowsOf<{ id: number }>(
    await t.ctx.db.execute(sql`insert into settlements (group_id, status, order_ids, lot_ids, proceeds,
      levy_tenths, transport_per_ton, prices, approved_at)
      values (${input.groupId}, 'approved', '{}', ${`{${input.lotId}}`}, ${input.net}, 0, 0, '[]'::jsonb,
        ${`${input.approvedOn}T10:00:00Z`}) returning id`),
  );
  references += 1;
  // A pending payout is due tomorrow: the queue leaves it alone while the phone reads it as being sent.
  const [move] = rowsOf<{ id: number }>(
    await t.ctx.db.execute(sql`insert into money_moves (kind, user_id, provider, reference, amount_cents,
      currency, status, stage, failure_reason, due_at)
      values ('member', ${input.memberId}, 'mtn_momo', ${`phone-coop-${uniqueName('ref')}-${references}`},
        ${input.net}, 'XAF', ${input.payout}, 'check',
        ${input.payout === 'failed' ? 'rejected' : null}, now() + interval '1 day') returning id`),
  );
  const moveId = move?.id ?? null;
  await t.ctx.db.execute(sql`insert into settlement_shares (settlement_id, member_id, delivered, gross, levy,
    credit, transport, net, move_id)
    values (${settlement?.id}, ${input.memberId}, ${JSON.stringify([{ grade: 'B', kg: input.kg }])}::jsonb,
      ${input.net}, 0, 0, 0, ${input.net}, ${moveId})`);
}

/** One message in, its one reply out (anything queued before for that number, such as receipts, sent first). */
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

/** A member of Coop Menoua with two intakes (one reversed by a correcting entry) and a share paid out. */
async function memberWithHistory(language: 'en' | 'fr') {
  const member = await phoneUser(language);
  const menoua = await coop(coopName(), [member]);
  const first = await menoua.intake(member, { grade: 'B', tons: 0.3, date: '2026-11-12' });
  const wrong = await menoua.intake(member, { grade: 'A', tons: 0.15, date: '2026-11-14' });
  const reversal = await ok<TIntake>(
    await send(menoua.admin, 'POST', `/api/groups/${menoua.group.id}/intakes/${wrong.id}/reversal`, {
      reason: 'wrong member',
    }),
    201,
  );
  const third = await menoua.intake(member, { grade: 'B', tons: 1.2, date: '2026-11-20' });
  return { member, menoua, first, wrong, reversal, third };
}

describe('COOP and PAID by SMS', () => {
  it("lists a member's latest intakes, what awaits settlement and what is due, in one SMS (en)", async () => {
    const { member, menoua, first, third, reversal } = await memberWithHistory('en');
    const name = menoua.group.name;
    const reply = await exchange(member.phone, 'COOP');
    // Newest first, as many as fit one SMS with what is owed: the rest are in the app.
    expect(reply).toBe(
      [
        `${name}, your deliveries:`,
        `${third.reference} 1,200 kg Maize B Nov 20`,
        `${reversal.reference} -150 kg Maize A ${dayText('en', reversal.date)} (correction)`,
        'More in the app.',
        'Not yet settled: 1,500 kg. Nothing due now.',
      ].join('\n'),
    );
    expect(smsLength(reply).segments).toBe(1);
    expect(await exchange(member.phone, 'PAID')).toBe(`${name}: no payouts yet.`);

    // A settlement counted 300 kg and paid 60,000; another counted 200 kg and its payout failed.
    await approvedShare({
      groupId: menoua.group.id,
      memberId: member.user.id,
      lotId: first.lotId,
      kg: 300,
      net: 6_000_000,
      approvedOn: '2026-11-21',
      payout: 'succeeded',
    });
    await approvedShare({
      groupId: menoua.group.id,
      memberId: member.user.id,
      lotId: third.lotId,
      kg: 200,
      net: 4_000_000,
      approvedOn: '2026-11-25',
      payout: 'failed',
    });
    const owed = await exchange(member.phone, 'coop');
    expect(owed.split('\n').at(-1)).toBe(`Not yet settled: 1,000 kg. Due to you: ${money('en', 4_000_000)}.`);
    expect(smsLength(owed).segments).toBe(1);
    const paid = await exchange(member.phone, 'paid');
    expect(paid).toBe(
      [
        `${name}, your payouts:`,
        `Nov 25: ${money('en', 4_000_000)}, failed, the co-op will retry`,
        `Nov 21: ${money('en', 6_000_000)}, paid`,
      ].join('\n'),
    );
    expect(smsLength(paid).segments).toBe(1);
  });

  it('answers COOP and PAYE / PAYÉ in French', async () => {
    const { member, menoua, first, third } = await memberWithHistory('fr');
    const name = menoua.group.name;
    const reply = await exchange(member.phone, 'COOP');
    // Maïs goes as Mais: it keeps the message in one GSM-7 part.
    expect(reply).toBe(
      [
        `${name}, vos livraisons :`,
        `${third.reference} 1 200 kg Mais B 20 nov.`,
        "Suite dans l'appli.",
        'Pas encore réglé : 1 500 kg. Rien à vous verser.',
      ].join('\n'),
    );
    expect(smsLength(reply).segments).toBe(1);
    expect(await exchange(member.phone, 'PAYE')).toBe(`${name} : aucun paiement pour l'instant.`);
    await approvedShare({
      groupId: menoua.group.id,
      memberId: member.user.id,
      lotId: first.lotId,
      kg: 300,
      net: 6_000_000,
      approvedOn: '2026-11-21',
      payout: 'succeeded',
    });
    const paid = await exchange(member.phone, 'payé');
    expect(paid).toBe(`${name}, vos paiements :\n21 nov. : ${money('fr', 6_000_000)}, payé`);
    expect(smsLength(paid).segments).toBe(1);
  });

  it('tells someone in no co-operative that they are not a member, in their language', async () => {
    const en = await phoneUser('en');
    const fr = await phoneUser('fr');
    const notMember =
      'You are not a member of a co-operative. Find one in the app (Network, Groups) and ask to join.';
    expect(await exchange(en.phone, 'COOP')).toBe(notMember);
    expect(await exchange(en.phone, 'PAID')).toBe(notMember);
    expect(await exchange(fr.phone, 'COOP')).toBe(
      "Vous n'êtes membre d'aucune coopérative. Trouvez-en une dans l'appli (Réseau, Groupes) et demandez à la rejoindre.",
    );
    // Asked to join but not admitted yet: still not a member.
    const asking = await phoneUser('en');
    const { group } = await coop(coopName(), []);
    await ok(await send(asking, 'POST', `/api/groups/${group.id}/members`, {}), 201);
    expect(await exchange(asking.phone, 'COOP')).toBe(notMember);
  });

  it("keeps to one SMS with many intakes, saying there are more in the app, and gives each co-op's block", async () => {
    const member = await phoneUser('en');
    const menoua = await coop(coopName(), [member]);
    for (let day = 1; day <= 7; day += 1) {
      await menoua.intake(member, { grade: 'C', tons: day / 10, date: `2026-11-0${day}` });
    }
    const reply = await exchange(member.phone, 'COOP');
    expect(smsLength(reply).segments).toBe(1);
    expect(reply).toContain('More in the app.');
    expect(reply.split('\n')[1]).toMatch(/ 700 kg Maize C Nov 7$/);
    const other = await coop(coopName(), [member]);
    await other.intake(member, { grade: 'A', tons: 2, date: '2026-11-08' });
    const both = await exchange(member.phone, 'COOP');
    expect(both).toContain(`${menoua.group.name}, your deliveries:`);
    expect(both).toContain(`${other.group.name}, your deliveries:`);
    expect(both).toMatch(/ 2,000 kg Maize A Nov 8\n/);
  });
});

describe('USSD Co-op menu', () => {
  it('is offered to members only, and shows deliveries, what is owed and payouts (en)', async () => {
    const { member, menoua, first, wrong, reversal, third } = await memberWithHistory('en');
    const name = menoua.group.name;
    const outsider = await phoneUser('en');
    expect(await dial(outsider.phone)()).not.toContain('8 Co-op');
    expect(await dial(outsider.phone)('8')).toMatch(/^CON Invalid choice\.\n/);
    const home = await dial(member.phone)();
    expect(home).toContain('8 Co-op\n9 Learn\n0 Help');
    expect(await dial(member.phone)('8')).toBe(
      `CON ${name}:\n1 My deliveries\n2 What I am owed\n3 My payouts\n0 Back`,
    );
    // A screen holds more than an SMS: the four entries, the correcting one and the one it cancels marked.
    expect(await dial(member.phone)('8', '1')).toBe(
      [
        `END ${name}, your deliveries:`,
        `${third.reference} 1,200 kg Maize B Nov 20`,
        `${reversal.reference} -150 kg Maize A ${dayText('en', reversal.date)} (correction)`,
        `${wrong.reference} 150 kg Maize A Nov 14 (cancelled)`,
        `${first.reference} 300 kg Maize B Nov 12`,
      ].join('\n'),
    );
    await approvedShare({
      groupId: menoua.group.id,
      memberId: member.user.id,
      lotId: first.lotId,
      kg: 300,
      net: 6_000_000,
      approvedOn: '2026-11-21',
      payout: 'pending',
    });
    await ok(
      await send(menoua.admin, 'POST', `/api/groups/${menoua.group.id}/credits`, {
        memberId: member.user.id,
        amount: 500_000,
        note: 'Seed maize',
      }),
      201,
    );
    const owed = await dial(member.phone)('8', '2');
    expect(owed).toBe(
      [
        `END ${name}:`,
        `Not yet settled: 1,200 kg. Due to you: ${money('en', 6_000_000)}.`,
        `Input credit you owe: ${money('en', 500_000)}.`,
        `Share of Nov 21: ${money('en', 6_000_000)}, being sent`,
      ].join('\n'),
    );
    expect(await dial(member.phone)('8', '3')).toBe(
      `END ${name}, your payouts:\nNov 21: ${money('en', 6_000_000)}, being sent`,
    );
    // Back from the Co-op menu to the main one.
    expect(await dial(member.phone)('8', '0')).toBe(home);
  });

  it('speaks French, and lets a member of two co-operatives choose one', async () => {
    const member = await phoneUser('fr');
    const a = await coop(coopName(), [member]);
    const b = await coop(coopName(), [member]);
    const made = await b.intake(member, { grade: 'A', tons: 0.5, date: '2026-11-10' });
    expect(await dial(member.phone)()).toContain('8 Coopérative\n9 Apprendre\n0 Aide');
    expect(await dial(member.phone)('8')).toBe(
      `CON Vos coopératives :\n1 ${a.group.name}\n2 ${b.group.name}\n0 Retour`,
    );
    expect(await dial(member.phone)('8', '2')).toBe(
      `CON ${b.group.name} :\n1 Mes livraisons\n2 Ce qu'on me doit\n3 Mes paiements\n0 Retour`,
    );
    expect(await dial(member.phone)('8', '2', '1')).toMatch(
      new RegExp(`^END ${b.group.name}, vos livraisons :\n${made.reference} 500 kg Ma[iï]s A 10 nov\\.$`),
    );
    expect(await dial(member.phone)('8', '1', '1')).toBe(
      `END ${a.group.name} : aucune livraison enregistrée pour l'instant.`,
    );
    expect(await dial(member.phone)('8', '2', '2')).toBe(
      `END ${b.group.name} :\nPas encore réglé : 500 kg. Rien à vous verser.`,
    );
    expect(await dial(member.phone)('8', '2', '3')).toBe(
      `END ${b.group.name} : aucun paiement pour l'instant.`,
    );
  });
});
