// Photos in an S3-compatible store (PHOTO_STORE=s3) through the real server, against the local stand-in that checks
// every request's signature: a post's pictures go to the store and their rows keep no bytes; they are served by the
// server with the same headers as from the database; deleting the post deletes rows then objects; a store that is
// down refuses the upload with a 503 and stores neither post nor picture, and a read with a 503.
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPost } from '../../contract/network';
import { rowsOf } from '../db/client';
import { call, createTestApp, ok, registerUser, type Session, type TestApp } from '../test/harness';
import { tinyJpeg, tinyPng } from '../test/images';
import { type S3StandIn, startS3StandIn } from '../test/s3-stand-in';
import { deletePhotosOf } from './photo-pairs';
import { sha256Hex } from './sigv4';

let standIn: S3StandIn;
let t: TestApp;
let author: Session;
let reader: Session;
beforeAll(async () => {
  standIn = await startS3StandIn();
  t = await createTestApp(standIn.env);
  author = await registerUser(t.app);
  reader = await registerUser(t.app, { role: 'buyer' });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const pair = (rgb: [number, number, number]) => ({
  photo: b64(tinyPng({ size: 16, rgb, gps: true })),
  thumb: b64(tinyPng({ size: 4, rgb })),
});
const post = (payload: object) =>
  call(t.app, author.cookie, {
    method: 'POST',
    url: '/api/posts',
    payload: { content: 'Cassava cuttings', ...payload },
  });
const fetchPhoto = (url: string) => call(t.app, reader.cookie, { method: 'GET', url });
const hashOf = (url: string) => url.split('/').at(-1) ?? '';

/** The post's photo rows: each hash and how many bytes the row itself holds. */
async function rowsOfPost(id: number) {
  return rowsOf<{ hash: string; size: number }>(
    await t.ctx.db.execute(
      sql`select hash, octet_length(bytes)::int as size from photos where owner_kind = 'post' and owner_id = ${id}
          order by hash`,
    ),
  );
}

async function counts() {
  const [row] = rowsOf<{ photos: number; posts: number }>(
    await t.ctx.db.execute(sql`
      select (select count(*)::int from photos) as photos, (select count(*)::int from posts) as posts`),
  );
  return row;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Deletes a post's photo rows in a transaction held open for `ms`, then committed or rolled back. */
async function deleteHeldOpen(id: number, ms: number, commit: boolean): Promise<void> {
  await t.ctx.db
    .transaction(async (tx) => {
      await deletePhotosOf(tx, t.ctx, 'post', id);
      await sleep(ms);
      if (!commit) {
        tx.rollback();
      }
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) {
        throw error;
      }
    });
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('PHOTO_STORE=s3', () => {
  let created: TPost;
  beforeAll(async () => {
    created = await ok<TPost>(
      await post({
        photos: [
          pair([200, 40, 40]),
          { photo: b64(tinyJpeg({ gps: true })), thumb: b64(tinyJpeg({ scanBytes: 8 })) },
        ],
      }),
      201,
    );
  });

  it('puts the bytes in the store, under the owner and hash, and keeps none in the database', async () => {
    const hashes = created.photos.flatMap((p) => [hashOf(p.url), hashOf(p.thumb)]).sort();
    expect(hashes).toHaveLength(4);
    expect(await rowsOfPost(created.id)).toEqual(hashes.map((hash) => ({ hash, size: 0 })));
    for (const hash of hashes) {
      const object = standIn.objects.get(`photos/post/${created.id}/${hash}`);
      expect(object && sha256Hex(object.bytes)).toBe(hash);
    }
    const puts = standIn.requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  });

  it('serves each picture itself, with the same type, year-long cache and etag as from the database', async () => {
    for (const ref of created.photos) {
      for (const url of [ref.url, ref.thumb]) {
        const res = await fetchPhoto(url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^image\/(png|jpeg)$/);
        expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
        expect(res.headers.etag).toBe(`"${hashOf(url)}"`);
        expect(res.headers.location).toBeUndefined();
        expect(sha256Hex(res.rawPayload)).toBe(hashOf(url));
        expect(
          res.rawPayload.equals(
            standIn.objects.get(`photos/post/${created.id}/${hashOf(url)}`)?.bytes ?? Buffer.alloc(0),
          ),
        ).toBe(true);
      }
    }
    expect((await call(t.app, null, { method: 'GET', url: created.photos[0]?.url ?? '' })).statusCode).toBe(
      401,
    );
  });

  it('deletes the rows with the post, then the objects', async () => {
    const gone = await ok<TPost>(await post({ photos: [pair([1, 2, 3])] }), 201);
    const keys = [gone.photos[0]?.url ?? '', gone.photos[0]?.thumb ?? ''].map(
      (url) => `photos/post/${gone.id}/${hashOf(url)}`,
    );
    expect(keys.every((key) => standIn.objects.has(key))).toBe(true);
    const res = await call(t.app, author.cookie, { method: 'DELETE', url: `/api/posts/${gone.id}` });
    expect(res.statusCode).toBe(204);
    expect(await rowsOfPost(gone.id)).toEqual([]);
    expect((await fetchPhoto(gone.photos[0]?.url ?? '')).statusCode).toBe(404);
    await until(() => keys.every((key) => !standIn.objects.has(key)));
    expect(keys.filter((key) => standIn.objects.has(key))).toEqual([]);
    // The other post's objects are untouched.
    expect(standIn.objects.has(`photos/post/${created.id}/${hashOf(created.photos[0]?.url ?? '')}`)).toBe(
      true,
    );
  });

  it('keeps the objects while their rows’ deletion is not committed, and for good when it rolls back', async () => {
    const kept = await ok<TPost>(await post({ photos: [pair([4, 5, 6])] }), 201);
    const keys = [kept.photos[0]?.url ?? '', kept.photos[0]?.thumb ?? ''].map(
      (url) => `photos/post/${kept.id}/${hashOf(url)}`,
    );
    // Held open past the first look (250 ms), rolled back, then past the second look (2 s).
    await deleteHeldOpen(kept.id, 600, false);
    await sleep(2_300);
    expect(keys.filter((key) => standIn.objects.has(key))).toEqual(keys);
    expect((await fetchPhoto(kept.photos[0]?.url ?? '')).statusCode).toBe(200);
    // The same, committed: the objects go at the next look.
    await deleteHeldOpen(kept.id, 600, true);
    expect(keys.filter((key) => standIn.objects.has(key))).toEqual(keys);
    await until(() => keys.every((key) => !standIn.objects.has(key)));
    expect(keys.filter((key) => standIn.objects.has(key))).toEqual([]);
  });

  it('with the store down, refuses the upload with 503 and stores nothing, and a read with 503', async () => {
    const before = await counts();
    await standIn.close();
    const res = await post({ photos: [pair([9, 9, 9])] });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.json()).toEqual({ code: 'unavailable', message: expect.stringMatching(/could not be saved/) });
    expect(await counts()).toEqual(before);

    const read = await fetchPhoto(created.photos[0]?.url ?? '');
    expect(read.statusCode).toBe(503);
    expect(read.json()).toEqual({ code: 'unavailable', message: expect.stringMatching(/cannot be shown/) });
  });
});
