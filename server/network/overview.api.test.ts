// The network overview counts what the network holds: farmers connected, discussions active, events announced.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConnection, TNetworkOverview, TPost } from '../../contract/network';
import { call, createTestApp, registerUser, type Session, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function overview(session: Session): Promise<TNetworkOverview> {
  const res = await call(t.app, session.cookie, { method: 'GET', url: '/api/network/overview' });
  expect(res.statusCode).toBe(200);
  return res.json<TNetworkOverview>();
}

async function post(session: Session, type: string): Promise<TPost> {
  const res = await call(t.app, session.cookie, {
    method: 'POST',
    url: '/api/posts',
    payload: { content: `A ${type} for the overview`, type },
  });
  expect(res.statusCode).toBe(201);
  return res.json<TPost>();
}

const backdate = (postId: number, days: number) =>
  t.ctx.db.execute(
    sql`update posts set created_at = now() - make_interval(days => ${days}) where id = ${postId}`,
  );

describe('network overview', () => {
  it('is for signed-in users only', async () => {
    expect((await call(t.app, null, { method: 'GET', url: '/api/network/overview' })).statusCode).toBe(401);
  });

  it('counts farmers with an accepted connection, once each, and no one else', async () => {
    const viewer = await registerUser(t.app, { role: 'buyer' });
    const before = await overview(viewer);
    const farmerA = await registerUser(t.app, { role: 'farmer' });
    const farmerB = await registerUser(t.app, { role: 'farmer' });
    const buyer = await registerUser(t.app, { role: 'buyer' });
    const pending = await registerUser(t.app, { role: 'farmer' });
    const connect = async (from: Session, to: Session, accept: boolean) => {
      const asked = await call(t.app, from.cookie, {
        method: 'POST',
        url: '/api/connections',
        payload: { userId: to.user.id },
      });
      expect(asked.statusCode).toBe(201);
      if (accept) {
        const id = asked.json<TConnection>().id;
        const res = await call(t.app, to.cookie, {
          method: 'PATCH',
          url: `/api/connections/${id}`,
          payload: { status: 'accepted' },
        });
        expect(res.statusCode).toBe(200);
      }
    };
    await connect(farmerA, farmerB, true);
    await connect(buyer, farmerA, true);
    await connect(buyer, pending, false);
    // farmerA (twice connected) and farmerB; not the buyer, not the farmer still waiting.
    expect((await overview(viewer)).connectedFarmers).toBe(before.connectedFarmers + 2);
  });

  it('counts questions asked or commented on in the last 30 days, and events announced in them', async () => {
    const author = await registerUser(t.app, { role: 'farmer' });
    const before = await overview(author);
    const fresh = await post(author, 'question');
    const old = await post(author, 'question');
    const revived = await post(author, 'question');
    await backdate(old.id, 45);
    await backdate(revived.id, 45);
    const comment = await call(t.app, author.cookie, {
      method: 'POST',
      url: `/api/posts/${revived.id}/comments`,
      payload: { content: 'Still looking for an answer' },
    });
    expect(comment.statusCode).toBe(201);
    await post(author, 'insight');
    await post(author, 'event');
    const pastEvent = await post(author, 'event');
    await backdate(pastEvent.id, 45);
    const after = await overview(author);
    expect(fresh.type).toBe('question');
    expect(after.activeDiscussions).toBe(before.activeDiscussions + 2);
    expect(after.recentEvents).toBe(before.recentEvents + 1);
  });
});
