// The coming events each reader sees are kept per instance: an answer, a new event, a member leaving their group
// and an intake on a collection day show in the next read (on another instance once it hears the event), and
// a members-only event is never shown to someone who has left.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCalendarEvent } from '../../contract/calendar';
import { sender } from '../test/agent-sale';
import { announce, answer, hoursFromNow } from '../test/calendar';
import { userWithRole } from '../test/factories';
import { intakeFor, makeCoop } from '../test/groups';
import { createSecondInstance, createTestApp, ok, type Session, type TestApp } from '../test/harness';

const onPostgres = process.env.TEST_DB === 'postgres';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const send = sender(() => t.app);
const coming = async (who: Session, app = t.app) =>
  (await ok<{ data: TCalendarEvent[] }>(await sender(() => app)(who, 'GET', '/api/calendar'))).data;
const one = async (who: Session, id: number, app = t.app) =>
  (await coming(who, app)).find((e) => e.id === id);

describe('coming events, cached per reader', () => {
  it('show an answer, a new event and a member leaving in the next read', async () => {
    const coop = await makeCoop(t, send, { members: 2 });
    const [reader, other] = coop.members as [Session, Session];
    const meeting = await announce(t.app, coop.admin, { kind: 'coop_meeting', groupId: coop.group.id });
    expect((await one(reader, meeting.id))?.counts.yes).toBe(0);
    expect((await one(reader, meeting.id))?.counts.yes).toBe(0);

    // The Events tab asks from the phone's day.
    const today = new Date().toISOString().slice(0, 10);
    const fromToday = async () =>
      (await ok<{ data: TCalendarEvent[] }>(await send(reader, 'GET', `/api/calendar?from=${today}`))).data;
    expect((await fromToday()).find((e) => e.id === meeting.id)?.counts.yes).toBe(0);

    expect((await answer(t.app, other, meeting.id, 'yes')).statusCode).toBe(200);
    expect((await one(reader, meeting.id))?.counts.yes).toBe(1);
    expect((await fromToday()).find((e) => e.id === meeting.id)?.counts.yes).toBe(1);

    const later = await announce(t.app, coop.admin, {
      kind: 'coop_meeting',
      groupId: coop.group.id,
      startsAt: hoursFromNow(100),
      endsAt: hoursFromNow(102),
    });
    expect((await coming(reader)).map((e) => e.id)).toEqual(expect.arrayContaining([meeting.id, later.id]));

    const left = await send(reader, 'DELETE', `/api/groups/${coop.group.id}/members/${reader.user.id}`);
    expect(left.statusCode, left.body).toBe(204);
    const seen = (await coming(reader)).map((e) => e.id);
    expect(seen).not.toContain(meeting.id);
    expect(seen).not.toContain(later.id);
  });

  it('count a collection day’s intakes in the next read', async () => {
    const coop = await makeCoop(t, send, { members: 1 });
    const [member] = coop.members as [Session];
    // From a minute ahead (an event starts from now): today's intakes count, the day being today's (bar the last
    // minute before midnight UTC).
    const day = await announce(t.app, coop.admin, {
      kind: 'collection_day',
      groupId: coop.group.id,
      startsAt: hoursFromNow(1 / 60),
      endsAt: hoursFromNow(5),
    });
    expect((await one(coop.keeper, day.id))?.intake).toMatchObject({ intakes: 0 });
    await intakeFor(send, coop, coop.keeper, member);
    expect((await one(coop.keeper, day.id))?.intake).toMatchObject({ intakes: 1, members: 1 });
  });
});

describe.skipIf(!onPostgres)('on two instances', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await createSecondInstance(t);
  });
  afterAll(async () => {
    await b?.close();
  });

  it('show an answer given on one instance in the other’s next reads once it hears the event', async () => {
    const organiser = await userWithRole(t.app, t.ctx, 'agent');
    const reader = await userWithRole(t.app, t.ctx, 'farmer');
    const event = await announce(t.app, organiser);
    expect((await one(reader, event.id, b.app))?.counts.yes).toBe(0);
    expect((await answer(t.app, reader, event.id, 'yes')).statusCode).toBe(200);
    await expect
      .poll(async () => (await one(reader, event.id, b.app))?.counts.yes, { timeout: 2000, interval: 25 })
      .toBe(1);
  });
});
