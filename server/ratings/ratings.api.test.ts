// Ratings through the real server: after a completed order its buyer and seller rate each other, once, editable for
// RATING_EDIT_DAYS; strangers and early raters are refused; a manager hides a note; profiles and cards show the
// aggregate and the order record.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBidDetail, TCommodity } from '../../contract/marketplace';
import {
  RATING_EDIT_DAYS,
  type TOrderRatings,
  type TRating,
  type TUserRatings,
} from '../../contract/ratings';
import { rowsOf } from '../db/client';
import { translate } from '../http/i18n';
import { completeOrder, type Sold, soldOrder } from '../test/completed-order';
import { userWithRole } from '../test/factories';
import { call, createTestApp, ok, type Session, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function send(
  session: Session | null,
  method: 'GET' | 'PUT' | 'PATCH' | 'POST',
  url: string,
  payload?: object,
) {
  return call(t.app, session?.cookie ?? null, { method, url, ...(payload ? { payload } : {}) });
}

type Sale = Sold;

const sale = (farmer?: Session, buyer?: Session) =>
  soldOrder(t.app, t.ctx, { ...(farmer ? { farmer } : {}), ...(buyer ? { buyer } : {}) });
const complete = async (s: Sale) => {
  await completeOrder(t.app, s);
};

const rate = (who: Session | null, orderId: number, body: object) =>
  send(who, 'PUT', `/api/orders/${orderId}/rating`, body);

async function ratingRows(orderId: number) {
  return rowsOf<{ rater_id: number; score: number; note: string | null }>(
    await t.ctx.db.execute(
      sql`select rater_id, score, note from ratings where order_id = ${orderId} order by id`,
    ),
  );
}

describe('rating an order', () => {
  it('is refused before the order completes, changing nothing', async () => {
    const s = await sale();
    const early = await rate(s.buyer, s.order.id, { score: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(translate('en', 'ratings.errors.notCompleted'));
    const view = await ok<TOrderRatings>(await send(s.buyer, 'GET', `/api/orders/${s.order.id}/ratings`));
    expect(view).toEqual({ mine: null, theirs: null, canRate: false, canEdit: false });
    expect(await ratingRows(s.order.id)).toEqual([]);
  });

  it('is refused to anyone but the buyer and the seller (a stranger: 404; a manager: 403; a driver: 404)', async () => {
    const s = await sale();
    await complete(s);
    for (const role of ['farmer', 'buyer', 'delivery', 'agent'] as const) {
      const stranger = await userWithRole(t.app, t.ctx, role);
      expect((await rate(stranger, s.order.id, { score: 1 })).statusCode).toBe(404);
      expect((await send(stranger, 'GET', `/api/orders/${s.order.id}/ratings`)).statusCode).toBe(404);
    }
    const manager = await userWithRole(t.app, t.ctx, 'manager');
    expect((await rate(manager, s.order.id, { score: 1 })).statusCode).toBe(403);
    expect((await rate(null, s.order.id, { score: 1 })).statusCode).toBe(401);
    expect((await rate(s.buyer, 999_999, { score: 1 })).statusCode).toBe(404);
    expect(await ratingRows(s.order.id)).toEqual([]);
  });

  it('refuses scores outside 1–5, fractions and long notes (400), and normalises the note as free text', async () => {
    const s = await sale();
    await complete(s);
    for (const body of [
      { score: 0 },
      { score: 6 },
      { score: 4.5 },
      { score: '5' },
      {},
      { score: 3, note: 'x'.repeat(281) },
    ]) {
      const res = await rate(s.buyer, s.order.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await ratingRows(s.order.id)).toEqual([]);
    const saved = await ok<TRating>(
      await rate(s.buyer, s.order.id, { score: 4, note: '  Good\u202e grain,\r\non time  ' }),
    );
    expect(saved.note).toBe('Good grain,\non time');
    const none = await ok<TRating>(await rate(s.farmer, s.order.id, { score: 5, note: '   ' }));
    expect(none.note).toBeNull();
  });

  it('rates once per side, edits within the window, and refuses an edit after it', async () => {
    const s = await sale();
    await complete(s);
    const first = await ok<TRating>(await rate(s.buyer, s.order.id, { score: 2, note: 'Late' }));
    expect(first).toMatchObject({
      orderId: s.order.id,
      score: 2,
      note: 'Late',
      hidden: false,
      raterSide: 'buyer',
      rater: { id: s.buyer.user.id },
      ratee: { id: s.farmer.user.id },
      commodityName: 'Maize',
    });
    const until = new Date(first.editableUntil).getTime() - new Date(first.createdAt).getTime();
    expect(until).toBe(RATING_EDIT_DAYS * 86_400_000);
    const edited = await ok<TRating>(await rate(s.buyer, s.order.id, { score: 4, note: 'Late but good' }));
    expect(edited).toMatchObject({
      id: first.id,
      score: 4,
      note: 'Late but good',
      createdAt: first.createdAt,
    });
    const seller = await ok<TRating>(await rate(s.farmer, s.order.id, { score: 5 }));
    expect(seller).toMatchObject({ raterSide: 'seller', ratee: { id: s.buyer.user.id } });
    expect((await ratingRows(s.order.id)).map((r) => [r.rater_id, r.score])).toEqual([
      [s.buyer.user.id, 4],
      [s.farmer.user.id, 5],
    ]);

    const both = await ok<TOrderRatings>(await send(s.buyer, 'GET', `/api/orders/${s.order.id}/ratings`));
    expect(both).toMatchObject({
      mine: { id: first.id, score: 4 },
      theirs: { id: seller.id },
      canRate: true,
      canEdit: true,
    });

    // The window runs from when the rating was first given: move that back past it.
    await t.ctx.db.execute(
      sql`update ratings set created_at = now() - make_interval(days => ${RATING_EDIT_DAYS}, secs => 1)
          where id = ${first.id}`,
    );
    const late = await rate(s.buyer, s.order.id, { score: 1, note: 'Changed my mind' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(translate('en', 'ratings.errors.editClosed'));
    expect((await ratingRows(s.order.id))[0]).toMatchObject({ score: 4, note: 'Late but good' });
    const closed = await ok<TOrderRatings>(await send(s.buyer, 'GET', `/api/orders/${s.order.id}/ratings`));
    expect(closed.canEdit).toBe(false);
    // The other side's window is its own.
    await ok(await rate(s.farmer, s.order.id, { score: 4 }));
  });
});

describe("a user's ratings", () => {
  it('shows the average, the count and the record of completed, cancelled and disputed orders', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const a = await sale(farmer);
    const b = await sale(farmer);
    const c = await sale(farmer);
    const d = await sale(farmer);
    await complete(a);
    await complete(b);
    await complete(c);
    await ok(await send(d.farmer, 'POST', `/api/orders/${d.order.id}/cancel`, { reason: 'No truck' }));
    await ok(
      await send(c.buyer, 'POST', `/api/orders/${c.order.id}/dispute`, { reason: 'quality', note: 'Wet' }),
      201,
    );
    await ok(await rate(a.buyer, a.order.id, { score: 5, note: 'Great' }));
    await ok(await rate(b.buyer, b.order.id, { score: 4 }));
    await ok(await rate(c.buyer, c.order.id, { score: 2, note: 'Wet grain' }));
    // The seller's rating of a buyer is the buyer's, not the seller's.
    await ok(await rate(farmer, a.order.id, { score: 1 }));

    const reader = await userWithRole(t.app, t.ctx, 'buyer');
    const profile = await ok<TUserRatings>(await send(reader, 'GET', `/api/users/${farmer.user.id}/ratings`));
    expect(profile.summary).toEqual({ average: 3.7, count: 3 });
    expect(profile.record).toEqual({ completed: 2, cancelled: 1, disputed: 1 });
    expect(profile.items.map((i) => [i.score, i.note, i.rater.id])).toEqual([
      [2, 'Wet grain', c.buyer.user.id],
      [4, null, b.buyer.user.id],
      [5, 'Great', a.buyer.user.id],
    ]);
    const buyerSide = await ok<TUserRatings>(
      await send(reader, 'GET', `/api/users/${a.buyer.user.id}/ratings`),
    );
    expect(buyerSide.summary).toEqual({ average: 1, count: 1 });
    expect(buyerSide.record).toEqual({ completed: 1, cancelled: 0, disputed: 0 });

    const nobody = await userWithRole(t.app, t.ctx, 'delivery');
    expect(await ok<TUserRatings>(await send(reader, 'GET', `/api/users/${nobody.user.id}/ratings`))).toEqual(
      {
        userId: nobody.user.id,
        summary: { average: null, count: 0 },
        record: { completed: 0, cancelled: 0, disputed: 0 },
        items: [],
      },
    );
    expect((await send(reader, 'GET', '/api/users/999999/ratings')).statusCode).toBe(404);
    expect((await send(null, 'GET', `/api/users/${farmer.user.id}/ratings`)).statusCode).toBe(401);
  });

  it('lets a manager hide an abusive note: its text goes from others, its score still counts', async () => {
    const s = await sale();
    await complete(s);
    const rating = await ok<TRating>(await rate(s.buyer, s.order.id, { score: 1, note: 'Abusive words' }));
    const manager = await userWithRole(t.app, t.ctx, 'manager');
    const reader = await userWithRole(t.app, t.ctx, 'farmer');
    expect((await send(reader, 'PATCH', `/api/ratings/${rating.id}`, { hidden: true })).statusCode).toBe(403);
    expect((await send(s.farmer, 'PATCH', `/api/ratings/${rating.id}`, { hidden: true })).statusCode).toBe(
      403,
    );
    const hidden = await ok<TRating>(
      await send(manager, 'PATCH', `/api/ratings/${rating.id}`, { hidden: true }),
    );
    expect(hidden).toMatchObject({ hidden: true, note: 'Abusive words' });
    expect((await send(manager, 'PATCH', '/api/ratings/999999', { hidden: true })).statusCode).toBe(404);

    const url = `/api/users/${s.farmer.user.id}/ratings`;
    const seen = await ok<TUserRatings>(await send(reader, 'GET', url));
    expect(seen.summary).toEqual({ average: 1, count: 1 });
    expect(seen.items[0]).toMatchObject({ score: 1, note: null, hidden: true });
    // The rated seller does not read it either; the manager and its author do.
    expect((await ok<TUserRatings>(await send(s.farmer, 'GET', url))).items[0]?.note).toBeNull();
    expect((await ok<TUserRatings>(await send(manager, 'GET', url))).items[0]?.note).toBe('Abusive words');
    const authorView = await ok<TOrderRatings>(
      await send(s.buyer, 'GET', `/api/orders/${s.order.id}/ratings`),
    );
    expect(authorView.mine).toMatchObject({ note: 'Abusive words', hidden: true });
    const sellerView = await ok<TOrderRatings>(
      await send(s.farmer, 'GET', `/api/orders/${s.order.id}/ratings`),
    );
    expect(sellerView.theirs).toMatchObject({ note: null, hidden: true, score: 1 });

    const shown = await ok<TRating>(
      await send(manager, 'PATCH', `/api/ratings/${rating.id}`, { hidden: false }),
    );
    expect(shown.hidden).toBe(false);
    expect((await ok<TUserRatings>(await send(reader, 'GET', url))).items[0]?.note).toBe('Abusive words');
  });
});

describe('ratings on the marketplace', () => {
  it("shows the seller's rating on listing cards and the buyer's on the seller's bid list, fresh after a rating", async () => {
    const s = await sale();
    const reader = await userWithRole(t.app, t.ctx, 'buyer');
    const card = async () => {
      const page = await ok<TCommodity[]>(await send(reader, 'GET', '/api/commodities?limit=100'));
      return page.find((c) => c.id === s.listing.id);
    };
    expect((await card())?.sellerRating).toEqual({ average: null, count: 0 });
    await complete(s);
    await ok(await rate(s.buyer, s.order.id, { score: 4 }));
    // The public pages are cached: a rating must not leave the old aggregate on them.
    expect((await card())?.sellerRating).toEqual({ average: 4, count: 1 });
    const one = await ok<TCommodity>(await send(reader, 'GET', `/api/commodities/${s.listing.id}`));
    expect(one.sellerRating).toEqual({ average: 4, count: 1 });

    // A second bid by the same buyer on another listing: the seller reads the buyer's rating beside it.
    await ok(await rate(s.farmer, s.order.id, { score: 3 }));
    const other = await ok<TCommodity>(
      await send(s.farmer, 'POST', '/api/commodities', {
        name: 'Beans',
        quantity: 5,
        price: 300,
        grade: 'A',
      }),
      201,
    );
    await ok(
      await send(s.buyer, 'POST', '/api/bids', { commodityId: other.id, price: 300, quantity: 1 }),
      201,
    );
    const received = await ok<TBidDetail[]>(await send(s.farmer, 'GET', '/api/bids?status=pending'));
    expect(received[0]).toMatchObject({ buyerRating: { average: 3, count: 1 } });
    const placed = await ok<TBidDetail[]>(await send(s.buyer, 'GET', '/api/bids?status=pending'));
    expect(placed[0]?.commodity.sellerRating).toEqual({ average: 4, count: 1 });
  });
});
