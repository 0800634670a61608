// POST /api/batch: a phone's outbox sends several writes in one round trip; each runs as if sent alone.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBatchResponse } from '../../contract/batch';
import { rowsOf } from '../db/client';
import { call, createTestApp, registerUser, type Session, type TestApp } from '../test/harness';
import { WRITES_PER_MINUTE } from './write-guard';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const batch = (session: Session | null, requests: unknown[]) =>
  call(t.app, session?.cookie ?? null, { method: 'POST', url: '/api/batch', payload: { requests } });

const post = (content: string, key: string) => ({
  method: 'POST',
  path: '/api/posts',
  body: { content },
  idempotencyKey: key,
});

async function contents(userId: number): Promise<string[]> {
  const rows = rowsOf<{ content: string }>(
    await t.ctx.db.execute(sql`select content from posts where author_id = ${userId} order by id`),
  );
  return rows.map((r) => r.content);
}

describe('batched writes', () => {
  it('runs each write in order as the caller, and a repeated batch applies nothing twice', async () => {
    const user = await registerUser(t.app);
    const requests = [post('one', 'k1'), { ...post('', 'k2') }, post('three', 'k3')];
    const res = await batch(user, requests);
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json<TBatchResponse>();
    // A refusal (400) does not stop the others: it is that write's answer.
    expect(results.map((r) => r.status)).toEqual([201, 400, 201]);
    expect(await contents(user.user.id)).toEqual(['one', 'three']);
    // The answer was lost and the phone sends the same batch again: the same answers, nothing applied twice.
    const again = (await batch(user, requests)).json<TBatchResponse>();
    expect(again.results.map((r) => r.status)).toEqual([201, 400, 201]);
    expect(again.results[0]?.body).toEqual(results[0]?.body);
    expect(await contents(user.user.id)).toEqual(['one', 'three']);
  });

  it('stops at the first write that must wait, so none after it overtakes it', async () => {
    const user = await registerUser(t.app);
    // The same key still being processed answers 409 with Retry-After: simulated by a key in progress.
    await t.ctx.db.execute(sql`insert into idempotency_keys (user_id, key, method, path, request_hash)
      values (${user.user.id}, 'busy', 'POST', '/api/posts', null)`);
    const res = await batch(user, [post('first', 'a1'), post('second', 'busy'), post('third', 'a3')]);
    const { results } = res.json<TBatchResponse>();
    expect(results.map((r) => r.status)).toEqual([201, 409]);
    expect(results[1]?.retryAfter).toBe('1');
    expect(await contents(user.user.id)).toEqual(['first']);
  });

  it('is for signed-in users, never batches itself, and bounds its size', async () => {
    expect((await batch(null, [post('x', 'z1')])).statusCode).toBe(401);
    const user = await registerUser(t.app);
    const nested = { method: 'POST', path: '/api/batch', body: { requests: [] }, idempotencyKey: 'n1' };
    expect((await batch(user, [nested])).statusCode).toBe(400);
    expect(
      (await batch(user, [{ ...post('x', 'z2'), path: 'https://elsewhere.example/api/posts' }])).statusCode,
    ).toBe(400);
    expect((await batch(user, [])).statusCode).toBe(400);
    const many = Array.from({ length: 26 }, (_, i) => post(`p${i}`, `m${i}`));
    expect((await batch(user, many)).statusCode).toBe(400);
    expect(
      (await batch(user, [{ method: 'POST', path: '/api/posts', body: { content: 'x' } }])).statusCode,
    ).toBe(400);
  });

  // Every spelling a client might use for the batch route: whatever Fastify resolves it to decides, not the text.
  const spellings = [
    '/api/%62atch',
    '/api/./batch',
    '/api/x/../batch',
    '/api/%2e/batch',
    '/api/%2E%2E/api/batch',
    '/api//batch',
    '/api/BATCH',
    '/api/Batch',
    '/api/batch/',
    '/api/batch?x=1',
    '/api/batch#x',
    '/api/%2F/../batch',
  ];
  it.each(spellings)('never runs a batch inside a batch, spelt %s', async (path) => {
    const user = await registerUser(t.app);
    const inner = { requests: [post('nested write', `in-${path}`)] };
    const res = await batch(user, [{ method: 'POST', path, body: inner, idempotencyKey: `out-${path}` }]);
    if (res.statusCode === 200) {
      const [result] = res.json<TBatchResponse>().results;
      expect([400, 404], JSON.stringify(result)).toContain(result?.status);
    } else {
      expect(res.statusCode).toBe(400);
    }
    expect(await contents(user.user.id)).toEqual([]);
  });

  it('refuses signing in, out or up and changing the password inside a batch; the caller stays signed in', async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const { password } = user;
    const res = await batch(user, [
      {
        method: 'POST',
        path: '/api/login',
        body: { username: other.user.username, password },
        idempotencyKey: 'l1',
      },
      { method: 'POST', path: '/api/logout', idempotencyKey: 'l2' },
      {
        method: 'POST',
        path: '/api/register',
        body: { username: 'batched_signup', password },
        idempotencyKey: 'l3',
      },
      {
        method: 'POST',
        path: '/api/user/password',
        body: { currentPassword: password, newPassword: 'another-long-pw' },
        idempotencyKey: 'l4',
      },
      post('still me', 'l5'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    const { results } = res.json<TBatchResponse>();
    expect(results.map((r) => r.status)).toEqual([400, 400, 400, 400, 201]);
    expect(results[0]?.body).toMatchObject({ code: 'badRequest' });
    const me = await call(t.app, user.cookie, { method: 'GET', url: '/api/user' });
    expect(me.json().id).toBe(user.user.id);
    expect(await contents(user.user.id)).toEqual(['still me']);
    const signup = await call(t.app, null, {
      method: 'POST',
      url: '/api/login',
      payload: { username: 'batched_signup', password },
    });
    expect(signup.statusCode).toBe(401);
  });

  it('stops at a write refused for the rate (429) like any other that must wait', async () => {
    const user = await registerUser(t.app);
    // All but two of the minute's writes used: the batch itself takes one, its first write the last.
    for (let i = 0; i < WRITES_PER_MINUTE - 2; i += 1) {
      await call(t.app, user.cookie, {
        method: 'PATCH',
        url: '/api/user/language',
        payload: { language: 'en' },
      });
    }
    const res = await batch(user, [post('last allowed', 'r1'), post('over', 'r2'), post('after', 'r3')]);
    const { results } = res.json<TBatchResponse>();
    expect(results.map((r) => r.status)).toEqual([201, 429]);
    expect(results[1]?.retryAfter).not.toBeNull();
    expect(await contents(user.user.id)).toEqual(['last allowed']);
  });

  it('runs a batch sent with an Idempotency-Key of its own (each write still keyed by its own)', async () => {
    const user = await registerUser(t.app);
    const res = await call(t.app, user.cookie, {
      method: 'POST',
      url: '/api/batch',
      headers: { 'idempotency-key': 'whole-batch' },
      payload: { requests: [post('a', 'wb1'), post('b', 'wb2')] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TBatchResponse>().results.map((r) => r.status)).toEqual([201, 201]);
    expect(await contents(user.user.id)).toEqual(['a', 'b']);
  });
});
