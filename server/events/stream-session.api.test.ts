// A live-events stream lasts as long as the session it was opened with: signing out or ending the sessions ends it,
// on whichever instance the stream is open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSecondInstance, createTestApp, registerUser, type TestApp } from '../test/harness';
import { type LiveStream, openStream } from '../test/live-stream';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Whether `stream` has been ended by the server within `ms`. */
async function endedWithin(stream: LiveStream, ms: number): Promise<boolean> {
  return Promise.race([
    stream.ended.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
}

describe('a live stream and its session', () => {
  it('ends when its session signs out, and sends nothing more', async () => {
    const { cookie } = await registerUser(t.app);
    const stream = await openStream(t.app, cookie);
    try {
      const out = await call(t.app, cookie, { method: 'POST', url: '/api/logout' });
      expect(out.statusCode).toBe(204);
      expect(await endedWithin(stream, 5000)).toBe(true);
    } finally {
      stream.close();
    }
  });

  it('ends when a password change elsewhere ends its session; a change that keeps it does not', async () => {
    const user = await registerUser(t.app);
    const elsewhere = await call(t.app, null, {
      method: 'POST',
      url: '/api/login',
      payload: { username: user.user.username, password: user.password },
    });
    const otherCookie = (elsewhere.headers['set-cookie'] as string[] | string | undefined) ?? '';
    const sessionCookie = (Array.isArray(otherCookie) ? otherCookie : [otherCookie])
      .map((c) => c.split(';')[0])
      .join('; ');
    const stream = await openStream(t.app, user.cookie);
    try {
      // A language change publishes the same 'user' event, but the session stays: the stream stays.
      const language = await call(t.app, user.cookie, {
        method: 'PATCH',
        url: '/api/user/language',
        payload: { language: 'fr' },
      });
      expect(language.statusCode).toBe(200);
      await stream.received('user', user.user.id);
      expect(await endedWithin(stream, 500)).toBe(false);
      const changed = await call(t.app, sessionCookie, {
        method: 'POST',
        url: '/api/user/password',
        payload: { currentPassword: user.password, newPassword: 'a-new-long-password' },
      });
      expect(changed.statusCode, changed.body).toBe(204);
      expect(await endedWithin(stream, 5000)).toBe(true);
    } finally {
      stream.close();
    }
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('a live stream on another instance (PostgreSQL)', () => {
  it('ends when its session signs out on another instance', async () => {
    const second = await createSecondInstance(t);
    try {
      const { cookie } = await registerUser(t.app);
      const stream = await openStream(second.app, cookie);
      try {
        expect((await call(t.app, cookie, { method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
        expect(await endedWithin(stream, 5000)).toBe(true);
      } finally {
        stream.close();
      }
    } finally {
      await second.close();
    }
  });
});
