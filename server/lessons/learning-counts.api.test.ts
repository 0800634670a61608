// Counts of lessons opened and finished through the real server: a co-operative's admin counts its other active
// members' reading only (not outsiders', not their own), a member who opts out is left out and counted as private,
// counts are withheld when fewer than 3 share, only the admin may ask (others 403 or 404 as the groups answer), an
// agent counts the farmers they represent now (and nobody else may ask), and the reader's choice round-trips.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNING_COUNTS_MIN_SHARING, type TLearningCounts } from '../../contract/lesson-counts';
import { linkAgent, sender } from '../test/agent-sale';
import { userWithRole } from '../test/factories';
import { makeCoop } from '../test/groups';
import { call, createTestApp, ok, type Session, type TestApp } from '../test/harness';

let t: TestApp;
const send = sender(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function read(who: Session, slug: string, finished = false): Promise<void> {
  const res = await send(who, 'POST', `/api/lessons/${slug}/progress`, { finished });
  expect(res.statusCode, res.body).toBe(204);
}

async function choose(who: Session, shared: boolean) {
  return call(t.app, who.cookie, { method: 'PUT', url: '/api/lessons/privacy', payload: { shared } });
}

const countOf = (counts: TLearningCounts, slug: string) => counts.data.find((c) => c.slug === slug);

describe('a co-operative admin counts the reading of its members', () => {
  it('counts its other active members only, in the reader’s language, the most opened first', async () => {
    const coop = await makeCoop(t, send, { members: 3 });
    const [first, second, third] = coop.members as [Session, Session, Session];
    const outsider = await userWithRole(t.app, t.ctx, 'farmer');
    await read(first, 'maize-planting', true);
    await read(second, 'maize-planting');
    await read(third, 'maize-planting');
    await read(coop.keeper, 'drying-maize', true);
    // Neither an outsider's reading nor the admin's own is theirs to count.
    await read(outsider, 'late-blight');
    await read(coop.admin, 'late-blight');
    await ok(await send(coop.admin, 'PATCH', '/api/user/language', { language: 'fr' }));

    const counts = await ok<TLearningCounts>(
      await send(coop.admin, 'GET', `/api/groups/${coop.group.id}/learning`),
    );
    expect(counts).toMatchObject({ members: 4, private: 0, withheld: false });
    expect(counts.data.map((c) => c.slug)).toEqual(['maize-planting', 'drying-maize']);
    expect(countOf(counts, 'maize-planting')).toMatchObject({
      opened: 3,
      finished: 1,
      title: 'Semer le maïs : date, écartement et premier engrais',
    });
    expect(countOf(counts, 'drying-maize')).toMatchObject({ opened: 1, finished: 1 });
    // Counts, never names.
    expect(JSON.stringify(counts)).not.toContain(first.user.username);
  });

  it('leaves out a member who keeps their reading private, counted as private instead', async () => {
    const coop = await makeCoop(t, send, { members: 3 });
    const [first, second, third] = coop.members as [Session, Session, Session];
    for (const member of [first, second, third]) {
      await read(member, 'aflatoxin', member === first);
    }
    await ok(await choose(first, false));
    const url = `/api/groups/${coop.group.id}/learning`;
    const counts = await ok<TLearningCounts>(await send(coop.admin, 'GET', url));
    expect(counts).toMatchObject({ members: 3, private: 1, withheld: false });
    expect(countOf(counts, 'aflatoxin')).toMatchObject({ opened: 2, finished: 0 });

    // Sharing again counts what they read meanwhile too.
    await ok(await choose(first, true));
    const again = await ok<TLearningCounts>(await send(coop.admin, 'GET', url));
    expect(again).toMatchObject({ members: 4, private: 0 });
    expect(countOf(again, 'aflatoxin')).toMatchObject({ opened: 3, finished: 1 });
  });

  it(`withholds the counts when fewer than ${LEARNING_COUNTS_MIN_SHARING} members share`, async () => {
    // One member and the keeper: two people, each of whose reading a count could give away.
    const coop = await makeCoop(t, send, { members: 1 });
    await read(coop.members[0] as Session, 'maize-planting');
    const counts = await ok<TLearningCounts>(
      await send(coop.admin, 'GET', `/api/groups/${coop.group.id}/learning`),
    );
    expect(counts).toEqual({ members: 2, private: 0, withheld: true, data: [] });
  });

  it('refuses a plain member and the store keeper (403), an outsider and a manager (404)', async () => {
    const coop = await makeCoop(t, send, { members: 1 });
    const url = `/api/groups/${coop.group.id}/learning`;
    for (const who of [coop.members[0] as Session, coop.keeper]) {
      const res = await send(who, 'GET', url);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden' });
    }
    for (const role of ['farmer', 'manager'] as const) {
      const res = await send(await userWithRole(t.app, t.ctx, role), 'GET', url);
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await call(t.app, null, { method: 'GET', url })).statusCode).toBe(401);
  });

  it('counts no discussion group: only co-operatives (404)', async () => {
    const admin = await userWithRole(t.app, t.ctx, 'farmer');
    const group = await ok<{ id: number }>(
      await send(admin, 'POST', '/api/groups', { name: 'Club maïs', kind: 'discussion' }),
      201,
    );
    expect((await send(admin, 'GET', `/api/groups/${group.id}/learning`)).statusCode).toBe(404);
  });
});

describe('an agent counts the reading of the farmers they represent', () => {
  it('counts the farmers represented now, not others; only agents may ask', async () => {
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    const farmers: Session[] = [];
    for (let i = 0; i < 3; i++) {
      const farmer = await userWithRole(t.app, t.ctx, 'farmer');
      await linkAgent(send, agent, farmer);
      await read(farmer, 'fall-armyworm', i === 0);
      farmers.push(farmer);
    }
    // A farmer who has not accepted the agent yet is not theirs to count.
    const asked = await userWithRole(t.app, t.ctx, 'farmer');
    await ok(await send(agent, 'POST', '/api/agent-links', { farmerId: asked.user.id }), 201);
    await read(asked, 'fall-armyworm', true);

    const counts = await ok<TLearningCounts>(await send(agent, 'GET', '/api/agents/learning'));
    expect(counts).toMatchObject({ members: 3, private: 0, withheld: false });
    expect(counts.data).toEqual([expect.objectContaining({ slug: 'fall-armyworm', opened: 3, finished: 1 })]);

    // One of them opts out: two share, too few to count.
    await ok(await choose(farmers[1] as Session, false));
    expect(await ok(await send(agent, 'GET', '/api/agents/learning'))).toEqual({
      members: 2,
      private: 1,
      withheld: true,
      data: [],
    });

    for (const role of ['farmer', 'buyer', 'manager'] as const) {
      const res = await send(await userWithRole(t.app, t.ctx, role), 'GET', '/api/agents/learning');
      expect(res.statusCode, res.body).toBe(403);
    }
  });
});

describe('the reader’s choice', () => {
  it('shares by default, and keeps the choice made until changed', async () => {
    const reader = await userWithRole(t.app, t.ctx, 'farmer');
    const get = async () => ok<{ shared: boolean }>(await send(reader, 'GET', '/api/lessons/privacy'));
    expect(await get()).toEqual({ shared: true });
    expect(await ok(await choose(reader, false))).toEqual({ shared: false });
    expect(await ok(await choose(reader, false))).toEqual({ shared: false });
    expect(await get()).toEqual({ shared: false });
    expect(await ok(await choose(reader, true))).toEqual({ shared: true });
    expect(await get()).toEqual({ shared: true });
  });

  it('refuses a body that is not the choice (400) and an anonymous caller (401)', async () => {
    const reader = await userWithRole(t.app, t.ctx, 'farmer');
    for (const payload of [{}, { shared: 'no' }, { shared: true, userId: 1 }]) {
      const res = await call(t.app, reader.cookie, { method: 'PUT', url: '/api/lessons/privacy', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call(t.app, null, { method: 'GET', url: '/api/lessons/privacy' })).statusCode).toBe(401);
  });
});
