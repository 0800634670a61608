import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLiveEvent } from '../../contract/events';
import type { TConnection, TConnections } from '../../contract/network';
import { call, createTestApp, registerUser, type Session, type TestApp } from '../test/harness';
import { userAchievements } from '../users/users.schema';
import { connections } from './network.schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ask = (from: Session, userId: number) =>
  call(t.app, from.cookie, { method: 'POST', url: '/api/connections', payload: { userId } });
const answer = (as: Session, id: number, status: string) =>
  call(t.app, as.cookie, { method: 'PATCH', url: `/api/connections/${id}`, payload: { status } });
const remove = (as: Session, id: number) =>
  call(t.app, as.cookie, { method: 'DELETE', url: `/api/connections/${id}` });

async function list(session: Session) {
  const res = await call(t.app, session.cookie, { method: 'GET', url: '/api/connections' });
  expect(res.statusCode).toBe(200);
  return res.json<TConnections>();
}

async function pair() {
  return [await registerUser(t.app), await registerUser(t.app)] as const;
}

describe('connections', () => {
  it('asks to connect: 201 pending, in the asked user’s followers and the asker’s following', async () => {
    const [asker, asked] = await pair();
    const res = await ask(asker, asked.user.id);
    expect(res.statusCode).toBe(201);
    const connection = res.json<TConnection>();
    expect(connection).toMatchObject({
      status: 'pending',
      follower: { id: asker.user.id, username: asker.user.username },
      following: { id: asked.user.id, username: asked.user.username },
    });
    expect(new Date(connection.createdAt).toISOString()).toBe(connection.createdAt);
    expect(await list(asked)).toEqual({ followers: [connection], following: [] });
    expect(await list(asker)).toEqual({ followers: [], following: [connection] });
    const stranger = await registerUser(t.app);
    expect(await list(stranger)).toEqual({ followers: [], following: [] });
    expect((await call(t.app, null, { method: 'GET', url: '/api/connections' })).statusCode).toBe(401);
  });

  it('refuses self connections (400), unknown users (404), bad ids (400) and duplicates either way (409)', async () => {
    const [a, b] = await pair();
    const self = await ask(a, a.user.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot connect with yourself');
    expect((await ask(a, 999_999)).statusCode).toBe(404);
    for (const userId of [0, -1, 'abc', 1.5]) {
      const res = await call(t.app, a.cookie, {
        method: 'POST',
        url: '/api/connections',
        payload: { userId },
      });
      expect(res.statusCode, String(userId)).toBe(400);
    }
    expect((await ask(a, b.user.id)).statusCode).toBe(201);
    const again = await ask(a, b.user.id);
    expect(again.statusCode).toBe(409);
    const reverse = await ask(b, a.user.id);
    expect(reverse.statusCode).toBe(409);
    const rows = await t.ctx.db.select().from(connections).where(eq(connections.followerId, a.user.id));
    expect(rows).toHaveLength(1);
  });

  it('keeps duplicates out under concurrent requests', async () => {
    const [a, b] = await pair();
    const results = await Promise.all([
      ask(a, b.user.id),
      ask(b, a.user.id),
      ask(a, b.user.id),
      ask(b, a.user.id),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  it('lets only the asked user accept, once, and awards both users their first connection', async () => {
    const [asker, asked] = await pair();
    const stranger = await registerUser(t.app);
    const id = (await ask(asker, asked.user.id)).json<TConnection>().id;
    expect((await answer(asker, id, 'accepted')).statusCode).toBe(403);
    expect((await answer(stranger, id, 'accepted')).statusCode).toBe(404);
    expect((await answer(asked, id, 'pending')).statusCode).toBe(400);
    expect((await answer(asked, 999_999, 'accepted')).statusCode).toBe(404);
    const events: TLiveEvent[] = [];
    const stop = t.ctx.bus.subscribe((e) => events.push(e));
    const accepted = await answer(asked, id, 'accepted');
    await new Promise((r) => setTimeout(r, 50));
    stop();
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      id,
      status: 'accepted',
      follower: { id: asker.user.id, username: asker.user.username },
      following: { id: asked.user.id, username: asked.user.username },
    });
    expect(events).toContainEqual({ type: 'connection', id, userId: asker.user.id });
    expect(events).toContainEqual({ type: 'connection', id, userId: asked.user.id });
    for (const user of [asker, asked]) {
      const codes = await t.ctx.db
        .select({ code: userAchievements.code })
        .from(userAchievements)
        .where(eq(userAchievements.userId, user.user.id));
      expect(codes.map((c) => c.code)).toContain('first_connection');
    }
    const strangerCodes = await t.ctx.db
      .select()
      .from(userAchievements)
      .where(eq(userAchievements.userId, stranger.user.id));
    expect(strangerCodes).toEqual([]);
    const twice = await answer(asked, id, 'declined');
    expect(twice.statusCode).toBe(409);
    expect((await list(asker)).following[0]?.status).toBe('accepted');
  });

  it('declines without awarding anything', async () => {
    const [asker, asked] = await pair();
    const id = (await ask(asker, asked.user.id)).json<TConnection>().id;
    const declined = await answer(asked, id, 'declined');
    expect(declined.json().status).toBe('declined');
    const codes = await t.ctx.db
      .select()
      .from(userAchievements)
      .where(eq(userAchievements.userId, asked.user.id));
    expect(codes).toEqual([]);
  });

  it('lets either side remove a connection, nobody else; then they may ask again', async () => {
    const [asker, asked] = await pair();
    const stranger = await registerUser(t.app);
    const id = (await ask(asker, asked.user.id)).json<TConnection>().id;
    expect((await remove(stranger, id)).statusCode).toBe(404);
    expect((await remove(asked, id)).statusCode).toBe(204);
    expect((await remove(asker, id)).statusCode).toBe(404);
    expect(await list(asker)).toEqual({ followers: [], following: [] });
    const second = await ask(asked, asker.user.id);
    expect(second.statusCode).toBe(201);
    expect((await remove(asker, second.json().id)).statusCode).toBe(204);
  });
});
