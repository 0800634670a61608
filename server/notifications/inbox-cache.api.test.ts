// The inbox held in memory (unread count, first page): dropped by every write that changes it, on any instance, and
// only ever served to its own user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNotification } from '../../contract/notifications';
import {
  call,
  createSecondInstance,
  createTestApp,
  drainBus,
  registerUser,
  type Session,
  type TestApp,
} from '../test/harness';

const onPostgres = process.env.TEST_DB === 'postgres';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const inbox = async (app: TestApp, who: Session) =>
  (await call(app.app, who.cookie, { method: 'GET', url: '/api/notifications' })).json<TNotification[]>();
const unread = async (app: TestApp, who: Session) =>
  (await call(app.app, who.cookie, { method: 'GET', url: '/api/notifications/unread-count' })).json<{
    count: number;
  }>().count;

/** A comment by `by` on a post of `author`'s: one notification for the author. */
async function commentOn(app: TestApp, postId: number, by: Session, content: string): Promise<void> {
  const res = await call(app.app, by.cookie, {
    method: 'POST',
    url: `/api/posts/${postId}/comments`,
    payload: { content },
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function postOf(app: TestApp, author: Session): Promise<number> {
  const res = await call(app.app, author.cookie, {
    method: 'POST',
    url: '/api/posts',
    payload: { content: 'Harvest' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

describe('inbox cache', () => {
  it('shows a new notification at the next read, keeps counts exact when marking read, and serves each user their own', async () => {
    const author = await registerUser(t.app);
    const other = await registerUser(t.app);
    const postId = await postOf(t, author);
    // Cached now (twice read), then changed by another user's write.
    expect(await unread(t, author)).toBe(1);
    expect((await inbox(t, author)).map((n) => n.type)).toEqual(['achievement']);
    await commentOn(t, postId, other, 'first');
    expect(await unread(t, author)).toBe(2);
    const [latest] = await inbox(t, author);
    expect(latest?.data.excerpt).toBe('first');
    // Another user's cached answers are theirs: not the author's.
    expect(await inbox(t, other)).toEqual([]);
    expect(await unread(t, other)).toBe(0);
    // Marking read: exact at once, one by one and all.
    const read = await call(t.app, author.cookie, {
      method: 'POST',
      url: '/api/notifications/read',
      payload: { ids: [latest?.id] },
    });
    expect(read.statusCode).toBe(204);
    expect(await unread(t, author)).toBe(1);
    expect((await inbox(t, author))[0]?.readAt).not.toBeNull();
    await call(t.app, author.cookie, {
      method: 'POST',
      url: '/api/notifications/read',
      payload: { all: true },
    });
    expect(await unread(t, author)).toBe(0);
    await commentOn(t, postId, other, 'second');
    expect(await unread(t, author)).toBe(1);
  });

  it('drops what a preference change hides from the inbox', async () => {
    const author = await registerUser(t.app);
    const other = await registerUser(t.app);
    const postId = await postOf(t, author);
    await commentOn(t, postId, other, 'hello');
    expect(await unread(t, author)).toBe(2);
    const res = await call(t.app, author.cookie, {
      method: 'PUT',
      url: '/api/notification-preferences',
      payload: { types: { post_comment: { inApp: false } } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await unread(t, author)).toBe(1);
    expect((await inbox(t, author)).map((n) => n.type)).toEqual(['achievement']);
  });

  it.skipIf(!onPostgres)(
    'drops a user’s inbox when another instance notifies them or marks it read',
    async () => {
      const b = await createSecondInstance(t);
      try {
        const author = await registerUser(t.app);
        const other = await registerUser(t.app);
        const postId = await postOf(t, author);
        expect(await unread(t, author)).toBe(1);
        expect(await inbox(t, author)).toHaveLength(1);
        await commentOn(b, postId, other, 'from b');
        await drainBus(t);
        expect(await unread(t, author)).toBe(2);
        expect((await inbox(t, author))[0]?.data.excerpt).toBe('from b');
        await call(b.app, author.cookie, {
          method: 'POST',
          url: '/api/notifications/read',
          payload: { all: true },
        });
        await drainBus(t);
        expect(await unread(t, author)).toBe(0);
      } finally {
        await b.close();
      }
    },
  );
});
