// Events through the real server: who may announce what, members-only events hidden from outsiders (404 by id),
// coming and past lists, answers against the capacity, check-ins replayed by the outbox counted once, a meeting's
// minutes, changes and cancellations told to those concerned, and a collection day counting the day's intakes.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCalendarEvent } from '../../contract/calendar';
import type { TIntake } from '../../contract/groups';
import { rowsOf } from '../db/client';
import { sender } from '../test/agent-sale';
import { announce, answer, eventInput, hoursFromNow } from '../test/calendar';
import { userWithRole } from '../test/factories';
import { type Coop, intakeFor, makeCoop } from '../test/groups';
import { call, createTestApp, eventsDuring, ok, type Session, type TestApp } from '../test/harness';

let t: TestApp;
const send = sender(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (who: Session, url: string) => call(t.app, who.cookie, { method: 'GET', url });
const list = async (who: Session, query = '') =>
  (await ok<{ data: TCalendarEvent[] }>(await get(who, `/api/calendar${query}`))).data;

const noticesOf = async (userId: number, type: string) =>
  rowsOf<{ data: Record<string, string | number> }>(
    await t.ctx.db.execute(
      sql`select data from notifications where user_id = ${userId} and type = ${type} order by id`,
    ),
  );

describe('announcing', () => {
  let coop: Coop;
  beforeAll(async () => {
    coop = await makeCoop(t, send, { members: 2 });
  });

  it('lets agents and managers announce public events, buyers their visits, and refuses the rest', async () => {
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    const manager = await userWithRole(t.app, t.ctx, 'manager');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const training = await announce(t.app, agent);
    expect(training).toMatchObject({
      kind: 'training',
      group: null,
      organiser: { id: agent.user.id },
      mayManage: true,
      mayCheckIn: true,
      cancelled: false,
      counts: { yes: 0, no: 0, maybe: 0 },
      myAnswer: null,
      intake: null,
    });
    await announce(t.app, manager, { kind: 'market_day', title: 'Dschang market day' });
    await announce(t.app, buyer, { kind: 'buyer_visit', title: 'Visit of a maize buyer' });
    const refused = [
      await send(buyer, 'POST', '/api/calendar', eventInput({ kind: 'training' })),
      await send(farmer, 'POST', '/api/calendar', eventInput()),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json<{ code: string }>().code).toBe('forbidden');
    }
  });

  it('refuses an end before the start, a collection day without a group, and a start in the past', async () => {
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    const backwards = await send(
      agent,
      'POST',
      '/api/calendar',
      eventInput({ startsAt: hoursFromNow(10), endsAt: hoursFromNow(9) }),
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('endsAt');
    const groupless = await send(agent, 'POST', '/api/calendar', eventInput({ kind: 'collection_day' }));
    expect(groupless.statusCode).toBe(400);
    expect(groupless.body).toContain('groupId');
    const past = await send(
      agent,
      'POST',
      '/api/calendar',
      eventInput({ startsAt: hoursFromNow(-48), endsAt: hoursFromNow(-46) }),
    );
    expect(past.statusCode).toBe(400);
  });

  it("lets a group's admins announce its events; a plain member is refused, an outsider told 404", async () => {
    const [member] = coop.members as [Session];
    const outsider = await userWithRole(t.app, t.ctx, 'agent');
    const byMember = await send(member, 'POST', '/api/calendar', {
      ...eventInput({ kind: 'coop_meeting' }),
      groupId: coop.group.id,
    });
    expect(byMember.statusCode).toBe(403);
    const byOutsider = await send(outsider, 'POST', '/api/calendar', {
      ...eventInput({ kind: 'coop_meeting' }),
      groupId: coop.group.id,
    });
    expect(byOutsider.statusCode).toBe(404);
  });

  it('hides members-only events from outsiders (lists and 404 by id) and invites the members', async () => {
    const [member] = coop.members as [Session];
    const outsider = await userWithRole(t.app, t.ctx, 'farmer');
    const manager = await userWithRole(t.app, t.ctx, 'manager');
    let meeting: TCalendarEvent | undefined;
    const events = await eventsDuring(t, async () => {
      meeting = await announce(t.app, coop.admin, {
        kind: 'coop_meeting',
        title: 'General assembly',
        groupId: coop.group.id,
      });
    });
    const id = meeting?.id ?? 0;
    expect(events).toContainEqual({ type: 'calendar', id });
    expect(meeting?.group).toEqual({ id: coop.group.id, name: coop.group.name });
    expect((await list(member)).map((e) => e.id)).toContain(id);
    expect((await list(manager, `?groupId=${coop.group.id}`)).map((e) => e.id)).toEqual([id]);
    expect((await list(outsider)).map((e) => e.id)).not.toContain(id);
    expect((await get(outsider, `/api/calendar/${id}`)).statusCode).toBe(404);
    expect((await get(outsider, `/api/calendar/${id}.ics`)).statusCode).toBe(404);
    expect((await answer(t.app, outsider, id, 'yes')).statusCode).toBe(404);
    const [invitation] = await noticesOf(member.user.id, 'event_invitation');
    expect(invitation).toMatchObject({
      data: { eventId: id, title: 'General assembly', group: coop.group.name },
    });
    // The organiser is not invited to their own event.
    expect(await noticesOf(coop.admin.user.id, 'event_invitation')).toEqual([]);
  });

  it('lists coming events soonest first from a day, and past ones latest first', async () => {
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    const later = await announce(t.app, agent, { startsAt: hoursFromNow(200), endsAt: hoursFromNow(202) });
    const sooner = await announce(t.app, agent, { startsAt: hoursFromNow(100), endsAt: hoursFromNow(102) });
    const ids = (await list(agent)).map((e) => e.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    const from = hoursFromNow(150).slice(0, 10);
    expect((await list(agent, `?from=${from}`)).map((e) => e.id)).not.toContain(sooner.id);
    await t.ctx.db.execute(sql`update calendar_events set starts_at = now() - interval '50 hours',
      ends_at = now() - interval '48 hours' where id = ${sooner.id}`);
    const past = await list(agent, '?past=true');
    expect(past.map((e) => e.id)).toContain(sooner.id);
    expect(past.map((e) => e.id)).not.toContain(later.id);
  });
});

describe('answers, check-ins and minutes', () => {
  it('refuses a new yes beyond the capacity (409) but takes a maybe, and a yes changed to no frees a place', async () => {
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => userWithRole(t.app, t.ctx, 'farmer')));
    const event = await announce(t.app, agent, { capacity: 2 });
    expect((await answer(t.app, a as Session, event.id, 'yes')).statusCode).toBe(200);
    const second = await ok<TCalendarEvent>(await answer(t.app, b as Session, event.id, 'yes'));
    expect(second).toMatchObject({ counts: { yes: 2, no: 0, maybe: 0 }, myAnswer: 'yes', mayManage: false });
    const full = await answer(t.app, c as Session, event.id, 'yes');
    expect(full.statusCode).toBe(409);
    expect(full.json<{ message: string }>().message).toContain('2');
    // The same yes again is no new place.
    expect((await answer(t.app, a as Session, event.id, 'yes')).statusCode).toBe(200);
    expect((await answer(t.app, c as Session, event.id, 'maybe')).statusCode).toBe(200);
    expect((await answer(t.app, a as Session, event.id, 'no')).statusCode).toBe(200);
    const now = await ok<TCalendarEvent>(await answer(t.app, c as Session, event.id, 'yes'));
    expect(now.counts).toEqual({ yes: 2, no: 1, maybe: 0 });
  });

  it('takes answers sent at the same moment: never more yeses than places, every answer counted', async () => {
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    const people = await Promise.all(Array.from({ length: 12 }, () => userWithRole(t.app, t.ctx, 'farmer')));
    const limited = await announce(t.app, agent, { capacity: 5 });
    const open = await announce(t.app, agent, { title: 'Open field day' });
    const [toLimited, toOpen] = await Promise.all([
      Promise.all(people.map((p) => answer(t.app, p, limited.id, 'yes'))),
      Promise.all(people.map((p, i) => answer(t.app, p, open.id, i % 3 === 0 ? 'no' : 'yes'))),
    ]);
    expect(toLimited.map((r) => r.statusCode).sort()).toEqual([...Array(5).fill(200), ...Array(7).fill(409)]);
    expect(toOpen.every((r) => r.statusCode === 200)).toBe(true);
    const read = async (id: number) =>
      (await ok<TCalendarEvent>(await get(agent, `/api/calendar/${id}`))).counts;
    expect(await read(limited.id)).toEqual({ yes: 5, no: 0, maybe: 0 });
    expect(await read(open.id)).toEqual({ yes: 8, no: 4, maybe: 0 });
  });

  it('checks a person in once however often the outbox sends it, at the phone’s time', async () => {
    const organiser = await userWithRole(t.app, t.ctx, 'manager');
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const event = await announce(t.app, organiser, { startsAt: hoursFromNow(2), endsAt: hoursFromNow(5) });
    const seenAt = new Date(Date.now() - 60_000).toISOString();
    const checkIn = () =>
      send(agent, 'POST', `/api/calendar/${event.id}/check-ins`, { userId: farmer.user.id, at: seenAt });
    const first = await ok<{ checkedInAt: string; answer: null }>(await checkIn());
    expect(first).toMatchObject({ user: { id: farmer.user.id }, answer: null, checkedInAt: seenAt });
    const again = await ok<{ checkedInAt: string }>(await checkIn());
    expect(again.checkedInAt).toBe(seenAt);
    const attendees = await ok<{ data: { user: { id: number } }[] }>(
      await get(agent, `/api/calendar/${event.id}/attendees`),
    );
    expect(attendees.data.map((a) => a.user.id)).toEqual([farmer.user.id]);
    expect((await ok<TCalendarEvent>(await get(organiser, `/api/calendar/${event.id}`))).attended).toBe(1);
    // A farmer may neither check in nor read who comes; a time in the future is refused.
    expect(
      (await send(farmer, 'POST', `/api/calendar/${event.id}/check-ins`, { userId: farmer.user.id }))
        .statusCode,
    ).toBe(403);
    expect((await get(farmer, `/api/calendar/${event.id}/attendees`)).statusCode).toBe(403);
    const future = await send(agent, 'POST', `/api/calendar/${event.id}/check-ins`, {
      userId: farmer.user.id,
      at: hoursFromNow(1),
    });
    expect(future.statusCode).toBe(400);
  });

  it("keeps a meeting's minutes, written by its organiser only, and refuses minutes of other kinds", async () => {
    const coop = await makeCoop(t, send, { members: 1 });
    const [member] = coop.members as [Session];
    const meeting = await announce(t.app, coop.admin, { kind: 'coop_meeting', groupId: coop.group.id });
    const minutes = 'Levy kept at 2 %. Next intake on Friday.';
    const put = (who: Session, id: number) =>
      call(t.app, who.cookie, { method: 'PUT', url: `/api/calendar/${id}/minutes`, payload: { minutes } });
    expect((await put(member, meeting.id)).statusCode).toBe(403);
    expect((await ok<TCalendarEvent>(await put(coop.admin, meeting.id))).minutes).toBe(minutes);
    expect((await ok<TCalendarEvent>(await get(member, `/api/calendar/${meeting.id}`))).minutes).toBe(
      minutes,
    );
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    const training = await announce(t.app, agent);
    expect((await put(agent, training.id)).statusCode).toBe(409);
  });

  it('tells those coming of a change and a cancellation; only the organiser may make them', async () => {
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const event = await announce(t.app, agent, { title: 'Field day' });
    await ok(await answer(t.app, farmer, event.id, 'yes'));
    const patch = (who: Session, body: object) => send(who, 'PATCH', `/api/calendar/${event.id}`, body);
    expect((await patch(farmer, { title: 'Mine now' })).statusCode).toBe(403);
    const moved = await ok<TCalendarEvent>(
      await patch(agent, { startsAt: hoursFromNow(96), endsAt: hoursFromNow(99) }),
    );
    expect(moved.startsAt).not.toBe(event.startsAt);
    expect((await patch(agent, { endsAt: hoursFromNow(90) })).statusCode).toBe(400);
    const cancelled = await ok<TCalendarEvent>(await patch(agent, { cancelled: true }));
    expect(cancelled.cancelled).toBe(true);
    const told = await noticesOf(farmer.user.id, 'event_changed');
    expect(told.map((n) => n.data.reason ?? null)).toEqual([null, 'cancelled']);
    expect((await answer(t.app, farmer, event.id, 'no')).statusCode).toBe(409);
  });
});

describe('a collection day', () => {
  it("names itself on the keeper's intake screen and counts that day's intakes for its organiser", async () => {
    const coop = await makeCoop(t, send, { members: 2 });
    const [m1, m2] = coop.members as [Session, Session];
    const day = await announce(t.app, coop.admin, {
      kind: 'collection_day',
      title: 'Maize collection',
      groupId: coop.group.id,
      startsAt: new Date(Date.now() - 30 * 60_000).toISOString(),
      endsAt: hoursFromNow(1),
    });
    const page = await ok<{ data: TIntake[]; collectionDay: { id: number; title: string } | null }>(
      await get(coop.keeper, `/api/groups/${coop.group.id}/intakes`),
    );
    expect(page.collectionDay).toMatchObject({ id: day.id, title: 'Maize collection' });
    await intakeFor(send, coop, coop.keeper, m1, { quantity: 0.5 });
    const wrong = await intakeFor(send, coop, coop.keeper, m2, { quantity: 0.2 });
    await intakeFor(send, coop, coop.keeper, m2, { quantity: 0.3 });
    await ok(
      await send(coop.keeper, 'POST', `/api/groups/${coop.group.id}/intakes/${wrong.id}/reversal`, {
        reason: 'Weighed twice',
      }),
      201,
    );
    const seen = await ok<TCalendarEvent>(await get(coop.admin, `/api/calendar/${day.id}`));
    expect(seen.intake).toEqual({ intakes: 2, members: 2, tons: 0.8 });
    const keeperView = await ok<TCalendarEvent>(await get(coop.keeper, `/api/calendar/${day.id}`));
    expect(keeperView.intake?.tons).toBe(0.8);
    expect((await ok<TCalendarEvent>(await get(m1, `/api/calendar/${day.id}`))).intake).toBeNull();
  });
});

describe('the list', () => {
  it('refuses a from day that is not one (400, not a database error)', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    for (const from of ['2026-13-45', '9999-12-31', '0000-01-01']) {
      const res = await get(farmer, `/api/calendar?from=${from}`);
      expect(res.statusCode, from).toBe(400);
    }
  });
});
