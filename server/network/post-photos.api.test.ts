// A post's pictures through the real server: the spec's attachments made real pictures (each with its thumbnail)
// beside the old text labels; refusals store neither post nor picture; the location is stripped; served with a
// year's cache to every signed-in user while the post exists.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../contract/constants';
import type { TPost } from '../../contract/network';
import { PHOTO_MAX_BYTES, PHOTO_UPLOADS_PER_HOUR } from '../../contract/photos';
import { rowsOf } from '../db/client';
import { takeSharedSlot } from '../http/shared-limit';
import { PHOTO_UPLOAD_BUCKET } from '../photos/photos.service';
import { call, createTestApp, ok, registerUser, type Session, type TestApp } from '../test/harness';
import { GPS_MARK, tinyJpeg, tinyPng } from '../test/images';
import { TEN_POSTS } from './posts.service';

let t: TestApp;
let author: Session;
let reader: Session;
beforeAll(async () => {
  t = await createTestApp();
  author = await registerUser(t.app);
  reader = await registerUser(t.app, { role: 'buyer' });
});
afterAll(async () => {
  await t.close();
});

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const pair = (rgb: [number, number, number] = [40, 160, 40]) => ({
  photo: b64(tinyPng({ size: 16, rgb, gps: true })),
  thumb: b64(tinyPng({ size: 4, rgb })),
});
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00', 'latin1');
const post = (who: Session, payload: object) =>
  call(t.app, who.cookie, {
    method: 'POST',
    url: '/api/posts',
    payload: { content: 'Zaï pits before and after the rains', ...payload },
  });
const fetchPhoto = (who: Session | null, url: string) =>
  call(t.app, who?.cookie ?? null, { method: 'GET', url });

async function counts() {
  const [row] = rowsOf<{ photos: number; posts: number }>(
    await t.ctx.db.execute(sql`
      select (select count(*)::int from photos where owner_kind = 'post') as photos,
        (select count(*)::int from posts) as posts`),
  );
  return row;
}

async function expectRefused(who: Session, payload: object, status: number, message: RegExp) {
  const before = await counts();
  const res = await post(who, payload);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ message: string }>().message).toMatch(message);
  expect(await counts()).toEqual(before);
}

describe('a post with pictures', () => {
  let created: TPost;
  beforeAll(async () => {
    created = await ok<TPost>(
      await post(author, {
        attachments: ['programme.pdf'],
        photos: [pair(), { photo: b64(tinyJpeg({ gps: true })), thumb: b64(tinyJpeg({ scanBytes: 8 })) }],
      }),
      201,
    );
  });

  it('answers the pictures beside the text labels, which keep their shape for old clients', () => {
    expect(created.attachments).toEqual(['programme.pdf']);
    const address = new RegExp(`^/api/posts/${created.id}/photos/[0-9a-f]{64}$`);
    expect(created.photos).toHaveLength(2);
    for (const ref of created.photos) {
      expect(ref.url).toMatch(address);
      expect(ref.thumb).toMatch(address);
      expect(ref.thumb).not.toBe(ref.url);
    }
  });

  it('shows them on the feed, and an old post has none', async () => {
    const plain = await ok<TPost>(await post(author, { attachments: ['map'] }), 201);
    const feed = await ok<TPost[]>(await call(t.app, reader.cookie, { method: 'GET', url: '/api/posts' }));
    expect(feed.find((p) => p.id === created.id)?.photos).toEqual(created.photos);
    expect(feed.find((p) => p.id === plain.id)).toMatchObject({ attachments: ['map'], photos: [] });
  });

  it('serves each picture and thumbnail to any signed-in user, without location, cached for a year', async () => {
    for (const ref of created.photos) {
      for (const url of [ref.url, ref.thumb]) {
        const res = await fetchPhoto(reader, url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
        expect(res.headers['content-type']).toMatch(/^image\/(png|jpeg)$/);
        expect(res.rawPayload.toString('latin1')).not.toContain(GPS_MARK);
      }
    }
    const [first] = created.photos;
    expect((await fetchPhoto(null, first?.url ?? '')).statusCode).toBe(401);
    const other = await ok<TPost>(await post(author, {}), 201);
    const hash = first?.url.split('/').at(-1);
    expect((await fetchPhoto(reader, `/api/posts/${other.id}/photos/${hash}`)).statusCode).toBe(404);
  });

  it('drops the pictures with the post: no longer served, no longer stored', async () => {
    const gone = await ok<TPost>(await post(author, { photos: [pair([1, 1, 1])] }), 201);
    const url = gone.photos[0]?.url ?? '';
    expect((await fetchPhoto(reader, url)).statusCode).toBe(200);
    const res = await call(t.app, author.cookie, { method: 'DELETE', url: `/api/posts/${gone.id}` });
    expect(res.statusCode).toBe(204);
    expect((await fetchPhoto(author, url)).statusCode).toBe(404);
    const [row] = rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`select count(*)::int as n from photos where owner_kind = 'post' and owner_id = ${gone.id}`,
      ),
    );
    expect(row?.n).toBe(0);
  });

  it('stores the pictures of an author who already holds every post achievement', async () => {
    const prolific = await registerUser(t.app);
    for (let i = 0; i < TEN_POSTS; i += 1) {
      await ok(await post(prolific, {}), 201);
    }
    const late = await ok<TPost>(await post(prolific, { photos: [pair([2, 2, 2])] }), 201);
    expect(late.photos).toHaveLength(1);
    expect((await fetchPhoto(reader, late.photos[0]?.thumb ?? '')).statusCode).toBe(200);
  });
});

describe('picture refusals', () => {
  it('refuses no image and another type (415), a picture past the cap (413), more than 4 (400)', async () => {
    await expectRefused(
      author,
      { photos: [{ ...pair(), photo: b64(Buffer.from('hello')) }] },
      415,
      /not a picture/,
    );
    await expectRefused(author, { photos: [{ ...pair(), thumb: b64(GIF) }] }, 415, /type is not accepted/);
    const big = b64(tinyJpeg({ scanBytes: PHOTO_MAX_BYTES + 10 }));
    await expectRefused(author, { photos: [{ ...pair(), photo: big }] }, 413, /150 KB/);
    const five = Array.from({ length: 5 }, (_, i) => pair([i, 3, 3]));
    await expectRefused(author, { photos: five }, 400, /At most 4 photos/);
  });

  it('refuses pictures past the hourly allowance (429), storing no post', async () => {
    const busy = await registerUser(t.app);
    for (let i = 0; i < PHOTO_UPLOADS_PER_HOUR; i += 1) {
      await takeSharedSlot(t.ctx.db, {
        bucket: PHOTO_UPLOAD_BUCKET,
        key: String(busy.user.id),
        limits: [{ count: PHOTO_UPLOADS_PER_HOUR, windowMs: HOUR_MS }],
      });
    }
    await expectRefused(busy, { photos: [pair([5, 5, 5])] }, 429, /photos this hour/);
    await ok(await post(busy, {}), 201);
  });
});
