// DESIGN §10's limits that are not about signing in: session lifetimes, writes per user, reads unlimited,
// live streams per user. (Sign-in, registration, body size and origin rules are in auth.api.test.ts.)
import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STREAMS_PER_USER } from '../../contract/events';
import { sessions } from '../auth/auth.schema';
import { SESSION_ABSOLUTE_DAYS, SESSION_IDLE_DAYS } from '../auth/sessions';
import { call, createTestApp, registerUser, type TestApp } from '../test/harness';
import { WRITES_PER_MINUTE } from './write-guard';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Moves a user's sessions back in time (before their first use, so no instance has them cached). */
async function ageSessions(userId: number, lastSeenDaysAgo: number, createdDaysAgo: number) {
  await t.ctx.db
    .update(sessions)
    .set({
      lastSeenAt: sql`now() - make_interval(days => ${lastSeenDaysAgo})`,
      createdAt: sql`now() - make_interval(days => ${createdDaysAgo})`,
    })
    .where(eq(sessions.userId, userId));
}

describe('session lifetime', () => {
  it(`ends a session idle for more than ${SESSION_IDLE_DAYS} days`, async () => {
    const { user, cookie } = await registerUser(t.app);
    await ageSessions(user.id, SESSION_IDLE_DAYS + 1, SESSION_IDLE_DAYS + 1);
    const res = await call(t.app, cookie, { method: 'GET', url: '/api/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('message');
  });

  it(`keeps a session used within ${SESSION_IDLE_DAYS} days, and its use renews it`, async () => {
    const { user, cookie } = await registerUser(t.app);
    await ageSessions(user.id, SESSION_IDLE_DAYS - 1, SESSION_IDLE_DAYS - 1);
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    const [row] = await t.ctx.db
      .select({ idleSeconds: sql<number>`extract(epoch from now() - ${sessions.lastSeenAt})::float8` })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(row?.idleSeconds).toBeLessThan(60);
  });

  it(`ends a session older than ${SESSION_ABSOLUTE_DAYS} days even if it was used today`, async () => {
    const { user, cookie } = await registerUser(t.app);
    await ageSessions(user.id, 0, SESSION_ABSOLUTE_DAYS + 1);
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });
});

describe('request rate', () => {
  it(`allows ${WRITES_PER_MINUTE} writes a minute per user, then answers 429 with Retry-After`, async () => {
    const { cookie } = await registerUser(t.app);
    // A valid write on a post that does not exist: it counts, is answered 404 and changes nothing.
    const write = (c: string) => call(t.app, c, { method: 'DELETE', url: '/api/posts/2147483000' });
    for (let i = 0; i < WRITES_PER_MINUTE; i += 1) {
      const res = await write(cookie);
      expect(res.statusCode).toBe(404);
    }
    const refused = await write(cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toHaveProperty('message');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another user is not limited by this one.
    const other = await registerUser(t.app);
    expect((await write(other.cookie)).statusCode).toBe(404);
    // Reads are not limited, even for the user whose writes are.
    for (let i = 0; i < WRITES_PER_MINUTE + 50; i += 1) {
      const res = await call(t.app, cookie, { method: 'GET', url: '/api/user' });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('live streams', () => {
  it(`opens ${MAX_STREAMS_PER_USER} streams per user, refuses one more with 429, and frees a slot on close`, async () => {
    const { cookie } = await registerUser(t.app);
    const other = await registerUser(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const open: ClientRequest[] = [];
    const connect = (c: string) =>
      new Promise<IncomingMessage>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, path: '/api/events', headers: { cookie: c } },
          resolve,
        );
        req.on('error', reject);
        req.end();
        open.push(req);
      });
    try {
      for (let i = 0; i < MAX_STREAMS_PER_USER; i += 1) {
        expect((await connect(cookie)).statusCode).toBe(200);
      }
      const refused = await connect(cookie);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      refused.resume();
      // Another user still gets a stream.
      expect((await connect(other.cookie)).statusCode).toBe(200);

      // Closing one of the five frees its slot.
      const first = open[0];
      const closed = new Promise((resolve) => first?.on('close', resolve));
      first?.destroy();
      await closed;
      let again = 0;
      for (let attempt = 0; attempt < 50 && again !== 200; attempt += 1) {
        const res = await connect(cookie);
        again = res.statusCode ?? 0;
        if (again !== 200) {
          res.resume();
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      expect(again).toBe(200);
    } finally {
      for (const req of open) {
        req.destroy();
      }
    }
  });
});
