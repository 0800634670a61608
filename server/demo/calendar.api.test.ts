// The events demo through the real server: celestin sees his co-operative's collection day in four days with the
// members' answers and the past assembly with its minutes and those checked in; a member sees both, an outsider
// neither; fatou's public training links the hermetic-storage lesson; the demo seeds once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCalendarEvent } from '../../contract/calendar';
import { call, createTestApp, ok, sessionCookie, type TestApp } from '../test/harness';
import { DEMO_PASSWORD, DEMO_USERS, ensureDemoUsers } from './accounts';
import { seed as seedCoops } from './coops';
import { COOP_ADMIN } from './coops-data';
import { seed } from './demo-calendar';
import { seed as seedMarketplace } from './market';
import { seed as seedUsers } from './users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await ensureDemoUsers(t.ctx, DEMO_USERS);
  await seedUsers(t.ctx);
  await seedMarketplace(t.ctx);
  await seedCoops(t.ctx);
  await seed(t.ctx);
}, 240_000);
afterAll(async () => {
  await t.close();
});

async function events(username: string, query = ''): Promise<TCalendarEvent[]> {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: DEMO_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  const res = await call(t.app, sessionCookie(login), { method: 'GET', url: `/api/calendar${query}` });
  return (await ok<{ data: TCalendarEvent[] }>(res)).data;
}

describe('events demo', () => {
  it("shows the co-operative's collection day and past assembly to its admin, a training and a market day", async () => {
    const coming = await events(COOP_ADMIN);
    expect(coming.map((e) => e.kind)).toEqual(['collection_day', 'market_day', 'training']);
    const [day, market, training] = coming as [TCalendarEvent, TCalendarEvent, TCalendarEvent];
    expect(day).toMatchObject({ mayManage: true, counts: { yes: 4, no: 1, maybe: 1 } });
    expect(Date.parse(day.startsAt) - Date.now()).toBeGreaterThan(3 * 86_400_000);
    expect(market.organiser.username).toBe('claire');
    expect(training).toMatchObject({ organiser: { username: 'fatou' }, group: null, capacity: 40 });
    expect(training.lessons.map((l) => l.slug)).toEqual(['hermetic-storage']);
    const [assembly] = await events(COOP_ADMIN, '?past=true');
    expect(assembly).toMatchObject({ kind: 'coop_meeting', attended: 7, counts: { yes: 7 } });
    expect(assembly?.minutes).toContain('Assemblée générale');
  });

  it('hides the co-operative’s events from an outsider, and seeds once', async () => {
    expect((await events('kofi')).map((e) => e.kind)).toEqual(['market_day', 'training']);
    expect(await events('kofi', '?past=true')).toEqual([]);
    await seed(t.ctx);
    expect(await events(COOP_ADMIN)).toHaveLength(3);
  });
});
