// Sessions and feed pages cached in memory stay correct: writes here or on another instance drop them.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPost } from '../../contract/network';
import { buildApp } from '../app';
import type { AppContext } from '../context';
import { EventBus } from '../events/bus';
import type { SessionUser } from '../http/access';
import { userWithRole } from '../test/factories';
import { call, createTestApp, registerUser, type TestApp } from '../test/harness';
import { SessionCache } from './session-cache';

let t: TestApp;
/** A second instance: its own app, caches and bus listener on the same database (NOTIFY reaches both). */
let other: { app: FastifyInstance; ctx: AppContext };
beforeAll(async () => {
  t = await createTestApp();
  const bus = new EventBus(t.ctx.database);
  await bus.start();
  const { config, database, db } = t.ctx;
  const { app, ctx } = await buildApp({ config, database, db, bus });
  await app.ready();
  other = { app, ctx };
});
afterAll(async () => {
  await other.app.close();
  await other.ctx.bus.stop();
  await t.close();
});

const status = async (app: FastifyInstance, cookie: string) =>
  (await call(app, cookie, { method: 'GET', url: '/api/user' })).statusCode;

describe('session cache', () => {
  it('answers repeated lookups from memory and looks up again once the user is dropped', async () => {
    const cache = new SessionCache(t.ctx.bus);
    const user: SessionUser = { id: 999_001, username: 'x', role: 'farmer', language: 'en', sessionId: 1 };
    let lookups = 0;
    const lookup = async () => {
      lookups += 1;
      return user;
    };
    expect(await cache.find('token', lookup)).toEqual(user);
    expect(await cache.find('token', lookup)).toEqual(user);
    expect(lookups).toBe(1);
    cache.dropUser(user.id);
    await cache.find('token', lookup);
    expect(lookups).toBe(2);
    cache.stop();
  });

  it('does not keep a lookup that was under way when the user was dropped', async () => {
    const cache = new SessionCache(t.ctx.bus);
    const user: SessionUser = { id: 999_002, username: 'y', role: 'buyer', language: 'fr', sessionId: 2 };
    let lookups = 0;
    await cache.find('token', async () => {
      lookups += 1;
      cache.dropUser(user.id);
      return user;
    });
    await cache.find('token', async () => {
      lookups += 1;
      return user;
    });
    expect(lookups).toBe(2);
    cache.stop();
  });

  it('ends on this instance a session cached here and signed out on the other, within a second', async () => {
    const { cookie } = await registerUser(t.app);
    expect(await status(t.app, cookie)).toBe(200);
    expect(await status(t.app, cookie)).toBe(200);
    expect((await call(other.app, cookie, { method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
    await expect.poll(() => status(t.app, cookie), { timeout: 1000, interval: 20 }).toBe(401);
  });

  it('ends at once on the instance that signs out', async () => {
    const { cookie } = await registerUser(t.app);
    expect(await status(t.app, cookie)).toBe(200);
    expect((await call(t.app, cookie, { method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
    expect(await status(t.app, cookie)).toBe(401);
  });

  it('ends every cached session of a user whose password changes on the other instance', async () => {
    const { cookie, password, user } = await registerUser(t.app);
    const second = await call(t.app, null, {
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password },
    });
    const secondCookie = `terroir_sid=${second.cookies.find((c) => c.name === 'terroir_sid')?.value}`;
    expect(await status(t.app, secondCookie)).toBe(200);
    const res = await call(other.app, cookie, {
      method: 'POST',
      url: '/api/user/password',
      payload: { currentPassword: password, newPassword: 'another-horse-battery' },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await expect.poll(() => status(t.app, secondCookie), { timeout: 1000, interval: 20 }).toBe(401);
  });

  it('applies a role change to the next request on the instance that made it', async () => {
    const manager = await userWithRole(t.app, t.ctx, 'manager');
    const { cookie, user } = await registerUser(t.app, { role: 'buyer' });
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/user' })).json().role).toBe('buyer');
    const res = await call(t.app, manager.cookie, {
      method: 'PATCH',
      url: `/api/users/${user.id}/role`,
      payload: { role: 'farmer' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/user' })).json().role).toBe('farmer');
  });
});

describe('feed cache', () => {
  const firstPage = async (app: FastifyInstance, cookie: string) =>
    (await call(app, cookie, { method: 'GET', url: '/api/posts' })).json<TPost[]>();

  it('shows a post at once on the instance that wrote it, and within a second on the other', async () => {
    const { cookie } = await registerUser(t.app);
    await firstPage(t.app, cookie);
    await firstPage(other.app, cookie);
    const res = await call(t.app, cookie, {
      method: 'POST',
      url: '/api/posts',
      payload: { content: 'Fresh news' },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json<TPost>().id;
    expect((await firstPage(t.app, cookie))[0]?.id).toBe(id);
    await expect.poll(async () => (await firstPage(other.app, cookie))[0]?.id, { timeout: 1000 }).toBe(id);
  });

  it('drops the cached page on a comment or a reaction, and tallies reactions per viewer', async () => {
    const author = await registerUser(t.app);
    const reader = await registerUser(t.app);
    const post = (
      await call(t.app, author.cookie, {
        method: 'POST',
        url: '/api/posts',
        payload: { content: 'Rain at last' },
      })
    ).json<TPost>();
    const mine = async (app: FastifyInstance, cookie: string) =>
      (await firstPage(app, cookie)).find((p) => p.id === post.id);
    expect((await mine(other.app, reader.cookie))?.comments).toEqual([]);
    const comment = await call(other.app, reader.cookie, {
      method: 'POST',
      url: `/api/posts/${post.id}/comments`,
      payload: { content: 'Here too' },
    });
    expect(comment.statusCode).toBe(201);
    expect((await mine(other.app, reader.cookie))?.comments.map((c) => c.content)).toEqual(['Here too']);
    await expect
      .poll(async () => (await mine(t.app, author.cookie))?.comments.length, { timeout: 1000 })
      .toBe(1);

    const react = await call(t.app, reader.cookie, {
      method: 'POST',
      url: `/api/posts/${post.id}/react`,
      payload: { type: 'like' },
    });
    expect(react.statusCode).toBe(200);
    const seenByReader = await mine(t.app, reader.cookie);
    const seenByAuthor = await mine(t.app, author.cookie);
    expect(seenByReader?.likes).toBe(1);
    expect(seenByReader?.myReactions).toEqual(['like']);
    expect(seenByAuthor?.likes).toBe(1);
    expect(seenByAuthor?.myReactions).toEqual([]);
    await expect.poll(async () => (await mine(other.app, author.cookie))?.likes, { timeout: 1000 }).toBe(1);
  });
});
