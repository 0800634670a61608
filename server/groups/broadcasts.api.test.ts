// A co-operative admin's broadcast through the real server: its dry run counts who it reaches, who reads it
// untranslated, how many SMS and their cost; sending gives each member one notice in their language (or the other,
// marked untranslated) and queues their SMS; a second broadcast the same day reaches only those not reached yet.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNotification } from '../../contract/notifications';
import { rowsOf } from '../db/client';
import { sender } from '../test/agent-sale';
import { type Coop, intake, makeCoop } from '../test/coop-sale';
import { proveNumber } from '../test/escrow-flow';
import { userWithRole } from '../test/factories';
import { call, createTestApp, ok, registerUser, type Session, type TestApp } from '../test/harness';
import { type ProviderStandIn, smsProviderEnv, startProviderStandIn } from '../test/provider-stand-in';

let stand: ProviderStandIn;
let t: TestApp;
let coop: Coop;
const send = sender(() => t.app);

/** 25.00 a message; six members, the even ones French; members 0 to 3 have a proven number. */
const SMS_PRICE = 25;
const MEMBERS = 6;
const WITH_NUMBER = 4;

const path = (rest: string) => `/api/groups/${coop.group.id}${rest}`;
const member = (i: number): Session => {
  const m = coop.members[i];
  if (!m) {
    throw new Error(`no member ${i}`);
  }
  return m;
};

async function broadcastsOf(who: Session): Promise<TNotification[]> {
  const list = await ok<TNotification[]>(await send(who, 'GET', '/api/notifications?limit=50'));
  return list.filter((n) => n.type === 'coop_broadcast');
}

async function smsQueued(): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.ctx.db.execute(sql`select count(*)::int as n from outbound_messages o
      join notifications n on n.id = o.notification_id where n.type = 'coop_broadcast' and o.channel = 'sms'`),
  );
  return row?.n ?? 0;
}

beforeAll(async () => {
  stand = await startProviderStandIn();
  t = await createTestApp({
    ...smsProviderEnv(stand, 'broadcast-callback-key-0123456789'),
    SMS_PRICE: String(SMS_PRICE),
    // Only what the test does: the queue is not worked, so what was queued is seen.
    OUTBOUND_POLL_MS: '600000',
  });
  coop = await makeCoop(t, send, { members: MEMBERS, language: (i) => (i % 2 === 0 ? 'fr' : 'en') });
  for (let i = 0; i < WITH_NUMBER; i++) {
    await proveNumber(t.ctx, member(i), `+23767030000${i}`);
  }
  // Only members 1 and 2 have maize in the co-operative's lots.
  for (const i of [1, 2]) {
    const store = coop.store;
    await intake(send, { ...coop, store }, member(i), 'B', 300);
  }
});

afterAll(async () => {
  await t.close();
  await stand.close();
});

describe('a broadcast to the co-operative’s members', () => {
  it('answers who it would reach and what the SMS would cost, sending nothing', async () => {
    const dry = await ok(
      await send(coop.admin, 'POST', path('/broadcasts'), { en: 'Sorting on Friday at 8.', dryRun: true }),
    );
    expect(dry).toEqual({
      recipients: MEMBERS,
      skippedToday: 0,
      untranslated: MEMBERS / 2,
      sms: WITH_NUMBER,
      cost: WITH_NUMBER * SMS_PRICE * 100,
      sent: false,
    });
    const maize = await ok(
      await send(coop.admin, 'POST', path('/broadcasts'), {
        en: 'Maize buyers come Friday.',
        fr: 'Les acheteurs de maïs viennent vendredi.',
        crop: 'Maize',
        dryRun: true,
      }),
    );
    expect(maize).toMatchObject({ recipients: 2, untranslated: 0, sms: 2, cost: 2 * SMS_PRICE * 100 });
    expect(await broadcastsOf(member(1))).toEqual([]);
    expect(await smsQueued()).toBe(0);
  });

  it('counts only the SMS that would go: not to a member who turned them off or proved their number by WhatsApp', async () => {
    const body = { en: 'Sorting on Friday at 8.', dryRun: true };
    await ok(
      await call(t.app, member(0).cookie, {
        method: 'PUT',
        url: '/api/notification-preferences',
        payload: { types: { coop_broadcast: { inApp: true, sms: false, whatsapp: false } } },
      }),
    );
    await t.ctx.db.execute(
      sql`update users set phone_verified_via = 'whatsapp' where id = ${member(1).user.id}`,
    );
    try {
      expect(await ok(await send(coop.admin, 'POST', path('/broadcasts'), body))).toMatchObject({
        recipients: MEMBERS,
        sms: WITH_NUMBER - 2,
        cost: (WITH_NUMBER - 2) * SMS_PRICE * 100,
      });
    } finally {
      await ok(
        await call(t.app, member(0).cookie, {
          method: 'PUT',
          url: '/api/notification-preferences',
          payload: { types: { coop_broadcast: { inApp: true, sms: true, whatsapp: false } } },
        }),
      );
      await t.ctx.db.execute(
        sql`update users set phone_verified_via = 'sms' where id = ${member(1).user.id}`,
      );
    }
  });

  it('is an admin’s: a member is refused, an outsider does not see the group', async () => {
    const body = { en: 'Hello', dryRun: true };
    expect((await send(member(1), 'POST', path('/broadcasts'), body)).statusCode).toBe(403);
    const outsider = await userWithRole(t.app, t.ctx, 'farmer');
    expect((await send(outsider, 'POST', path('/broadcasts'), body)).statusCode).toBe(404);
    expect((await send(coop.admin, 'POST', path('/broadcasts'), { dryRun: true })).statusCode).toBe(400);
  });

  it('gives each member one notice in their language, or the other marked untranslated, and queues the SMS', async () => {
    const sent = await ok(
      await send(coop.admin, 'POST', path('/broadcasts'), { en: 'Sorting on Friday at 8.' }),
    );
    expect(sent).toMatchObject({
      recipients: MEMBERS,
      untranslated: MEMBERS / 2,
      sms: WITH_NUMBER,
      sent: true,
    });
    for (let i = 0; i < MEMBERS; i++) {
      const notices = await broadcastsOf(member(i));
      expect(notices, `member ${i}`).toHaveLength(1);
      const [notice] = notices;
      expect(notice?.data).toMatchObject({ group: coop.group.name, text: 'Sorting on Friday at 8.' });
      if (i % 2 === 0) {
        expect(notice?.data.reason).toBe('untranslated');
        expect(notice?.text).toBe(`${coop.group.name} (message non traduit) : Sorting on Friday at 8.`);
      } else {
        expect(notice?.data.reason).toBeUndefined();
        expect(notice?.text).toBe(`${coop.group.name}: Sorting on Friday at 8.`);
      }
    }
    // The admin who wrote it is not among those it reaches.
    expect(await broadcastsOf(coop.admin)).toEqual([]);
    expect(await smsQueued()).toBe(WITH_NUMBER);
  });

  it('reaches nobody twice the same day: only a member who joined since', async () => {
    const again = { en: 'Reminder: Friday.', fr: 'Rappel : vendredi.' };
    expect(
      await ok(await send(coop.admin, 'POST', path('/broadcasts'), { ...again, dryRun: true })),
    ).toMatchObject({
      recipients: 0,
      skippedToday: MEMBERS,
      sms: 0,
      cost: 0,
    });
    const refused = await send(coop.admin, 'POST', path('/broadcasts'), again);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBeTruthy();

    const newcomer = await registerUser(t.app, { role: 'farmer', language: 'fr' });
    await ok(await send(newcomer, 'POST', path('/members'), {}), 201);
    await ok(await send(coop.admin, 'POST', path(`/members/${newcomer.user.id}/decision`), { accept: true }));
    const sent = await ok(await send(coop.admin, 'POST', path('/broadcasts'), again));
    expect(sent).toMatchObject({ recipients: 1, skippedToday: MEMBERS, untranslated: 0, sent: true });
    const [notice] = await broadcastsOf(newcomer);
    expect(notice?.text).toBe(`${coop.group.name} : Rappel : vendredi.`);
    for (let i = 0; i < MEMBERS; i++) {
      expect(await broadcastsOf(member(i))).toHaveLength(1);
    }
    expect(await smsQueued()).toBe(WITH_NUMBER);
  });
});
