// Event reminders through the real server: the day before and two hours before, to those who answered yes or maybe
// and the organiser (not to those who said no), once each; a late announcement gets one reminder, not two; a moved
// event is reminded again; the SMS is held in the recipient's quiet hours; two instances send each reminder once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { outboundWorker } from '../notifications/outbound-worker';
import { announce, answer, hoursFromNow } from '../test/calendar';
import { userWithRole } from '../test/factories';
import { call, createSecondInstance, createTestApp, ok, type Session, type TestApp } from '../test/harness';
import { type ProviderStandIn, smsProviderEnv, startProviderStandIn } from '../test/provider-stand-in';
import { setVerifiedPhone } from '../users/phone.repo';
import { eventReminders } from './reminders';

const onPostgres = process.env.TEST_DB === 'postgres';
let stand: ProviderStandIn;
let t: TestApp;
let numbers = 0;

beforeAll(async () => {
  stand = await startProviderStandIn();
  t = await createTestApp({
    ...smsProviderEnv(stand, 'callback-key-0123456789'),
    OUTBOUND_POLL_MS: '600000',
  });
});
afterAll(async () => {
  await t.close();
  await stand.close();
});
beforeEach(async () => {
  await outboundWorker.of(t.ctx).runOnce();
  stand.sms.length = 0;
  // Each test its own events: those of a test before are over.
  await t.ctx.db.execute(sql`update calendar_events set cancelled_at = now() where cancelled_at is null`);
});

async function withPhone(role: 'farmer' | 'agent' = 'farmer'): Promise<Session> {
  const session = await userWithRole(t.app, t.ctx, role);
  numbers += 1;
  const phone = `+23767${String(2_000_000 + numbers * 4111).padStart(7, '0')}`;
  await setVerifiedPhone(t.ctx.db, session.user.id, {
    e164: phone,
    countryCode: '+237',
    phoneNumber: phone.slice(4),
    via: 'sms',
  });
  return session;
}

const remindersOf = async (userId: number) =>
  rowsOf<{ data: { eventId: number; reason: string; title: string } }>(
    await t.ctx.db.execute(
      sql`select data from notifications where user_id = ${userId} and type = 'event_reminder' order by id`,
    ),
  );

const at = (hoursAhead: number) => new Date(Date.now() + hoursAhead * 3_600_000);

describe('event reminders', () => {
  it('reminds yes and maybe (and the organiser) the day before and 2 h before, once each', async () => {
    const agent = await withPhone('agent');
    const [yes, maybe, no] = [await withPhone(), await withPhone(), await withPhone()];
    const event = await announce(t.app, agent, { startsAt: hoursFromNow(30), endsAt: hoursFromNow(33) });
    await ok(await answer(t.app, yes, event.id, 'yes'));
    await ok(await answer(t.app, maybe, event.id, 'maybe'));
    await ok(await answer(t.app, no, event.id, 'no'));
    const reminders = eventReminders.of(t.ctx);
    // 30 h ahead: nothing yet.
    expect(await reminders.runOnce()).toBe(0);
    // 23 h before it starts (7 h from now): the day-before reminder, once.
    expect(await reminders.runOnce(at(7))).toBe(1);
    expect(await reminders.runOnce(at(7.5))).toBe(0);
    // 1.5 h before: the 2 h reminder.
    expect(await reminders.runOnce(at(28.5))).toBe(1);
    expect(await reminders.runOnce(at(29))).toBe(0);
    for (const who of [yes, maybe, agent]) {
      expect((await remindersOf(who.user.id)).map((r) => r.data.reason)).toEqual(['day', 'hours']);
    }
    expect(await remindersOf(no.user.id)).toEqual([]);
    const inbox = await call(t.app, yes.cookie, { method: 'GET', url: '/api/notifications' });
    const texts = inbox.json<{ type: string; text: string }[]>().filter((n) => n.type === 'event_reminder');
    expect(texts.map((n) => n.text.split(':')[0])).toEqual(['In 2 hours', 'Tomorrow']);
  });

  it('sends one reminder to an event announced late, and reminds a moved event again', async () => {
    const agent = await withPhone('agent');
    const farmer = await withPhone();
    const event = await announce(t.app, agent, { startsAt: hoursFromNow(1.5), endsAt: hoursFromNow(3) });
    await ok(await answer(t.app, farmer, event.id, 'yes'));
    expect(await eventReminders.of(t.ctx).runOnce()).toBe(1);
    expect(await eventReminders.of(t.ctx).runOnce()).toBe(0);
    expect((await remindersOf(farmer.user.id)).map((r) => r.data.reason)).toEqual(['hours']);
    await ok(
      await call(t.app, agent.cookie, {
        method: 'PATCH',
        url: `/api/calendar/${event.id}`,
        payload: { startsAt: hoursFromNow(20), endsAt: hoursFromNow(22) },
      }),
    );
    expect(await eventReminders.of(t.ctx).runOnce()).toBe(1);
    expect((await remindersOf(farmer.user.id)).map((r) => r.data.reason)).toEqual(['hours', 'day']);
  });

  it('holds the SMS in the quiet hours (none sent then) and sends it after', async () => {
    const agent = await withPhone('agent');
    const farmer = await withPhone();
    const now = new Date();
    const clock = (d: Date) =>
      `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
    await ok(
      await call(t.app, farmer.cookie, {
        method: 'PUT',
        url: '/api/notification-preferences',
        payload: {
          quietHours: { start: clock(now), end: clock(new Date(now.getTime() + 3_600_000)), timeZone: 'UTC' },
        },
      }),
    );
    const event = await announce(t.app, agent, { startsAt: hoursFromNow(1.5), endsAt: hoursFromNow(3) });
    await ok(await answer(t.app, farmer, event.id, 'yes'));
    await eventReminders.of(t.ctx).runOnce();
    expect(await remindersOf(farmer.user.id)).toHaveLength(1);
    await outboundWorker.of(t.ctx).runOnce();
    const phoneOf = rowsOf<{ verified_phone: string }>(
      await t.ctx.db.execute(sql`select verified_phone from users where id = ${farmer.user.id}`),
    )[0]?.verified_phone;
    expect(stand.sms.filter((m) => m.form.to === phoneOf)).toHaveLength(0);
    const [held] = rowsOf<{ id: number; status: string; due_at: string }>(
      await t.ctx.db.execute(
        sql`select id, status, due_at from outbound_messages where user_id = ${farmer.user.id} order by id`,
      ),
    );
    expect(held?.status).toBe('queued');
    expect(new Date(held?.due_at ?? 0).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    await t.ctx.db.execute(sql`update outbound_messages set due_at = now() where id = ${held?.id}`);
    await ok(
      await call(t.app, farmer.cookie, {
        method: 'PUT',
        url: '/api/notification-preferences',
        payload: { quietHours: null },
      }),
    );
    await outboundWorker.of(t.ctx).runOnce();
    const sent = stand.sms.filter((m) => m.form.to === phoneOf);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.form.message).toMatch(/^In 2 hours: Maize storage training/);
  });
});

describe.runIf(onPostgres)('two instances', () => {
  it('send each reminder once when both run at once', async () => {
    const b = await createSecondInstance(t);
    try {
      const agent = await withPhone('agent');
      const farmers = [await withPhone(), await withPhone()];
      const events = [
        await announce(t.app, agent, { startsAt: hoursFromNow(20), endsAt: hoursFromNow(21) }),
        await announce(t.app, agent, { startsAt: hoursFromNow(1), endsAt: hoursFromNow(2) }),
      ];
      for (const event of events) {
        for (const farmer of farmers) {
          await ok(await answer(t.app, farmer, event.id, 'yes'));
        }
      }
      const counts = await Promise.all([
        eventReminders.of(t.ctx).runOnce(),
        eventReminders.of(b.ctx).runOnce(),
        eventReminders.of(t.ctx).runOnce(),
        eventReminders.of(b.ctx).runOnce(),
      ]);
      expect(counts.reduce((sum, n) => sum + n, 0)).toBe(2);
      for (const farmer of [...farmers, agent]) {
        expect((await remindersOf(farmer.user.id)).map((r) => r.data.eventId).sort()).toEqual(
          events.map((e) => e.id).sort(),
        );
      }
    } finally {
      await b.close();
    }
  });
});
