// POST /api/batch: a phone's outbox sends several writes in one round trip; each runs as if sent alone.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBatchResponse } from '../../contract/batch';
import { rowsOf } from '../db/client';
import { call, createTestApp, registerUser, type Session, type TestApp } from '../test/harness';

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
});
