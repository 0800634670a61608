// Phone calendars through the real server: one event's .ics read back (CRLF lines of at most 75 octets, folded and
// unfolded, text escaped, UTC times, UID, GEO, STATUS), and a user's feed: its events only, its address opening
// without sign-in, a new address revoking the old, a deleted one answering 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCalendarEvent } from '../../contract/calendar';
import { sender } from '../test/agent-sale';
import { announce, answer, hoursFromNow, readIcs } from '../test/calendar';
import { userWithRole } from '../test/factories';
import { makeCoop } from '../test/groups';
import { call, createTestApp, ok, type Session, type TestApp } from '../test/harness';
import { escapeText, foldLine } from './ics';

let t: TestApp;
const send = sender(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const stamp = (iso: string) => `${iso.slice(0, 19).replace(/[-:]/g, '')}Z`;

describe('iCalendar text', () => {
  it('escapes backslashes, semicolons, commas and newlines, and folds at 75 octets without splitting a character', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    const long = `SUMMARY:${'é'.repeat(80)}`;
    const folded = foldLine(long).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    for (const line of folded) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    }
    expect(folded.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(long);
  });
});

describe('one event as .ics', () => {
  it('reads back with its properties, and a cancelled event says so', async () => {
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    const title = 'Storage training; hermetic bags, PICS and ZeroFly — bring a sample of your maize, please';
    const description = 'Line one, with a comma;\nline two \\ done';
    const event = await announce(t.app, agent, { title: title.slice(0, 120), description });
    const res = await call(t.app, agent.cookie, { method: 'GET', url: `/api/calendar/${event.id}.ics` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const { lines, events } = readIcs(res.body);
    for (const line of lines) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    }
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    const [vevent] = events;
    expect(events).toHaveLength(1);
    const value = (name: string) => vevent?.get(name)?.value;
    expect(value('UID')).toBe(`event-${event.id}@terroir`);
    expect(value('SUMMARY')).toBe(title.slice(0, 120));
    expect(value('DESCRIPTION')).toBe(description);
    expect(value('LOCATION')).toBe('Dschang, salle des fêtes');
    expect(value('GEO')).toBe('5.45;10.05');
    expect(value('DTSTART')).toBe(stamp(event.startsAt));
    expect(value('DTEND')).toBe(stamp(event.endsAt));
    expect(value('DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
    expect(value('STATUS')).toBe('CONFIRMED');
    await ok(await send(agent, 'PATCH', `/api/calendar/${event.id}`, { cancelled: true }));
    const cancelled = await call(t.app, agent.cookie, {
      method: 'GET',
      url: `/api/calendar/${event.id}.ics`,
    });
    expect(readIcs(cancelled.body).events[0]?.get('STATUS')?.value).toBe('CANCELLED');
  });
});

describe("a user's feed", () => {
  it('lists their events only, opens without sign-in, and a new or deleted address revokes the old', async () => {
    const coop = await makeCoop(t, send, { members: 1 });
    const [member] = coop.members as [Session];
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    const going = await announce(t.app, agent, { title: 'Field day at Foumbot' });
    const notGoing = await announce(t.app, agent, { title: 'Input fair', kind: 'input_fair' });
    const meeting = await announce(t.app, coop.admin, {
      kind: 'coop_meeting',
      title: 'Assembly',
      groupId: coop.group.id,
      startsAt: hoursFromNow(30),
      endsAt: hoursFromNow(32),
    });
    await ok(await answer(t.app, member, going.id, 'yes'));
    await ok(await answer(t.app, member, notGoing.id, 'no'));

    expect(await ok(await send(member, 'GET', '/api/calendar/feed'))).toEqual({ url: null, active: false });
    const made = await ok<{ url: string; active: boolean }>(await send(member, 'POST', '/api/calendar/feed'));
    expect(made.active).toBe(true);
    const path = new URL(made.url).pathname;
    expect(path).toMatch(/^\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await ok(await send(member, 'GET', '/api/calendar/feed'))).toEqual({ url: null, active: true });

    const feed = await call(t.app, null, { method: 'GET', url: path });
    expect(feed.statusCode, feed.body).toBe(200);
    const uids = readIcs(feed.body).events.map((e) => e.get('UID')?.value);
    expect(uids).toEqual([`event-${meeting.id}@terroir`, `event-${going.id}@terroir`]);

    const again = await ok<{ url: string }>(await send(member, 'POST', '/api/calendar/feed'));
    expect((await call(t.app, null, { method: 'GET', url: path })).statusCode).toBe(404);
    const newPath = new URL(again.url).pathname;
    expect((await call(t.app, null, { method: 'GET', url: newPath })).statusCode).toBe(200);
    expect((await send(member, 'DELETE', '/api/calendar/feed')).statusCode).toBe(204);
    expect((await call(t.app, null, { method: 'GET', url: newPath })).statusCode).toBe(404);
    expect((await call(t.app, null, { method: 'GET', url: '/api/calendar/feed/short.ics' })).statusCode).toBe(
      404,
    );
  });

  it('is refused to others than the event’s readers', async () => {
    const coop = await makeCoop(t, send, { members: 0 });
    const meeting: TCalendarEvent = await announce(t.app, coop.admin, {
      kind: 'coop_meeting',
      groupId: coop.group.id,
    });
    const outsider = await userWithRole(t.app, t.ctx, 'buyer');
    expect(
      (await call(t.app, null, { method: 'GET', url: `/api/calendar/${meeting.id}.ics` })).statusCode,
    ).toBe(401);
    expect(
      (await call(t.app, outsider.cookie, { method: 'GET', url: `/api/calendar/${meeting.id}.ics` }))
        .statusCode,
    ).toBe(404);
  });
});
