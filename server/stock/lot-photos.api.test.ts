// Photos of a lot through the real server: sent with the opening stock or added later (4 at most), refused when not an
// image of an allowed type or too large (nothing stored), served without location, cached for a year, and only to
// those who see the lot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES } from '../../contract/photos';
import type { TLot } from '../../contract/stock';
import { linkAgent, sender } from '../test/agent-sale';
import { userWithRole } from '../test/factories';
import { call, createTestApp, ok, type Session, type TestApp } from '../test/harness';
import { GPS_MARK, tinyJpeg, tinyPng, tinyWebp } from '../test/images';
import { lotIn, lotOf, openStore } from '../test/stock';

let t: TestApp;
let farmer: Session;
let storeId: number;
beforeAll(async () => {
  t = await createTestApp();
  farmer = await userWithRole(t.app, t.ctx, 'farmer');
  storeId = (await openStore(send, farmer)).id;
});
afterAll(async () => {
  await t.close();
});

const send = sender(() => t.app);
const b64 = (bytes: Buffer) => bytes.toString('base64');
let thumbs = 0;
/** A picture and its thumbnail (each thumbnail another colour, so that no two share bytes). */
const pair = (photo: Buffer | string) => {
  thumbs += 1;
  return {
    photo: typeof photo === 'string' ? photo : b64(photo),
    thumb: b64(tinyPng({ size: 4, rgb: [thumbs % 250, 7, 200] })),
  };
};
type Pair = ReturnType<typeof pair>;
const fetchPhoto = (who: Session | null, url: string) =>
  call(t.app, who?.cookie ?? null, { method: 'GET', url });
const lotsOfFarmer = async () =>
  (await ok<{ data: TLot[] }>(await send(farmer, 'GET', `/api/lots?store=${storeId}&empty=include`))).data;
const addPhotos = (who: Session, lotId: number, photos: Pair[]) =>
  send(who, 'POST', `/api/lots/${lotId}/photos`, { photos });

describe('photos of a lot', () => {
  it('are taken with the opening stock and added later, 4 at most', async () => {
    const lot = await lotIn(send, farmer, storeId, {
      photos: [pair(tinyJpeg({ gps: true })), pair(tinyPng({ gps: true }))],
    });
    expect(lot.photos).toHaveLength(2);
    for (const ref of lot.photos) {
      expect(ref.url).toMatch(new RegExp(`^/api/lots/${lot.id}/photos/[0-9a-f]{64}$`));
      expect(ref.thumb).toMatch(new RegExp(`^/api/lots/${lot.id}/photos/[0-9a-f]{64}$`));
    }
    const more = await ok<TLot>(
      await addPhotos(farmer, lot.id, [pair(tinyWebp({ gps: true })), pair(tinyPng({ rgb: [10, 90, 30] }))]),
      201,
    );
    expect(more.photos).toHaveLength(4);
    const fifth = await addPhotos(farmer, lot.id, [pair(tinyPng({ rgb: [1, 2, 3] }))]);
    expect(fifth.statusCode, fifth.body).toBe(409);
    expect((await lotOf(send, farmer, lot.id)).photos).toEqual(more.photos);
    // Five at once are refused by the contract, on creation as on adding.
    const five = [1, 2, 3, 4, 5].map((n) => pair(tinyPng({ rgb: [n, n, n] })));
    const before = await lotsOfFarmer();
    expect(
      (
        await send(farmer, 'POST', '/api/lots', {
          storeId,
          crop: 'Maize',
          grade: 'A',
          quantity: 1,
          photos: five,
        })
      ).statusCode,
    ).toBe(400);
    expect(await lotsOfFarmer()).toEqual(before);
  });

  it('are served without their location, cached for a year, to those who see the lot only', async () => {
    const lot = await lotIn(send, farmer, storeId, {
      photos: [
        pair(tinyJpeg({ gps: true })),
        pair(tinyPng({ gps: true, rgb: [9, 9, 9] })),
        pair(tinyWebp({ gps: true })),
      ],
    });
    const manager = await userWithRole(t.app, t.ctx, 'manager');
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    const stranger = await userWithRole(t.app, t.ctx, 'farmer');
    await linkAgent(send, agent, farmer);
    const types: string[] = [];
    for (const { url } of lot.photos) {
      for (const who of [farmer, manager, agent]) {
        const res = await fetchPhoto(who, url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
        expect(res.rawPayload.toString('latin1')).not.toContain(GPS_MARK);
        expect(res.rawPayload.toString('latin1')).not.toContain('GPS');
      }
      types.push(String((await fetchPhoto(farmer, url)).headers['content-type']));
      expect((await fetchPhoto(stranger, url)).statusCode).toBe(404);
      expect((await fetchPhoto(null, url)).statusCode).toBe(401);
    }
    expect(types.sort()).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    const url = lot.photos[0]?.url ?? '';
    expect((await fetchPhoto(farmer, url.replace(/[0-9a-f]{64}$/, '0'.repeat(64)))).statusCode).toBe(404);
    // A photo of one lot is not served under another the caller sees.
    const other = await lotIn(send, farmer, storeId);
    const hash = url.split('/').at(-1);
    expect((await fetchPhoto(farmer, `/api/lots/${other.id}/photos/${hash}`)).statusCode).toBe(404);
    // A stranger may not add photos to a lot they do not see.
    expect((await addPhotos(stranger, lot.id, [pair(tinyPng())])).statusCode).toBe(404);
  });
});

describe('photo refusals', () => {
  it('refuses a file that is not an image, or another type, with 415, storing nothing', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00', 'latin1');
    const lot = await lotIn(send, farmer, storeId);
    for (const bad of [Buffer.from('%PDF-1.7 not a picture'), gif]) {
      const before = await lotsOfFarmer();
      const created = await send(farmer, 'POST', '/api/lots', {
        storeId,
        crop: 'Maize',
        grade: 'A',
        quantity: 1,
        photos: [pair(tinyPng()), pair(bad)],
      });
      expect(created.statusCode, created.body).toBe(415);
      expect(created.json()).toMatchObject({ code: 'unsupportedMediaType' });
      expect(await lotsOfFarmer()).toEqual(before);
      expect((await addPhotos(farmer, lot.id, [pair(bad)])).statusCode).toBe(415);
      expect((await lotOf(send, farmer, lot.id)).photos).toEqual([]);
    }
  });

  it('refuses a photo past the size cap (413), one that is not base64 or broken (400)', async () => {
    const lot = await lotIn(send, farmer, storeId);
    const big = tinyJpeg({ scanBytes: PHOTO_MAX_BYTES + 10 });
    expect((await addPhotos(farmer, lot.id, [pair(big)])).statusCode).toBe(413);
    expect((await addPhotos(farmer, lot.id, [pair('not base64!')])).statusCode).toBe(400);
    expect((await addPhotos(farmer, lot.id, [pair(tinyPng().subarray(0, 40))])).statusCode).toBe(400);
    expect((await lotOf(send, farmer, lot.id)).photos).toEqual([]);
  });
});
