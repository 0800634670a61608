// Each app instance keeps photos' bytes where its own configuration says, even with several in one process (as API
// test files and a second port have them): one in its database, two each in its own S3 stand-in, built in that
// order. A store kept in module state (the last instance built) would send every upload to the last stand-in.
// Closing an instance ends its deletions' sweeps: the objects are left behind and its closed database untouched.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPost } from '../../contract/network';
import { rowsOf } from '../db/client';
import { call, createTestApp, ok, registerUser, type Session, type TestApp } from '../test/harness';
import { tinyPng } from '../test/images';
import { type S3StandIn, startS3StandIn } from '../test/s3-stand-in';
import { sha256Hex } from './sigv4';

interface Instance {
  t: TestApp;
  author: Session;
}

let standInA: S3StandIn;
let standInB: S3StandIn;
let inDatabase: Instance;
let inA: Instance;
let inB: Instance;
let closedA = false;

async function instance(env: Record<string, string>): Promise<Instance> {
  const t = await createTestApp(env);
  return { t, author: await registerUser(t.app) };
}

beforeAll(async () => {
  [standInA, standInB] = await Promise.all([startS3StandIn(), startS3StandIn()]);
  inDatabase = await instance({});
  inA = await instance(standInA.env);
  inB = await instance(standInB.env);
});
afterAll(async () => {
  await inDatabase.t.close();
  if (!closedA) {
    await inA.t.close();
  }
  await inB.t.close();
  await Promise.all([standInA.close(), standInB.close()]);
});

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const hashOf = (url: string) => url.split('/').at(-1) ?? '';

/** A post with one picture and its thumbnail, on this instance: the post and both hashes. */
async function postWithPhoto(on: Instance, rgb: [number, number, number]) {
  const created = await ok<TPost>(
    await call(on.t.app, on.author.cookie, {
      method: 'POST',
      url: '/api/posts',
      payload: {
        content: 'Seed yam for sale',
        photos: [{ photo: b64(tinyPng({ size: 16, rgb })), thumb: b64(tinyPng({ size: 4, rgb })) }],
      },
    }),
    201,
  );
  const ref = created.photos[0];
  return { post: created, urls: [ref?.url ?? '', ref?.thumb ?? ''] };
}

/** How many bytes each of the post's photo rows holds itself, by hash. */
async function rowSizes(on: Instance, postId: number): Promise<Record<string, number>> {
  const rows = rowsOf<{ hash: string; size: number }>(
    await on.t.ctx.db.execute(
      sql`select hash, octet_length(bytes)::int as size from photos where owner_kind = 'post'
          and owner_id = ${postId}`,
    ),
  );
  return Object.fromEntries(rows.map((r) => [r.hash, r.size]));
}

const keysOf = (post: TPost, urls: readonly string[]) =>
  urls.map((url) => `photos/post/${post.id}/${hashOf(url)}`);

async function expectServed(on: Instance, urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    const res = await call(on.t.app, on.author.cookie, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(sha256Hex(res.rawPayload)).toBe(hashOf(url));
  }
}

describe('instances with different PHOTO_STORE in one process', () => {
  it('keeps the bytes in the database on the instance without an object store', async () => {
    const { post, urls } = await postWithPhoto(inDatabase, [10, 120, 30]);
    const sizes = await rowSizes(inDatabase, post.id);
    expect(urls.map((url) => (sizes[hashOf(url)] ?? 0) > 0)).toEqual([true, true]);
    expect(standInA.requests).toEqual([]);
    expect(standInB.requests).toEqual([]);
    await expectServed(inDatabase, urls);
  });

  it('puts each S3 instance’s bytes in its own store, and reads them from there', async () => {
    const a = await postWithPhoto(inA, [200, 10, 10]);
    const b = await postWithPhoto(inB, [10, 10, 200]);
    expect(Object.values(await rowSizes(inA, a.post.id))).toEqual([0, 0]);
    expect(Object.values(await rowSizes(inB, b.post.id))).toEqual([0, 0]);
    expect(keysOf(a.post, a.urls).map((key) => standInA.objects.has(key))).toEqual([true, true]);
    expect(keysOf(b.post, b.urls).map((key) => standInB.objects.has(key))).toEqual([true, true]);
    expect(standInA.requests.every((r) => r.method === 'PUT' && r.status === 200)).toBe(true);
    expect(standInA.objects.size).toBe(2);
    expect(standInB.objects.size).toBe(2);
    await expectServed(inA, a.urls);
    await expectServed(inB, b.urls);
    expect(standInA.requests.filter((r) => r.method === 'GET')).toHaveLength(2);
    expect(standInB.requests.filter((r) => r.method === 'GET')).toHaveLength(2);
  });

  it('stops an instance’s sweeps when it closes, leaving the objects of its deleted photos', async () => {
    const { post, urls } = await postWithPhoto(inA, [90, 90, 10]);
    const keys = keysOf(post, urls);
    const res = await call(inA.t.app, inA.author.cookie, { method: 'DELETE', url: `/api/posts/${post.id}` });
    expect(res.statusCode).toBe(204);
    // Closed before the first look (250 ms after the deletion).
    closedA = true;
    await inA.t.close();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(keys.map((key) => standInA.objects.has(key))).toEqual([true, true]);
    expect(standInA.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    // The other S3 instance still deletes its own.
    const other = await postWithPhoto(inB, [5, 5, 5]);
    const gone = await call(inB.t.app, inB.author.cookie, {
      method: 'DELETE',
      url: `/api/posts/${other.post.id}`,
    });
    expect(gone.statusCode).toBe(204);
    const otherKeys = keysOf(other.post, other.urls);
    const end = Date.now() + 5000;
    while (otherKeys.some((key) => standInB.objects.has(key)) && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(otherKeys.filter((key) => standInB.objects.has(key))).toEqual([]);
  });
});
