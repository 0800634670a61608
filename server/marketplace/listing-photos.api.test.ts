// A listing's photos through the real server: sent with the listing or added later (its owner or their agent),
// each with its thumbnail; refusals (not an image, another type, too large, too many, past the hourly allowance)
// store nothing; the location is stripped; served with a year's cache to those who may see the listing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../contract/constants';
import type { TCommodity } from '../../contract/marketplace';
import { PHOTO_MAX_BYTES, PHOTO_THUMB_MAX_BYTES, PHOTO_UPLOADS_PER_HOUR } from '../../contract/photos';
import { rowsOf } from '../db/client';
import { takeSharedSlot } from '../http/shared-limit';
import { PHOTO_UPLOAD_BUCKET } from '../photos/photos.service';
import { linkAgent, sender } from '../test/agent-sale';
import { userWithRole } from '../test/factories';
import { call, createTestApp, ok, type Session, type TestApp } from '../test/harness';
import { GPS_MARK, tinyJpeg, tinyPng, tinyWebp } from '../test/images';

let t: TestApp;
let farmer: Session;
let buyer: Session;
beforeAll(async () => {
  t = await createTestApp();
  farmer = await userWithRole(t.app, t.ctx, 'farmer');
  buyer = await userWithRole(t.app, t.ctx, 'buyer');
});
afterAll(async () => {
  await t.close();
});

const send = sender(() => t.app);
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
/** A picture and its thumbnail (another colour, so that they have different bytes). */
const pair = (rgb: [number, number, number] = [200, 160, 40]) => ({
  photo: b64(tinyPng({ size: 16, rgb, gps: true })),
  thumb: b64(tinyPng({ size: 4, rgb })),
});
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00', 'latin1');
const maize = { name: 'Maize', quantity: 4, price: 250, grade: 'A' };
const fetchPhoto = (who: Session | null, url: string) =>
  call(t.app, who?.cookie ?? null, { method: 'GET', url });

/** Photo rows and listings in the database: a refused write leaves both as they were. */
async function counts() {
  const [row] = rowsOf<{ photos: number; listings: number }>(
    await t.ctx.db.execute(sql`
      select (select count(*)::int from photos where owner_kind = 'listing') as photos,
        (select count(*)::int from commodities) as listings`),
  );
  return row;
}

async function expectRefused(who: Session, url: string, payload: object, status: number, message: RegExp) {
  const before = await counts();
  const res = await send(who, 'POST', url, payload);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(res.json<{ message: string }>().message).toMatch(message);
  expect(await counts()).toEqual(before);
}

describe('a listing sent with photos', () => {
  let listing: TCommodity;
  beforeAll(async () => {
    listing = await ok<TCommodity>(
      await send(farmer, 'POST', '/api/commodities', {
        ...maize,
        photos: [
          pair(),
          { photo: b64(tinyJpeg({ gps: true })), thumb: b64(tinyJpeg({ scanBytes: 16 })) },
          // Once stripped, this picture has its thumbnail's very bytes: one row serves both.
          { photo: b64(tinyWebp({ gps: true })), thumb: b64(tinyWebp()) },
        ],
      }),
      201,
    );
  });

  it('answers the listing with each photo’s address and its thumbnail’s, oldest first', async () => {
    const address = new RegExp(`^/api/commodities/${listing.id}/photos/[0-9a-f]{64}$`);
    expect(listing.photos).toHaveLength(3);
    for (const ref of listing.photos ?? []) {
      expect(ref.url).toMatch(address);
      expect(ref.thumb).toMatch(address);
    }
    const [png, jpeg, webp] = listing.photos ?? [];
    expect(png?.thumb).not.toBe(png?.url);
    expect(jpeg?.thumb).not.toBe(jpeg?.url);
    expect(webp?.thumb).toBe(webp?.url);
    const [stored] = rowsOf<{ full: number; thumb: number }>(
      await t.ctx.db.execute(sql`
        select count(*) filter (where variant = 'full')::int as full,
          count(*) filter (where variant = 'thumb')::int as thumb
        from photos where owner_kind = 'listing' and owner_id = ${listing.id}`),
    );
    expect(stored).toEqual({ full: 3, thumb: 2 });
  });

  it('shows the same photos on one listing, the public list and the owner’s list', async () => {
    const one = await ok<TCommodity>(await send(buyer, 'GET', `/api/commodities/${listing.id}`));
    expect(one.photos).toEqual(listing.photos);
    const all = await ok<TCommodity[]>(await send(buyer, 'GET', '/api/commodities?limit=200'));
    expect(all.find((c) => c.id === listing.id)?.photos).toEqual(listing.photos);
    const mine = await ok<TCommodity[]>(await send(farmer, 'GET', '/api/commodities?mine=1'));
    expect(mine.find((c) => c.id === listing.id)?.photos).toEqual(listing.photos);
  });

  it('serves pictures and thumbnails to any signed-in user, without their location, cached for a year', async () => {
    const types: string[] = [];
    for (const ref of listing.photos ?? []) {
      for (const url of [ref.url, ref.thumb]) {
        const res = await fetchPhoto(buyer, url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
        expect(res.headers.etag).toBe(`"${url.split('/').at(-1)}"`);
        expect(res.rawPayload.toString('latin1')).not.toContain(GPS_MARK);
        expect(res.rawPayload.toString('latin1')).not.toContain('GPS');
      }
      types.push(String((await fetchPhoto(buyer, ref.url)).headers['content-type']));
    }
    expect(types).toEqual(['image/png', 'image/jpeg', 'image/webp']);
  });

  it('answers 401 signed out, 404 for a hash the listing has not, or under another listing', async () => {
    const [first] = listing.photos ?? [];
    const url = first?.url ?? '';
    expect((await fetchPhoto(null, url)).statusCode).toBe(401);
    expect((await fetchPhoto(buyer, url.replace(/[0-9a-f]{64}$/, '0'.repeat(64)))).statusCode).toBe(404);
    const other = await ok<TCommodity>(await send(farmer, 'POST', '/api/commodities', maize), 201);
    const hash = url.split('/').at(-1);
    expect((await fetchPhoto(buyer, `/api/commodities/${other.id}/photos/${hash}`)).statusCode).toBe(404);
    expect((await fetchPhoto(buyer, `/api/commodities/${other.id}/photos/not-a-hash`)).statusCode).toBe(400);
  });

  it('keeps a withdrawn listing’s photos for its owner only', async () => {
    const withdrawn = await ok<TCommodity>(
      await send(farmer, 'POST', '/api/commodities', { ...maize, photos: [pair([1, 2, 3])] }),
      201,
    );
    await ok(await send(farmer, 'PATCH', `/api/commodities/${withdrawn.id}`, { status: 'withdrawn' }));
    const [ref] = withdrawn.photos ?? [];
    for (const url of [ref?.url ?? '', ref?.thumb ?? '']) {
      expect((await fetchPhoto(farmer, url)).statusCode).toBe(200);
      expect((await fetchPhoto(buyer, url)).statusCode).toBe(404);
    }
  });
});

describe('the largest listing a phone sends', () => {
  it('takes 4 pictures and 4 thumbnails each at its cap in one request (within the body limit)', async () => {
    const atCap = (bytes: number) => {
      const base = tinyJpeg({ scanBytes: 0 }).length;
      const jpeg = tinyJpeg({ scanBytes: bytes - base });
      expect(jpeg.length).toBe(bytes);
      return b64(jpeg);
    };
    const photos = Array.from({ length: 4 }, () => ({
      photo: atCap(PHOTO_MAX_BYTES),
      thumb: atCap(PHOTO_THUMB_MAX_BYTES),
    }));
    const seller = await userWithRole(t.app, t.ctx, 'farmer');
    const res = await send(seller, 'POST', '/api/commodities', { ...maize, photos });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(201);
  });
});

describe('photo refusals', () => {
  it('refuses a file that is no image (415), never storing the listing', async () => {
    await expectRefused(
      farmer,
      '/api/commodities',
      { ...maize, photos: [{ photo: b64(Buffer.from('%PDF-1.7 not a picture')), thumb: pair().thumb }] },
      415,
      /not a picture/,
    );
  });

  it('refuses an image of another type (GIF), as the picture or the thumbnail (415)', async () => {
    await expectRefused(
      farmer,
      '/api/commodities',
      { ...maize, photos: [pair(), { photo: b64(GIF), thumb: pair().thumb }] },
      415,
      /type is not accepted/,
    );
    await expectRefused(
      farmer,
      '/api/commodities',
      { ...maize, photos: [{ photo: pair().photo, thumb: b64(GIF) }] },
      415,
      /type is not accepted/,
    );
  });

  it('refuses a picture past 150 KB, or a thumbnail past its own cap (413)', async () => {
    const big = b64(tinyJpeg({ scanBytes: PHOTO_MAX_BYTES + 10 }));
    await expectRefused(
      farmer,
      '/api/commodities',
      { ...maize, photos: [{ ...pair(), photo: big }] },
      413,
      /150 KB/,
    );
    const bigThumb = b64(tinyJpeg({ scanBytes: PHOTO_THUMB_MAX_BYTES + 10 }));
    await expectRefused(
      farmer,
      '/api/commodities',
      { ...maize, photos: [{ ...pair(), thumb: bigThumb }] },
      413,
      /32 KB/,
    );
  });

  it('refuses more than 4 photos, a pair without its thumbnail and text that is not base64 (400)', async () => {
    const five = Array.from({ length: 5 }, (_, i) => pair([i, 9, 9]));
    await expectRefused(farmer, '/api/commodities', { ...maize, photos: five }, 400, /At most 4 photos/);
    await expectRefused(
      farmer,
      '/api/commodities',
      { ...maize, photos: [{ photo: pair().photo }] },
      400,
      /thumb/,
    );
    await expectRefused(
      farmer,
      '/api/commodities',
      { ...maize, photos: [{ ...pair(), photo: 'no!' }] },
      400,
      /./,
    );
  });

  it('refuses photos past the uploader’s hourly allowance (429), storing nothing, then lets one through', async () => {
    const seller = await userWithRole(t.app, t.ctx, 'farmer');
    for (let i = 0; i < PHOTO_UPLOADS_PER_HOUR - 1; i += 1) {
      expect(
        await takeSharedSlot(t.ctx.db, {
          bucket: PHOTO_UPLOAD_BUCKET,
          key: String(seller.user.id),
          limits: [{ count: PHOTO_UPLOADS_PER_HOUR, windowMs: HOUR_MS }],
        }),
      ).toBe(0);
    }
    // One slot is left: a pair counts as one upload, so two pairs do not fit and neither is kept.
    const before = await counts();
    const res = await send(seller, 'POST', '/api/commodities', {
      ...maize,
      photos: [pair([7, 7, 7]), pair([8, 8, 8])],
    });
    expect(res.statusCode, res.body).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json<{ message: string }>().message).toMatch(/photos this hour/);
    expect(await counts()).toEqual(before);
    await ok(await send(seller, 'POST', '/api/commodities', { ...maize, photos: [pair([7, 7, 7])] }), 201);
  });
});

describe('photos added to a listing', () => {
  const addTo = (who: Session, id: number, photos: object[]) =>
    send(who, 'POST', `/api/commodities/${id}/photos`, { photos });

  it('lets the owner add photos up to 4 in all, then refuses more (409)', async () => {
    const listing = await ok<TCommodity>(
      await send(farmer, 'POST', '/api/commodities', { ...maize, photos: [pair([10, 0, 0])] }),
      201,
    );
    await ok(await send(buyer, 'GET', '/api/commodities?limit=200'));
    const added = await ok<TCommodity>(
      await addTo(farmer, listing.id, [pair([11, 0, 0]), pair([12, 0, 0])]),
      201,
    );
    expect(added.photos).toHaveLength(3);
    expect(added.photos?.[0]).toEqual(listing.photos?.[0]);
    const one = await ok<TCommodity>(await send(buyer, 'GET', `/api/commodities/${listing.id}`));
    expect(one.photos).toEqual(added.photos);
    // The public pages (kept in memory) were read before the photos came: they show them now.
    const all = await ok<TCommodity[]>(await send(buyer, 'GET', '/api/commodities?limit=200'));
    expect(all.find((c) => c.id === listing.id)?.photos).toEqual(added.photos);
    await expectRefused(
      farmer,
      `/api/commodities/${listing.id}/photos`,
      { photos: [pair([13, 0, 0]), pair([14, 0, 0])] },
      409,
      /1 more/,
    );
    expect((await addTo(farmer, listing.id, [pair([13, 0, 0])])).statusCode).toBe(201);
  });

  it('lets two uploads racing for the last places fill them once: one is refused whole (409)', async () => {
    const listing = await ok<TCommodity>(
      await send(farmer, 'POST', '/api/commodities', { ...maize, photos: [pair([30, 0, 0])] }),
      201,
    );
    const [a, b] = await Promise.all([
      addTo(farmer, listing.id, [pair([31, 0, 0]), pair([32, 0, 0])]),
      addTo(farmer, listing.id, [pair([33, 0, 0]), pair([34, 0, 0])]),
    ]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([201, 409]);
    const one = await ok<TCommodity>(await send(buyer, 'GET', `/api/commodities/${listing.id}`));
    expect(one.photos).toHaveLength(3);
  });

  it('refuses someone else’s listing: another farmer (403), a buyer (403), an unknown listing (404)', async () => {
    const listing = await ok<TCommodity>(await send(farmer, 'POST', '/api/commodities', maize), 201);
    const other = await userWithRole(t.app, t.ctx, 'farmer');
    await expectRefused(other, `/api/commodities/${listing.id}/photos`, { photos: [pair()] }, 403, /./);
    await expectRefused(buyer, `/api/commodities/${listing.id}/photos`, { photos: [pair()] }, 403, /./);
    await expectRefused(farmer, '/api/commodities/999999/photos', { photos: [pair()] }, 404, /./);
    await expectRefused(farmer, `/api/commodities/${listing.id}/photos`, { photos: [] }, 400, /at least one/);
  });

  it('lets the owner’s agent add photos, and refuses a withdrawn listing (409)', async () => {
    const owner = await userWithRole(t.app, t.ctx, 'farmer');
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    await linkAgent(send, agent, owner);
    const listing = await ok<TCommodity>(await send(owner, 'POST', '/api/commodities', maize), 201);
    const added = await ok<TCommodity>(await addTo(agent, listing.id, [pair([20, 0, 0])]), 201);
    expect(added.photos).toHaveLength(1);
    await ok(await send(owner, 'PATCH', `/api/commodities/${listing.id}`, { status: 'withdrawn' }));
    await expectRefused(owner, `/api/commodities/${listing.id}/photos`, { photos: [pair()] }, 409, /./);
  });
});
