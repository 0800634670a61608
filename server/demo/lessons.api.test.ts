// The lessons demo through the real server: celestin, the Mifi co-operative's admin, sees how many of its members
// opened and finished each lesson (the two who keep their reading private left out, and counted as private); amina
// opened the late-blight lesson yesterday and has not finished it, and has not opened the drying lesson (the e2e
// test reads it first); fatou is an expert; and the demo seeds once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TGroup } from '../../contract/groups';
import type { TLearningCounts } from '../../contract/lesson-counts';
import type { TLesson } from '../../contract/lessons';
import { findUserByUsername } from '../auth/user-accounts';
import { isExpert } from '../lessons';
import { call, createTestApp, ok, sessionCookie, type TestApp } from '../test/harness';
import { DEMO_PASSWORD, DEMO_USERS, ensureDemoUsers } from './accounts';
import { seed as seedCoops } from './coops';
import { COOP, COOP_ADMIN } from './coops-data';
import { seed } from './lessons';
import { AMINA_READING, COOP_READERS, coopReadings, DEMO_EXPERT, KEEPING_PRIVATE } from './lessons-data';
import { seed as seedMarketplace } from './market';
import { seed as seedUsers } from './users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The demo start-up's order (server/demo/seed.ts), the steps the lessons demo builds on: the people, the market
  // the co-operative sells on, the co-operative and its members.
  await ensureDemoUsers(t.ctx, DEMO_USERS);
  await seedUsers(t.ctx);
  await seedMarketplace(t.ctx);
  await seedCoops(t.ctx);
  await seed(t.ctx);
}, 240_000);
afterAll(async () => {
  await t.close();
});

const cookies = new Map<string, string>();
async function get<T>(username: string, url: string): Promise<T> {
  let cookie = cookies.get(username);
  if (!cookie) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    cookie = sessionCookie(res);
    cookies.set(username, cookie);
  }
  return ok<T>(await call(t.app, cookie, { method: 'GET', url }));
}

async function coopCounts(): Promise<TLearningCounts> {
  const mine = await get<{ data: TGroup[] }>(COOP_ADMIN, '/api/groups?mine=true');
  const coop = mine.data.find((g) => g.name === COOP.name);
  if (!coop) {
    throw new Error('the demo co-operative is not found');
  }
  return get<TLearningCounts>(COOP_ADMIN, `/api/groups/${coop.id}/learning`);
}

/** What the admin should see: per lesson, the readings of members who share (amina's among them). */
function expectedCounts(): Map<string, { opened: number; finished: number }> {
  const counts = new Map<string, { opened: number; finished: number }>();
  for (const r of [...AMINA_READING, ...coopReadings()]) {
    if (KEEPING_PRIVATE.includes(r.username)) {
      continue;
    }
    const c = counts.get(r.slug) ?? { opened: 0, finished: 0 };
    counts.set(r.slug, { opened: c.opened + 1, finished: c.finished + (r.finished ? 1 : 0) });
  }
  return counts;
}

describe('lessons demo data', () => {
  it('shows celestin how many of his members opened and finished each lesson, never who', async () => {
    const counts = await coopCounts();
    // Every other member (those the demo reads for, and amina), less the two keeping their reading private.
    expect(counts).toMatchObject({
      members: COOP_READERS.length + 1 - KEEPING_PRIVATE.length,
      private: KEEPING_PRIVATE.length,
      withheld: false,
    });
    const shown = new Map(counts.data.map((c) => [c.slug, { opened: c.opened, finished: c.finished }]));
    expect(shown).toEqual(expectedCounts());
    // In celestin's French, the most opened first.
    expect(counts.data[0]).toMatchObject({ slug: 'drying-maize', title: 'Sécher le maïs à 13 %' });
  });

  it('has amina opened the late-blight lesson yesterday, not finished, and the drying lesson left for her', async () => {
    const blight = await get<TLesson>('amina', '/api/lessons/late-blight');
    expect(blight.progress?.finishedAt).toBeNull();
    const opened = Date.parse(blight.progress?.openedAt ?? '');
    expect(Date.now() - opened).toBeLessThan(2 * 86_400_000);
    expect((await get<TLesson>('amina', '/api/lessons/drying-maize')).progress).toBeNull();
    expect(await get('amina', '/api/lessons/privacy')).toEqual({ shared: true });
    expect(await get(KEEPING_PRIVATE[0] ?? '', '/api/lessons/privacy')).toEqual({ shared: false });
  });

  it('names fatou an expert', async () => {
    const fatou = await findUserByUsername(t.ctx.db, DEMO_EXPERT.username);
    expect(fatou && (await isExpert(t.ctx.db, fatou.id))).toBe(true);
    const amina = await findUserByUsername(t.ctx.db, 'amina');
    expect(amina && (await isExpert(t.ctx.db, amina.id))).toBe(false);
  });

  it('seeds once: a second run changes no count', async () => {
    const before = await coopCounts();
    await seed(t.ctx);
    expect(await coopCounts()).toEqual(before);
  });
});
