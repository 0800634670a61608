import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConnections, TPost } from '../../contract/network';
import { hashPassword } from '../auth/passwords';
import { findUserByUsername, insertUser } from '../auth/user-accounts';
import { comments, connections, posts, reactions } from '../network/network.schema';
import { call, createTestApp, sessionCookie, type TestApp } from '../test/harness';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts';
import { seed } from './network';
import { SEED_POSTS } from './network-data';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (const demo of DEMO_USERS) {
    if (!(await findUserByUsername(t.ctx.db, demo.username))) {
      await insertUser(t.ctx.db, { ...demo, passwordHash: await hashPassword(DEMO_PASSWORD) });
    }
  }
});
afterAll(async () => {
  await t.close();
});

async function totals() {
  const of = async (table: typeof posts | typeof comments | typeof reactions | typeof connections) =>
    (await t.ctx.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    posts: await of(posts),
    comments: await of(comments),
    reactions: await of(reactions),
    connections: await of(connections),
  };
}

async function login(username: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: DEMO_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return sessionCookie(res);
}

describe('network demo data', () => {
  it('seeds a few dozen posts in both languages, once, with pending requests for amina', async () => {
    await seed(t.ctx);
    const first = await totals();
    expect(first.posts).toBe(SEED_POSTS.length);
    expect(first.posts).toBeGreaterThanOrEqual(24);
    expect(first.comments).toBeGreaterThan(20);
    expect(first.reactions).toBeGreaterThan(30);
    await seed(t.ctx);
    expect(await totals()).toEqual(first);

    const amina = await login('amina');
    const feed = await call(t.app, amina, { method: 'GET', url: '/api/posts?limit=200' });
    const page = feed.json<TPost[]>();
    const times = page.map((p) => Date.parse(p.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(page.some((p) => /\b(le|la|les|des)\b/.test(p.content))).toBe(true);
    expect(page.some((p) => /\b(the|and)\b/.test(p.content))).toBe(true);
    expect(page.some((p) => p.myReactions.length > 0)).toBe(true);
    // Pictures (made in code) on a few posts, once however often the seed runs; old text labels on others.
    const pictured = page.filter((p) => p.photos.length > 0);
    expect(pictured.length).toBeGreaterThanOrEqual(2);
    expect(page.some((p) => p.attachments.length > 0)).toBe(true);
    for (const url of pictured.flatMap((p) => p.photos.flatMap((photo) => [photo.url, photo.thumb]))) {
      const res = await call(t.app, amina, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
    }
    const mine = await call(t.app, amina, { method: 'GET', url: '/api/connections' });
    const { followers, following } = mine.json<TConnections>();
    expect(followers.filter((c) => c.status === 'pending').length).toBeGreaterThanOrEqual(2);
    expect(following.some((c) => c.status === 'accepted')).toBe(true);
    const aminaRow = await findUserByUsername(t.ctx.db, 'amina');
    const own = await t.ctx.db
      .select({ n: count() })
      .from(posts)
      .where(eq(posts.authorId, aminaRow?.id ?? 0));
    expect(own[0]?.n).toBeGreaterThan(3);
  });
});
