// Reminders of tomorrow's crop tasks through the real server: one notification per person listing all their tasks,
// its SMS held in quiet hours, done tasks left out, each task reminded once even with two instances on one database.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { outboundWorker } from '../notifications/outbound-worker';
import { createFarm, userWithRole } from '../test/factories';
import { call, createSecondInstance, createTestApp, type Session, type TestApp } from '../test/harness';
import { type ProviderStandIn, smsProviderEnv, startProviderStandIn } from '../test/provider-stand-in';
import { setVerifiedPhone } from '../users/phone.repo';
import { taskReminders } from './task-reminders';

const onPostgres = process.env.TEST_DB === 'postgres';
let stand: ProviderStandIn;
let t: TestApp;
let numbers = 0;
/** Each test its own days, far from the farms' own calendars. */
let year = 2040;

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
  // Each test counts its own messages: those a test before left queued go first.
  await outboundWorker.of(t.ctx).runOnce();
  stand.sms.length = 0;
  year += 1;
});

const today = () => `${year}-03-09`;
const tomorrow = () => `${year}-03-10`;

async function farmerWithPhone(app: TestApp, language: 'en' | 'fr' = 'en') {
  const session = await userWithRole(app.app, app.ctx, 'farmer');
  numbers += 1;
  const phone = `+23767${String(1_000_000 + numbers * 3331).padStart(7, '0')}`;
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
  const farm = await createFarm(app.app, session);
  return { session, farm };
}

async function task(app: TestApp, owner: Session, farmId: number, title: string, due: string) {
  const res = await call(app.app, owner.cookie, {
    method: 'POST',
    url: `/api/farms/${farmId}/tasks`,
    payload: { title, due },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

const remindersOf = async (app: TestApp, userId: number) =>
  rowsOf<{ id: number; data: { count: number; tasks: string; day: string }; link: string }>(
    await app.ctx.db.execute(
      sql`select id, data, link from notifications where user_id = ${userId} and type = 'task_reminder' order by id`,
    ),
  );

const outboxOf = async (app: TestApp, userId: number) =>
  rowsOf<{ id: number; status: string; due_at: string; channel: string }>(
    await app.ctx.db.execute(
      sql`select id, status, due_at, channel from outbound_messages where user_id = ${userId} order by id`,
    ),
  );

/** The reminder as its reader's inbox shows it. */
async function reminderText(session: Session) {
  const inbox = await call(t.app, session.cookie, { method: 'GET', url: '/api/notifications' });
  return inbox.json<{ type: string; text: string }[]>().find((n) => n.type === 'task_reminder')?.text;
}

const weekday = (lang: 'en' | 'fr') =>
  new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${tomorrow()}T00:00:00Z`),
  );

describe('task reminders', () => {
  it('tells the owner once, in one message, of all the open tasks due tomorrow and of no other', async () => {
    const { session, farm } = await farmerWithPhone(t);
    await task(t, session, farm.id, 'Mend the fence', tomorrow());
    await task(t, session, farm.id, 'Buy urea', tomorrow());
    await task(t, session, farm.id, 'Fix the pump', tomorrow());
    const done = await task(t, session, farm.id, 'Already done', tomorrow());
    await task(t, session, farm.id, 'Later', `${year}-03-11`);
    const ticked = await call(t.app, session.cookie, {
      method: 'PATCH',
      url: `/api/tasks/${done}`,
      payload: { status: 'done' },
    });
    expect(ticked.statusCode, ticked.body).toBe(200);

    expect(await taskReminders.of(t.ctx).runOnce(today())).toBe(1);
    expect(await taskReminders.of(t.ctx).runOnce(today())).toBe(0);
    const [reminder, ...more] = await remindersOf(t, session.user.id);
    expect(more).toEqual([]);
    expect(reminder?.data.count).toBe(3);
    expect(reminder?.link).toBe('/crops');
    expect(reminder?.data.tasks).toBe('Mend the fence; Buy urea; Fix the pump');

    const text = await reminderText(session);
    expect(text).toBe(
      `Tasks due tomorrow (${weekday('en')}, March 10): Mend the fence; Buy urea; Fix the pump.`,
    );

    // Its SMS goes out by default (a business notification), once.
    await outboundWorker.of(t.ctx).runOnce();
    expect(stand.sms).toHaveLength(1);
    expect(stand.sms[0]?.form.message?.startsWith(`${text} http`)).toBe(true);
  });

  it('speaks French to a French farmer and names template tasks by their kind', async () => {
    const { session, farm } = await farmerWithPhone(t, 'fr');
    await task(t, session, farm.id, 'Réparer la clôture', tomorrow());
    await t.ctx.db.execute(
      sql`insert into crop_tasks (farm_id, kind, round, due) values (${farm.id}, 'weeding', 2, ${tomorrow()})`,
    );
    await taskReminders.of(t.ctx).runOnce(today());
    const [reminder] = await remindersOf(t, session.user.id);
    expect(reminder?.data.tasks).toBe('Réparer la clôture; Sarclage 2');
    expect(await reminderText(session)).toBe(
      `Tâches à faire demain (${weekday('fr')} 10 mars) : Réparer la clôture; Sarclage 2.`,
    );
    await outboundWorker.of(t.ctx).runOnce();
  });

  it('tells an assigned task to its assignee, not the owner', async () => {
    const { session: owner, farm } = await farmerWithPhone(t);
    const { session: worker } = await farmerWithPhone(t);
    const added = await call(t.app, owner.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/members`,
      payload: { userId: worker.user.id, role: 'worker' },
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const given = await task(t, owner, farm.id, 'Spread manure', tomorrow());
    const assigned = await call(t.app, owner.cookie, {
      method: 'PATCH',
      url: `/api/tasks/${given}`,
      payload: { assigneeId: worker.user.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await task(t, owner, farm.id, 'Sell the eggs', tomorrow());
    expect(await taskReminders.of(t.ctx).runOnce(today())).toBe(2);
    expect((await remindersOf(t, worker.user.id)).map((r) => r.data.tasks)).toEqual(['Spread manure']);
    expect((await remindersOf(t, owner.user.id)).map((r) => r.data.tasks)).toEqual(['Sell the eggs']);
  });

  it('holds the SMS in the quiet hours and sends it after', async () => {
    const { session, farm } = await farmerWithPhone(t);
    const now = new Date();
    const clock = (d: Date) =>
      `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
    const put = await call(t.app, session.cookie, {
      method: 'PUT',
      url: '/api/notification-preferences',
      payload: {
        quietHours: { start: clock(now), end: clock(new Date(now.getTime() + 3_600_000)), timeZone: 'UTC' },
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    await task(t, session, farm.id, 'Weigh the bags', tomorrow());
    await taskReminders.of(t.ctx).runOnce(today());
    expect(await remindersOf(t, session.user.id)).toHaveLength(1);
    await outboundWorker.of(t.ctx).runOnce();
    expect(stand.sms).toHaveLength(0);
    const [held] = await outboxOf(t, session.user.id);
    expect(held).toMatchObject({ status: 'queued', channel: 'sms' });
    expect(new Date(held?.due_at ?? 0).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    await t.ctx.db.execute(sql`update outbound_messages set due_at = now() where id = ${held?.id}`);
    await call(t.app, session.cookie, {
      method: 'PUT',
      url: '/api/notification-preferences',
      payload: { quietHours: null },
    });
    await outboundWorker.of(t.ctx).runOnce();
    expect(stand.sms).toHaveLength(1);
  });
});

describe.runIf(onPostgres)('two instances', () => {
  it('remind each person once, in one message, when both run at once', async () => {
    const b = await createSecondInstance(t);
    try {
      const farmers = await Promise.all([farmerWithPhone(t), farmerWithPhone(t), farmerWithPhone(t)]);
      for (const { session, farm } of farmers) {
        for (const title of ['One', 'Two', 'Three']) {
          await task(t, session, farm.id, title, tomorrow());
        }
      }
      const counts = await Promise.all([
        taskReminders.of(t.ctx).runOnce(today()),
        taskReminders.of(b.ctx).runOnce(today()),
        taskReminders.of(t.ctx).runOnce(today()),
        taskReminders.of(b.ctx).runOnce(today()),
      ]);
      expect(counts.reduce((a, n) => a + n, 0)).toBe(3);
      for (const { session } of farmers) {
        const reminders = await remindersOf(t, session.user.id);
        expect(reminders).toHaveLength(1);
        expect(reminders[0]?.data).toMatchObject({ count: 3, tasks: 'One; Two; Three' });
        expect(await outboxOf(t, session.user.id)).toHaveLength(1);
      }
    } finally {
      await b.close();
    }
  });
});
