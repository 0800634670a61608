import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TComment, TPost, TReactionResult } from '../../contract/network';
import { userWithRole } from '../test/factories';
import { call, createTestApp, eventsDuring, registerUser, type Session, type TestApp } from '../test/harness';
import { userAchievements } from '../users/users.schema';
import { posts, reactions } from './network.schema';
import { toggleReaction } from './posts.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function createPost(session: Session, payload: Record<string, unknown> = {}) {
  const res = await call(t.app, session.cookie, {
    method: 'POST',
    url: '/api/posts',
    payload: { content: 'Mulching keeps the soil moist in the dry season.', ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TPost>();
}

async function comment(session: Session, postId: number, content: string) {
  return call(t.app, session.cookie, {
    method: 'POST',
    url: `/api/posts/${postId}/comments`,
    payload: { content },
  });
}

const react = (session: Session, postId: number, type: string) =>
  call(t.app, session.cookie, { method: 'POST', url: `/api/posts/${postId}/react`, payload: { type } });

async function feed(session: Session, query = '') {
  const res = await call(t.app, session.cookie, { method: 'GET', url: `/api/posts${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return { posts: res.json<TPost[]>(), next: res.headers['x-next-cursor'] as string | undefined };
}

async function achievements(userId: number) {
  const rows = await t.ctx.db
    .select({ code: userAchievements.code })
    .from(userAchievements)
    .where(eq(userAchievements.userId, userId));
  return rows.map((r) => r.code).sort();
}

describe('posts', () => {
  it('creates a post with trimmed content, defaults, and its author; anonymous callers get 401', async () => {
    const author = await registerUser(t.app);
    const post = await createPost(author, { content: '  Rain came early in Bafoussam.  ' });
    expect(post).toMatchObject({
      content: 'Rain came early in Bafoussam.',
      type: 'insight',
      attachments: [],
      author: { id: author.user.id, username: author.user.username },
      reactions: { like: 0, helpful: 0, insightful: 0 },
      likes: 0,
      myReactions: [],
      comments: [],
      canDelete: true,
    });
    expect(new Date(post.createdAt).toISOString()).toBe(post.createdAt);
    const anonymous = await call(t.app, null, { method: 'GET', url: '/api/posts' });
    expect(anonymous.statusCode).toBe(401);
    const anonymousPost = await call(t.app, null, {
      method: 'POST',
      url: '/api/posts',
      payload: { content: 'hi' },
    });
    expect(anonymousPost.statusCode).toBe(401);
  });

  it('keeps types and attachment labels, and rejects bad input with 400 naming the field', async () => {
    const author = await registerUser(t.app);
    const post = await createPost(author, {
      content: 'Field day at the co-op on Saturday',
      type: 'event',
      attachments: [' programme.pdf ', 'map'],
    });
    expect(post).toMatchObject({ type: 'event', attachments: ['programme.pdf', 'map'] });
    const cases: [Record<string, unknown>, string][] = [
      [{ content: '   ' }, 'content'],
      [{ content: '' }, 'content'],
      [{ content: 'x'.repeat(5001) }, 'content'],
      [{ content: 'ok', type: 'rant' }, 'type'],
      [{ content: 'ok', attachments: Array.from({ length: 11 }, (_, i) => `a${i}`) }, 'attachments'],
      [{ content: 'ok', attachments: ['  '] }, 'attachments.0'],
      [{ content: 'ok', attachments: ['y'.repeat(101)] }, 'attachments.0'],
      [{}, 'content'],
    ];
    for (const [payload, path] of cases) {
      const res = await call(t.app, author.cookie, { method: 'POST', url: '/api/posts', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().issues[0].path).toBe(path);
    }
    const max = await createPost(author, { content: 'x'.repeat(5000) });
    expect(max.content).toHaveLength(5000);
    const rows = await t.ctx.db.select().from(posts).where(eq(posts.authorId, author.user.id));
    expect(rows).toHaveLength(2);
  });

  it('says what is wrong in the user language', async () => {
    const author = await registerUser(t.app, { language: 'fr' });
    const res = await call(t.app, author.cookie, {
      method: 'POST',
      url: '/api/posts',
      payload: { content: ' ' },
    });
    expect(res.json().issues[0].message).toBe('Écrivez quelque chose avant de publier');
    const en = await registerUser(t.app, { language: 'en' });
    const res2 = await comment(en, 999_999, '  ');
    expect(res2.json().issues[0].message).toBe('Write a comment first');
  });

  it('stores and returns content as plain text, markup and all', async () => {
    const author = await registerUser(t.app);
    const text = '<script>alert(1)</script> & <b>bold</b>';
    const post = await createPost(author, { content: text });
    expect(post.content).toBe(text);
    const { posts: page } = await feed(author, '?limit=5');
    expect(page.find((p) => p.id === post.id)?.content).toBe(text);
  });
});

describe('feed', () => {
  it('pages newest first with X-Next-Cursor, absent on the last page', async () => {
    const author = await registerUser(t.app);
    const made: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      made.push((await createPost(author, { content: `post ${i}` })).id);
    }
    const first = await feed(author, '?limit=2');
    expect(first.posts.map((p) => p.id)).toEqual([made[4], made[3]]);
    expect(first.next).toBe(String(made[3]));
    const second = await feed(author, `?limit=2&cursor=${first.next}`);
    expect(second.posts.map((p) => p.id)).toEqual([made[2], made[1]]);
    const rest = await feed(author, `?limit=200&cursor=${second.next}`);
    expect(rest.posts[0]?.id).toBe(made[0]);
    const all = rest.posts.map((p) => p.id);
    expect([...all].sort((a, b) => b - a)).toEqual(all);
    expect(rest.next).toBeUndefined();
  });

  it('defaults to 50 and refuses limits outside 1–200 and bad cursors', async () => {
    const author = await registerUser(t.app);
    for (let i = 0; i < 52; i += 1) {
      await createPost(author, { content: `filler ${i}` });
    }
    const page = await feed(author);
    expect(page.posts).toHaveLength(50);
    expect(page.next).toBeDefined();
    for (const query of ['?limit=0', '?limit=201', '?limit=abc', '?cursor=0', '?cursor=x']) {
      const res = await call(t.app, author.cookie, { method: 'GET', url: `/api/posts${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('includes comments oldest first with authors, counts per type, likes and my own reactions', async () => {
    const [author, a, b] = [await registerUser(t.app), await registerUser(t.app), await registerUser(t.app)];
    const post = await createPost(author);
    const c1 = await comment(a, post.id, ' First! ');
    const c2 = await comment(b, post.id, 'Second');
    expect(c1.statusCode).toBe(201);
    expect(c1.json<TComment>()).toMatchObject({
      postId: post.id,
      content: 'First!',
      author: { id: a.user.id, username: a.user.username },
      canDelete: true,
    });
    await react(a, post.id, 'like');
    await react(b, post.id, 'like');
    await react(b, post.id, 'helpful');
    await react(author, post.id, 'insightful');
    const seenByB = (await feed(b, '?limit=200')).posts.find((p) => p.id === post.id);
    expect(seenByB).toMatchObject({
      reactions: { like: 2, helpful: 1, insightful: 1 },
      likes: 2,
      myReactions: ['like', 'helpful'],
      canDelete: false,
    });
    expect(seenByB?.comments.map((c) => [c.id, c.content, c.author.username, c.canDelete])).toEqual([
      [c1.json().id, 'First!', a.user.username, false],
      [c2.json().id, 'Second', b.user.username, true],
    ]);
    const seenByAuthor = (await feed(author, '?limit=200')).posts.find((p) => p.id === post.id);
    expect(seenByAuthor?.myReactions).toEqual(['insightful']);
    expect(seenByAuthor?.canDelete).toBe(true);
    // The same cached page, seen by someone who took no part: the counts, none of the rights.
    const outsider = await registerUser(t.app);
    const seenByOutsider = (await feed(outsider, '?limit=200')).posts.find((p) => p.id === post.id);
    expect(seenByOutsider).toMatchObject({
      reactions: { like: 2, helpful: 1, insightful: 1 },
      myReactions: [],
      canDelete: false,
    });
    expect(seenByOutsider?.comments.map((c) => c.canDelete)).toEqual([false, false]);
  });

  it('reads a page in a fixed number of queries, however many posts it holds', async () => {
    const author = await registerUser(t.app);
    const other = await registerUser(t.app);
    for (let i = 0; i < 12; i += 1) {
      const post = await createPost(author, { content: `q ${i}` });
      await comment(other, post.id, `c ${i}`);
      await react(other, post.id, 'like');
    }
    const pglite = t.ctx.database.pglite;
    if (!pglite) {
      return; // counted on PGlite only
    }
    const count = async (limit: number) => {
      let queries = 0;
      const original = pglite.query.bind(pglite);
      const originalExec = pglite.exec.bind(pglite);
      pglite.query = ((...args: Parameters<typeof original>) => {
        queries += 1;
        return original(...args);
      }) as typeof pglite.query;
      pglite.exec = ((...args: Parameters<typeof originalExec>) => {
        queries += 1;
        return originalExec(...args);
      }) as typeof pglite.exec;
      try {
        await feed(other, `?limit=${limit}`);
      } finally {
        pglite.query = original;
        pglite.exec = originalExec;
      }
      return queries;
    };
    const small = await count(2);
    const large = await count(12);
    // The session lookup, the page, its comments, its reaction tallies.
    expect(small).toBeGreaterThanOrEqual(3);
    expect(large).toBe(small);
    expect(large).toBeLessThanOrEqual(5);
  });
});

describe('comments', () => {
  it('refuses blank or too long comments and comments on missing posts', async () => {
    const author = await registerUser(t.app);
    const post = await createPost(author);
    expect((await comment(author, post.id, '   ')).statusCode).toBe(400);
    expect((await comment(author, post.id, 'x'.repeat(2001))).statusCode).toBe(400);
    expect((await comment(author, post.id, 'x'.repeat(2000))).statusCode).toBe(201);
    const missing = await comment(author, 999_999, 'hello');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Post not found');
  });

  it('lets the author or a manager delete a comment, nobody else', async () => {
    const [author, commenter, stranger] = [
      await registerUser(t.app),
      await registerUser(t.app),
      await registerUser(t.app),
    ];
    const manager = await userWithRole(t.app, t.ctx, 'manager');
    const post = await createPost(author);
    const c1 = (await comment(commenter, post.id, 'one')).json<TComment>();
    const c2 = (await comment(commenter, post.id, 'two')).json<TComment>();
    const del = (s: Session, id: number) =>
      call(t.app, s.cookie, { method: 'DELETE', url: `/api/comments/${id}` });
    expect((await del(stranger, c1.id)).statusCode).toBe(403);
    expect((await del(author, c1.id)).statusCode).toBe(403);
    expect((await del(commenter, c1.id)).statusCode).toBe(204);
    expect((await del(commenter, c1.id)).statusCode).toBe(404);
    const managerView = (await feed(manager, '?limit=200')).posts.find((p) => p.id === post.id);
    expect(managerView?.comments.map((c) => c.canDelete)).toEqual([true]);
    expect((await del(manager, c2.id)).statusCode).toBe(204);
    const after = (await feed(author, '?limit=200')).posts.find((p) => p.id === post.id);
    expect(after?.comments).toEqual([]);
  });
});

describe('deleting posts', () => {
  it('lets the author or a manager delete a post with its comments and reactions', async () => {
    const [author, other] = [await registerUser(t.app), await registerUser(t.app)];
    const manager = await userWithRole(t.app, t.ctx, 'manager');
    const mine = await createPost(author);
    const second = await createPost(author);
    await comment(other, mine.id, 'nice');
    await react(other, mine.id, 'like');
    const del = (s: Session, id: number) =>
      call(t.app, s.cookie, { method: 'DELETE', url: `/api/posts/${id}` });
    const refused = await del(other, mine.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only the author or a manager can delete this post');
    expect((await del(author, mine.id)).statusCode).toBe(204);
    expect((await del(author, mine.id)).statusCode).toBe(404);
    expect((await react(other, mine.id, 'like')).statusCode).toBe(404);
    expect((await del(manager, second.id)).statusCode).toBe(204);
    const ids = (await feed(author, '?limit=200')).posts.map((p) => p.id);
    expect(ids).not.toContain(mine.id);
    expect(ids).not.toContain(second.id);
  });
});

describe('reactions', () => {
  it('toggles one reaction of each type per user and answers the new counts', async () => {
    const [author, reader] = [await registerUser(t.app), await registerUser(t.app)];
    const post = await createPost(author);
    const on = await react(reader, post.id, 'like');
    expect(on.statusCode).toBe(200);
    expect(on.json<TReactionResult>()).toEqual({
      postId: post.id,
      type: 'like',
      active: true,
      reactions: { like: 1, helpful: 0, insightful: 0 },
      likes: 1,
      myReactions: ['like'],
    });
    const helpful = await react(reader, post.id, 'helpful');
    expect(helpful.json()).toMatchObject({ active: true, myReactions: ['like', 'helpful'] });
    const off = await react(reader, post.id, 'like');
    expect(off.json()).toMatchObject({
      active: false,
      likes: 0,
      reactions: { like: 0, helpful: 1, insightful: 0 },
      myReactions: ['helpful'],
    });
    expect((await react(reader, post.id, 'love')).statusCode).toBe(400);
    expect((await react(reader, 999_999, 'like')).statusCode).toBe(404);
  });

  it('stays consistent under concurrent toggles', async () => {
    const author = await registerUser(t.app);
    const post = await createPost(author);
    const readers = await Promise.all(Array.from({ length: 5 }, () => registerUser(t.app)));
    // Five users like at once: five likes.
    await Promise.all(readers.map((r) => react(r, post.id, 'like')));
    // One user toggles the same reaction six times at once: an even number, so it ends off.
    const [first] = readers;
    if (!first) {
      throw new Error('no reader');
    }
    const toggles = await Promise.all(Array.from({ length: 6 }, () => react(first, post.id, 'helpful')));
    expect(toggles.every((r) => r.statusCode === 200)).toBe(true);
    expect(toggles.filter((r) => r.json().active).length).toBe(3);
    // Three types at once by one user: one of each.
    await Promise.all(['insightful', 'helpful', 'like'].map((type) => react(author, post.id, type)));
    const view = (await feed(author, '?limit=200')).posts.find((p) => p.id === post.id);
    expect(view).toMatchObject({
      reactions: { like: 6, helpful: 1, insightful: 1 },
      likes: 6,
      myReactions: ['like', 'helpful', 'insightful'],
    });
  });
});

describe('reaction toggles racing', () => {
  // On PGlite (one connection) B simply runs after A; on PostgreSQL (CI) they truly race.
  it('a toggle whose insert loses to one committed meanwhile removes it instead', async () => {
    const author = await registerUser(t.app);
    const post = await createPost(author);
    let inserted!: () => void;
    const aInserted = new Promise<void>((r) => {
      inserted = r;
    });
    let release!: () => void;
    const aMayCommit = new Promise<void>((r) => {
      release = r;
    });
    const a = t.ctx.db.transaction(async (tx) => {
      const on = await toggleReaction(tx, post.id, author.user.id, 'like');
      inserted();
      await aMayCommit;
      return on;
    });
    await aInserted;
    // B cannot see A's row yet: its delete finds nothing and its insert waits for A.
    const b = t.ctx.db.transaction((tx) => toggleReaction(tx, post.id, author.user.id, 'like'));
    await new Promise((r) => setTimeout(r, 200));
    release();
    expect(await a).toBe(true);
    expect(await b).toBe(false);
    const rows = await t.ctx.db.select().from(reactions).where(eq(reactions.postId, post.id));
    expect(rows).toEqual([]);
  });
});

describe('achievements and live events', () => {
  it("awards 'first_post' on the first post and 'ten_posts' on the tenth", async () => {
    const author = await registerUser(t.app);
    expect(await achievements(author.user.id)).toEqual([]);
    await createPost(author);
    expect(await achievements(author.user.id)).toEqual(['first_post']);
    for (let i = 2; i <= 9; i += 1) {
      await createPost(author, { content: `post ${i}` });
    }
    expect(await achievements(author.user.id)).toEqual(['first_post']);
    await createPost(author, { content: 'post 10' });
    expect(await achievements(author.user.id)).toEqual(['first_post', 'ten_posts']);
    const rows = await t.ctx.db
      .select()
      .from(userAchievements)
      .where(and(eq(userAchievements.userId, author.user.id), eq(userAchievements.code, 'first_post')));
    expect(rows).toHaveLength(1);
    // Later posts by a holder of both take the one-statement path: stored, announced, in the feed, nothing re-awarded.
    for (const n of [11, 12, 13]) {
      let post: TPost | null = null;
      const events = await eventsDuring(t, async () => {
        post = await createPost(author, { content: `post ${n}` });
      });
      const created = post as TPost | null;
      expect(created?.content).toBe(`post ${n}`);
      expect(events).toEqual([{ type: 'post', id: created?.id }]);
      const [newest] = (await feed(author, '?limit=1')).posts;
      expect(newest).toMatchObject({ id: created?.id, content: `post ${n}`, author: { id: author.user.id } });
    }
    expect(await achievements(author.user.id)).toEqual(['first_post', 'ten_posts']);
  });

  it('publishes new posts, comments and reactions, and nothing for a rejected write', async () => {
    const author = await registerUser(t.app);
    let post: TPost | null = null;
    const events = await eventsDuring(t, async () => {
      post = await createPost(author);
    });
    const created = post as TPost | null;
    if (!created) {
      throw new Error('no post');
    }
    expect(events).toContainEqual({ type: 'post', id: created.id });
    const commentEvents = await eventsDuring(t, () => comment(author, created.id, 'hi'));
    expect(commentEvents.map((e) => e.type)).toEqual(['comment']);
    const reactionEvents = await eventsDuring(t, () => react(author, created.id, 'like'));
    expect(reactionEvents).toEqual([{ type: 'reaction', id: created.id }]);
    const rejected = await eventsDuring(t, () => comment(author, 999_999, 'nobody hears this'));
    expect(rejected).toEqual([]);
  });
});

describe('documentation', () => {
  it('describes the network routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/posts',
      '/api/posts/{id}/react',
      '/api/comments/{id}',
      '/api/connections/{id}',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
