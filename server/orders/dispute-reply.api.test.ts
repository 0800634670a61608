// The seller's answer to a dispute with photos, through the real server: photo refusals (not an image, another type,
// too large, broken, past the hourly allowance), location stripped, who may see the photos, and who may answer when.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../contract/constants';
import type { TNotification } from '../../contract/notifications';
import { DISPUTE_REPLY_MAX, type TOrder } from '../../contract/orders';
import { PHOTO_MAX_BYTES, PHOTO_UPLOADS_PER_HOUR } from '../../contract/photos';
import { rowsOf } from '../db/client';
import { takeSharedSlot } from '../http/shared-limit';
import { PHOTO_UPLOAD_BUCKET } from '../photos/photos.service';
import { disputedOrder, type Sold, soldOrder } from '../test/completed-order';
import { userWithRole } from '../test/factories';
import { call, createTestApp, registerUser, type Session, type TestApp } from '../test/harness';
import { GPS_MARK, tinyJpeg, tinyPng, tinyWebp } from '../test/images';

let t: TestApp;
let manager: Session;
beforeAll(async () => {
  t = await createTestApp();
  manager = await userWithRole(t.app, t.ctx, 'manager');
});
afterAll(async () => {
  await t.close();
});

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const reply = (who: Session | null, orderId: number, payload: object) =>
  call(t.app, who?.cookie ?? null, { method: 'POST', url: `/api/orders/${orderId}/dispute/reply`, payload });
const fetchPhoto = (who: Session | null, url: string) =>
  call(t.app, who?.cookie ?? null, { method: 'GET', url });

/** What the database holds for the order's dispute: its reply, the stored photos and the timeline entries. */
async function stored(orderId: number) {
  const [row] = rowsOf<{ reply_note: string | null; photos: number; steps: number }>(
    await t.ctx.db.execute(sql`
      select d.reply_note,
        (select count(*)::int from photos p where p.owner_kind = 'dispute_reply' and p.owner_id = d.id) as photos,
        (select count(*)::int from order_events e where e.order_id = d.order_id) as steps
      from disputes d where d.order_id = ${orderId}`),
  );
  return row;
}

async function expectRefused(sold: Sold, payload: object, status: number, message: RegExp) {
  const before = await stored(sold.order.id);
  const res = await reply(sold.farmer, sold.order.id, payload);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(res.json<{ message: string }>().message).toMatch(message);
  expect(await stored(sold.order.id)).toEqual(before);
}

describe('photo refusals', () => {
  let sold: Sold;
  beforeAll(async () => {
    sold = await disputedOrder(t.app, t.ctx);
  });

  it('refuses a file that is no image, never storing it', async () => {
    await expectRefused(
      sold,
      { note: 'Dry when loaded', photos: [b64(Buffer.from('%PDF-1.7 not a picture'))] },
      415,
      /not a picture/,
    );
  });

  it('refuses an image of another type (GIF), even among good ones', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00', 'latin1');
    await expectRefused(
      sold,
      { note: 'Dry', photos: [b64(tinyPng()), b64(gif)] },
      415,
      /type is not accepted/,
    );
  });

  it('refuses a photo past the size cap', async () => {
    const big = tinyJpeg({ scanBytes: PHOTO_MAX_BYTES + 10 });
    await expectRefused(sold, { note: 'Dry', photos: [b64(big)] }, 400, /too large/);
  });

  it('refuses more than 4 photos, a broken picture and text that is not base64', async () => {
    const five = Array.from({ length: 5 }, (_, i) => b64(tinyPng({ rgb: [i, 0, 0] })));
    await expectRefused(sold, { note: 'Dry', photos: five }, 400, /./);
    await expectRefused(sold, { note: 'Dry', photos: [b64(tinyPng().subarray(0, 40))] }, 400, /damaged/);
    await expectRefused(sold, { note: 'Dry', photos: ['not base64!'] }, 400, /./);
  });

  it('refuses an empty note, and a note past the limit', async () => {
    await expectRefused(sold, { note: '   ' }, 400, /side of the story/);
    await expectRefused(sold, { note: 'x'.repeat(DISPUTE_REPLY_MAX + 1) }, 400, /too long/);
  });

  it('refuses photos past the hourly allowance (shared by every instance), storing nothing', async () => {
    const seller = await userWithRole(t.app, t.ctx, 'farmer');
    const spent = await disputedOrder(t.app, t.ctx, { farmer: seller });
    for (let i = 0; i < PHOTO_UPLOADS_PER_HOUR - 1; i += 1) {
      expect(
        await takeSharedSlot(t.ctx.db, {
          bucket: PHOTO_UPLOAD_BUCKET,
          key: String(seller.user.id),
          limits: [{ count: PHOTO_UPLOADS_PER_HOUR, windowMs: HOUR_MS }],
        }),
      ).toBe(0);
    }
    // One slot is left: two photos do not fit, and neither is kept.
    const before = await stored(spent.order.id);
    const res = await reply(seller, spent.order.id, {
      note: 'Dry',
      photos: [b64(tinyPng()), b64(tinyJpeg())],
    });
    expect(res.statusCode, res.body).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json<{ message: string }>().message).toMatch(/photos this hour/);
    expect(await stored(spent.order.id)).toEqual(before);
    // The refused hits were rolled back: one photo still fits.
    expect((await reply(seller, spent.order.id, { note: 'Dry', photos: [b64(tinyPng())] })).statusCode).toBe(
      201,
    );
  });
});

describe('a reply with photos', () => {
  let sold: Sold;
  let answered: TOrder;
  let agent: Session;
  beforeAll(async () => {
    const buyer = await registerUser(t.app, { role: 'buyer', language: 'fr' });
    sold = await disputedOrder(t.app, t.ctx, { buyer });
    agent = await userWithRole(t.app, t.ctx, 'agent');
    const res = await reply(sold.farmer, sold.order.id, {
      note: 'The grain was dry when loaded: see the moisture meter.',
      photos: [b64(tinyJpeg({ gps: true })), b64(tinyPng({ gps: true })), b64(tinyWebp({ gps: true }))],
    });
    expect(res.statusCode, res.body).toBe(201);
    answered = res.json<TOrder>();
  });

  it('answers the order with the reply, its photo addresses and a timeline entry', () => {
    expect(answered.dispute?.reply).toMatchObject({
      note: 'The grain was dry when loaded: see the moisture meter.',
      photos: [
        expect.stringMatching(new RegExp(`^/api/orders/${sold.order.id}/photos/[0-9a-f]{64}$`)),
        expect.any(String),
        expect.any(String),
      ],
    });
    expect(answered.dispute?.canReply).toBe(false);
    expect(answered.timeline.at(-1)).toMatchObject({
      status: 'dispute_replied',
      by: { id: sold.farmer.user.id },
    });
  });

  it('serves each photo to the parties and managers, without its location, cached for a year', async () => {
    const photos = answered.dispute?.reply?.photos ?? [];
    const types = [];
    for (const url of photos) {
      for (const who of [sold.buyer, sold.farmer, manager]) {
        const res = await fetchPhoto(who, url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
        expect(res.rawPayload.toString('latin1')).not.toContain(GPS_MARK);
        expect(res.rawPayload.toString('latin1')).not.toContain('GPS');
      }
      types.push((await fetchPhoto(manager, url)).headers['content-type']);
    }
    expect(types).toEqual(['image/jpeg', 'image/png', 'image/webp']);
  });

  it('answers 404 to a stranger, an agent not on the order, a signed-out caller and an unknown hash', async () => {
    const [url = ''] = answered.dispute?.reply?.photos ?? [];
    const stranger = await userWithRole(t.app, t.ctx, 'buyer');
    expect((await fetchPhoto(stranger, url)).statusCode).toBe(404);
    expect((await fetchPhoto(agent, url)).statusCode).toBe(404);
    expect((await fetchPhoto(null, url)).statusCode).toBe(401);
    expect((await fetchPhoto(sold.buyer, url.replace(/[0-9a-f]{64}$/, '0'.repeat(64)))).statusCode).toBe(404);
    // The photo of one order is not served under another the caller may see.
    const other = await soldOrder(t.app, t.ctx, { farmer: sold.farmer, buyer: sold.buyer });
    const hash = url.split('/').at(-1);
    expect((await fetchPhoto(sold.buyer, `/api/orders/${other.order.id}/photos/${hash}`)).statusCode).toBe(
      404,
    );
  });

  it('tells the buyer in their language and the managers', async () => {
    const inbox = async (who: Session) =>
      (await call(t.app, who.cookie, { method: 'GET', url: '/api/notifications' })).json<TNotification[]>();
    const told = (await inbox(sold.buyer)).find((n) => n.data.stepKey === 'orders.steps.dispute_replied');
    expect(told?.text).toContain('Le vendeur a répondu au litige');
    const managers = (await inbox(manager)).filter((n) => n.data.orderId === sold.order.id);
    expect(managers.map((n) => n.text)).toContainEqual(
      expect.stringContaining('Seller answered the dispute'),
    );
  });

  it('lets the seller answer once', async () => {
    const res = await reply(sold.farmer, sold.order.id, { note: 'Again' });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/already answered/);
  });
});

describe('who may answer, and when', () => {
  it('lets only the seller answer: the buyer and a manager are refused, a stranger finds no order', async () => {
    const sold = await disputedOrder(t.app, t.ctx);
    const before = await stored(sold.order.id);
    expect((await reply(sold.buyer, sold.order.id, { note: 'Me too' })).statusCode).toBe(403);
    expect((await reply(manager, sold.order.id, { note: 'For them' })).statusCode).toBe(403);
    const stranger = await userWithRole(t.app, t.ctx, 'farmer');
    expect((await reply(stranger, sold.order.id, { note: 'Hi' })).statusCode).toBe(404);
    expect((await reply(null, sold.order.id, { note: 'Hi' })).statusCode).toBe(401);
    expect(await stored(sold.order.id)).toEqual(before);
    const seen = (
      await call(t.app, sold.farmer.cookie, { method: 'GET', url: `/api/orders/${sold.order.id}` })
    ).json<TOrder>();
    expect(seen.dispute).toMatchObject({ reply: null, canReply: true });
  });

  it('refuses an answer on an order not in dispute, or once the dispute is settled', async () => {
    const sold = await soldOrder(t.app, t.ctx);
    const early = await reply(sold.farmer, sold.order.id, { note: 'Nothing to answer' });
    expect(early.statusCode).toBe(409);
    const settled = await disputedOrder(t.app, t.ctx);
    await call(t.app, manager.cookie, {
      method: 'PATCH',
      url: `/api/orders/${settled.order.id}/dispute`,
      payload: { resolution: 'rejected', note: 'No evidence' },
    });
    const before = await stored(settled.order.id);
    const late = await reply(settled.farmer, settled.order.id, {
      note: 'Too late',
      photos: [b64(tinyPng())],
    });
    expect(late.statusCode).toBe(409);
    expect(await stored(settled.order.id)).toEqual(before);
  });
});
