// Idempotency keys whose holder is gone: usable again, and a write is still never applied twice.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { call, createSecondInstance, createTestApp, registerUser, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const keyedPost = (app: TestApp, cookie: string, key: string, content: string) =>
  call(app.app, cookie, {
    method: 'POST',
    url: '/api/posts',
    headers: { 'idempotency-key': key },
    payload: { content },
  });

async function postsBy(userId: number): Promise<string[]> {
  const rows = rowsOf<{ content: string }>(
    await t.ctx.db.execute(sql`select content from posts where author_id = ${userId} order by id`),
  );
  return rows.map((r) => r.content);
}

describe('a key whose holder is gone', () => {
  it('takes over an unanswered key left long ago, and still waits for a fresh one', async () => {
    const { cookie, user } = await registerUser(t.app);
    // Rows an earlier release committed as "in progress" before its process died: one an hour old, one just now.
    await t.ctx.db.execute(sql`insert into idempotency_keys (user_id, key, method, path, request_hash, created_at)
      values (${user.id}, 'orphan', 'POST', '/api/posts', null, now() - interval '1 hour'),
             (${user.id}, 'recent', 'POST', '/api/posts', null, now())`);
    const taken = await keyedPost(t, cookie, 'orphan', 'after the crash');
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.headers['idempotent-replayed']).toBeUndefined();
    const again = await keyedPost(t, cookie, 'orphan', 'after the crash');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(taken.json());
    const waiting = await keyedPost(t, cookie, 'recent', 'not yet');
    expect(waiting.statusCode).toBe(409);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(await postsBy(user.id)).toEqual(['after the crash']);
  });

  it('never leaves an unanswered row: the key and its answer commit with the write', async () => {
    const { cookie, user } = await registerUser(t.app);
    const first = await keyedPost(t, cookie, 'k-ok', 'kept');
    expect(first.statusCode).toBe(201);
    const rows = rowsOf<{ status_code: number | null }>(
      await t.ctx.db.execute(
        sql`select status_code from idempotency_keys where user_id = ${user.id} and key = 'k-ok'`,
      ),
    );
    expect(rows).toEqual([{ status_code: 201 }]);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('a key held by a live request (PostgreSQL)', () => {
  it('answers 409 with Retry-After while another connection holds the key, then applies it once', async () => {
    const { cookie, user } = await registerUser(t.app);
    // Another instance mid-write: its transaction holds the key's advisory lock and its uncommitted row.
    const other = new pg.Client({ connectionString: t.databaseUrl ?? '' });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock(hashtextextended($1, 27001))', [`${user.id}:live`]);
      await other.query(
        `insert into idempotency_keys (user_id, key, method, path) values ($1, 'live', 'POST', '/api/posts')`,
        [user.id],
      );
      const busy = await keyedPost(t, cookie, 'live', 'held elsewhere');
      expect(busy.statusCode).toBe(409);
      expect(busy.headers['retry-after']).toBe('1');
      // That instance dies: its transaction ends with its connection, and with it the key.
      await other.end();
      const applied = await keyedPost(t, cookie, 'live', 'held elsewhere');
      expect(applied.statusCode, applied.body).toBe(201);
    } finally {
      await other.end().catch(() => undefined);
    }
    expect(await postsBy(user.id)).toEqual(['held elsewhere']);
  });

  it('applies a key sent at once to two instances exactly once', async () => {
    const second = await createSecondInstance(t);
    try {
      const { cookie, user } = await registerUser(t.app);
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) => keyedPost(i % 2 ? second : t, cookie, 'both', 'once')),
      );
      for (const res of answers) {
        expect([201, 409]).toContain(res.statusCode);
      }
      expect(answers.filter((r) => r.statusCode === 201 && !r.headers['idempotent-replayed'])).toHaveLength(
        1,
      );
      expect(await postsBy(user.id)).toEqual(['once']);
    } finally {
      await second.close();
    }
  });
});
