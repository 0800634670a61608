// Events by phone through the real server: a co-operative's announcement reaches a member by SMS (in their language,
// at most 3 parts), who answers `1` (or OUI / NO); a bare 1 without an open invitation, and YES with a write waiting
// for its PIN, keep their old meaning; a full event refuses a yes; USSD Events lists the user's coming events and
// answers one, every screen fitting a handset.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TCalendarEvent } from '../../contract/calendar';
import { smsLength } from '../channels/sms-text';
import { outboundWorker } from '../notifications/outbound-worker';
import { sender } from '../test/agent-sale';
import { announce, hoursFromNow } from '../test/calendar';
import { userWithRole } from '../test/factories';
import { joinByInvitation } from '../test/groups';
import { call, createTestApp, ok, type Session, type TestApp } from '../test/harness';
import { phoneChannels } from '../test/phone-channels';
import { type ProviderStandIn, smsProviderEnv, startProviderStandIn } from '../test/provider-stand-in';
import { setVerifiedPhone } from '../users/phone.repo';

const KEY = 'callback-key-0123456789';
let stand: ProviderStandIn;
let t: TestApp;
const { sms, dial } = phoneChannels(() => t.app, KEY, 'cal');
const send = sender(() => t.app);
let numbers = 0;

beforeAll(async () => {
  stand = await startProviderStandIn();
  t = await createTestApp({ ...smsProviderEnv(stand, KEY), OUTBOUND_POLL_MS: '600000' });
});
afterAll(async () => {
  await t.close();
  await stand.close();
});
beforeEach(async () => {
  await outboundWorker.of(t.ctx).runOnce();
  stand.sms.length = 0;
});

type PhoneSession = Session & { phone: string };

async function phoneUser(
  language: 'en' | 'fr' = 'en',
  role: 'farmer' | 'agent' = 'farmer',
): Promise<PhoneSession> {
  const session = await userWithRole(t.app, t.ctx, role);
  numbers += 1;
  const phone = `+23769${String(1_000_000 + numbers * 6113).padStart(7, '0')}`;
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

/** A co-operative of the admin with these members (each invited and accepting). */
async function coopWith(members: Session[]) {
  const admin = await phoneUser('fr');
  const group = await ok<{ id: number; name: string }>(
    await send(admin, 'POST', '/api/groups', { name: 'Coop Menoua', kind: 'cooperative', region: 'Ouest' }),
    201,
  );
  for (const member of members) {
    await joinByInvitation(send, group.id, admin, member);
  }
  return { admin, group };
}

/** What the phone received since the last look. */
async function received(phone: string): Promise<string[]> {
  await outboundWorker.of(t.ctx).runOnce();
  const got = stand.sms.filter((m) => m.form.to === phone).map((m) => m.form.message ?? '');
  stand.sms.length = 0;
  return got;
}

async function exchange(phone: string, text: string): Promise<string> {
  await received(phone);
  await sms(phone, text);
  const replies = await received(phone);
  expect(replies, text).toHaveLength(1);
  return replies[0] as string;
}

/** Accents left out: a message is spelled in GSM-7 where it can be (ï, ê become i, e) to fit more. */
const plain = (text: string | undefined) => (text ?? '').normalize('NFD').replace(/[\u0300-\u036f]/g, '');

const eventOf = async (who: Session, id: number) =>
  ok<TCalendarEvent>(await call(t.app, who.cookie, { method: 'GET', url: `/api/calendar/${id}` }));

describe('SMS answers to an invitation', () => {
  it('invites members by SMS in their language; 1 says yes, NON changes it to no', async () => {
    const fr = await phoneUser('fr');
    const en = await phoneUser('en');
    const { admin, group } = await coopWith([fr, en]);
    const day = await announce(t.app, admin, {
      kind: 'collection_day',
      title: 'Collecte de maïs',
      groupId: group.id,
      place: { name: 'Magasin de Dschang' },
    });
    await outboundWorker.of(t.ctx).runOnce();
    const [english] = stand.sms.filter((m) => m.form.to === en.phone).map((m) => m.form.message ?? '');
    const [invitation] = await received(fr.phone);
    // Whole, accents kept (in up to 3 parts: it is answered by a reply).
    expect(invitation).toMatch(
      /^Invitation \(répondez 1 oui, 2 non\) : Collecte de maïs, .+ UTC, Magasin de Dschang\. http/,
    );
    expect(smsLength(invitation ?? '').segments).toBeLessThanOrEqual(3);
    expect(english).toMatch(/^Invitation \(reply 1 yes, 2 no\): Collecte de maïs, /);

    expect(plain(await exchange(fr.phone, '1'))).toBe(
      plain('Merci : vous venez à Collecte de maïs. Répondez 2 si cela change.'),
    );
    expect((await eventOf(fr, day.id)).myAnswer).toBe('yes');
    expect(plain(await exchange(fr.phone, 'non'))).toBe(
      plain('Noté : vous ne venez pas à Collecte de maïs. Répondez 1 si cela change.'),
    );
    expect((await eventOf(fr, day.id)).myAnswer).toBe('no');
    expect(plain(await exchange(en.phone, 'YES'))).toContain('you are coming to Collecte de mais');
    expect((await eventOf(admin, day.id)).counts).toEqual({ yes: 1, no: 1, maybe: 0 });
  });

  it('refuses a yes beyond the capacity, and leaves 1 and YES to the other commands without an invitation', async () => {
    const a = await phoneUser();
    const b = await phoneUser();
    const { admin, group } = await coopWith([a, b]);
    await announce(t.app, admin, {
      kind: 'coop_meeting',
      title: 'Small meeting',
      groupId: group.id,
      capacity: 1,
    });
    await received(a.phone);
    await received(b.phone);
    expect(await exchange(a.phone, '1')).toContain('you are coming');
    expect(await exchange(b.phone, '1')).toBe('Small meeting is full: your yes could not be taken.');

    const stranger = await phoneUser();
    const help = await exchange(stranger.phone, 'HELP');
    expect(await exchange(stranger.phone, '1')).toBe(help);
    expect(await exchange(stranger.phone, 'YES')).toBe(await exchange(stranger.phone, 'YES 1234'));
  });

  it('stops answering an invitation once the event is cancelled', async () => {
    const member = await phoneUser();
    const { admin, group } = await coopWith([member]);
    const meeting = await announce(t.app, admin, {
      kind: 'coop_meeting',
      title: 'Meeting',
      groupId: group.id,
    });
    await ok(await send(admin, 'PATCH', `/api/calendar/${meeting.id}`, { cancelled: true }));
    const help = await exchange(member.phone, 'HELP');
    expect(await exchange(member.phone, '1')).toBe(help);
  });
});

describe('USSD Events', () => {
  it('lists the coming events and answers one (en), shown only to those with events', async () => {
    const member = await phoneUser();
    const { admin, group } = await coopWith([member]);
    const nobody = await phoneUser();
    await call(t.app, null, { method: 'GET', url: '/api/health' });
    const home = await dial(member.phone)();
    expect(home).not.toContain('10 Events');
    const meeting = await announce(t.app, admin, {
      kind: 'coop_meeting',
      title: 'Assembly',
      groupId: group.id,
      startsAt: hoursFromNow(26),
      endsAt: hoursFromNow(28),
    });
    expect(await dial(member.phone)()).toContain('9 Learn\n10 Events\n0 Help');
    const list = await dial(member.phone)('10');
    expect(list).toMatch(/^CON Your events\n1 .+ UTC Assembly\n/);
    const detail = await dial(member.phone)('10', '1');
    expect(plain(detail)).toMatch(
      /^CON Assembly\n.+ UTC\nDschang, salle des fetes\nYour answer: none yet\n1 Yes\n2 No\n3 Maybe/,
    );
    expect(await dial(member.phone)('10', '1', '3')).toBe('END Assembly: your answer is maybe.');
    expect((await eventOf(member, meeting.id)).myAnswer).toBe('maybe');
    expect(await dial(member.phone)('10', '1', '7')).toMatch(/^CON Invalid choice\./);
    // A public event shows to everyone; nobody else sees the members-only one.
    expect(await dial(nobody.phone)('10')).not.toContain('Assembly');
  });

  it('speaks French', async () => {
    const member = await phoneUser('fr');
    const { admin, group } = await coopWith([member]);
    await announce(t.app, admin, { kind: 'coop_meeting', title: 'Assemblée', groupId: group.id });
    expect(plain(await dial(member.phone)())).toContain('9 Apprendre\n10 Evenements\n0 Aide');
    expect(plain(await dial(member.phone)('10', '1'))).toContain(
      'Votre reponse : pas encore\n1 Oui\n2 Non\n3 Peut-etre',
    );
    expect(plain(await dial(member.phone)('10', '1', '1'))).toBe('END Assemblee : votre reponse est oui.');
  });

  it('keeps the choices on the screen of an event with the longest title and place', async () => {
    const member = await phoneUser();
    const { admin, group } = await coopWith([member]);
    await announce(t.app, admin, {
      kind: 'coop_meeting',
      title: `Assembly ${'of the members '.repeat(8)}`.slice(0, 120),
      groupId: group.id,
      place: { name: `Hall ${'next to the market '.repeat(6)}`.slice(0, 120) },
    });
    expect(await dial(member.phone)('10', '1')).toMatch(/\n1 Yes\n2 No\n3 Maybe\n0 Back$/);
  });
});
