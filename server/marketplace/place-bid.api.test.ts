// The one statement that places a bid: each rule refuses by its name, and a refused bid changes nothing.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCommodity } from '../../contract/marketplace';
import { createSession } from '../auth/sessions';
import { users } from '../db/schema';
import { SESSION_COOKIE } from '../http/access';
import { userWithRole } from '../test/factories';
import { call, createTestApp, type Session, type TestApp } from '../test/harness';
import type { BidRefusal } from './marketplace.policy';
import { bids } from './marketplace.schema';
import { placeBidAtomically } from './place-bid.sql';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A 10 t listing at 200.00 a ton (total 2,000.00). */
async function list(farmer: Session): Promise<TCommodity> {
  const res = await call(t.app, farmer.cookie, {
    method: 'POST',
    url: '/api/commodities',
    payload: { name: 'Maize', quantity: 10, price: 200, grade: 'A' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TCommodity>();
}

/** Places a bid of 100.00 a ton through the statement itself, with a total bound of 2,000.00 unless told. */
function place(commodityId: number, buyerId: number, quantityKg: number | null, maxTotalCents = 200_000) {
  return placeBidAtomically(
    t.ctx.db,
    {
      commodityId,
      buyerId,
      priceCents: 10_000,
      quantityKg,
      expiresAt: new Date(Date.now() + 60_000),
      maxTotalCents,
    },
    () => sql`null`,
    () => [],
  );
}

const refusalOf = async (placing: ReturnType<typeof place>): Promise<BidRefusal | null> =>
  (await placing).refusal;

describe('placeBidAtomically', () => {
  it('names the rule that refused, in order, and places the bid when none did', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const listing = await list(farmer);
    const withdrawn = await list(farmer);
    await call(t.app, farmer.cookie, {
      method: 'PATCH',
      url: `/api/commodities/${withdrawn.id}`,
      payload: { status: 'withdrawn' },
    });
    const b = buyer.user.id;

    expect(await refusalOf(place(99_999_999, b, 1000))).toBe('not_found');
    expect(await refusalOf(place(listing.id, farmer.user.id, 1000))).toBe('own_listing');
    expect(await refusalOf(place(withdrawn.id, b, 1000))).toBe('not_available');
    expect(await refusalOf(place(listing.id, b, 10_001))).toBe('too_much');
    // 10 t at 100.00 is 1,000.00: past a bound of 999.99, whether the quantity is given or the whole listing.
    expect(await refusalOf(place(listing.id, b, 10_000, 99_999))).toBe('total_too_large');
    expect(await refusalOf(place(listing.id, b, null, 99_999))).toBe('total_too_large');
    // A given quantity's total is refused before the listing is looked at; the whole listing's after it.
    expect(await refusalOf(place(99_999_999, b, 10_000, 99_999))).toBe('total_too_large');
    expect(await refusalOf(place(99_999_999, b, null, 99_999))).toBe('not_found');
    expect(await refusalOf(place(withdrawn.id, b, null, 99_999))).toBe('not_available');
    expect(await t.ctx.db.select().from(bids).where(eq(bids.buyerId, b))).toEqual([]);

    const placed = await place(listing.id, b, null);
    expect(placed).toMatchObject({ refusal: null, bid: { commodityId: listing.id, quantityKg: 10_000 } });
  });

  it('answers each refusal with its status and message through the API', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const listing = await list(farmer);
    const bid = (session: Session, commodityId: number, quantity?: number, price = 100) =>
      call(t.app, session.cookie, {
        method: 'POST',
        url: '/api/bids',
        payload: { commodityId, price, ...(quantity === undefined ? {} : { quantity }) },
      });
    const answer = async (res: ReturnType<typeof bid>) => {
      const r = await res;
      return [r.statusCode, r.json<{ message: string }>().message];
    };
    expect(await answer(bid(buyer, 99_999_999))).toEqual([404, 'Commodity not found']);
    // A farmer who later became a buyer (farmers may not bid at all) still cannot bid on their own listing.
    await t.ctx.db.update(users).set({ role: 'buyer' }).where(eq(users.id, farmer.user.id));
    const asBuyer = {
      ...farmer,
      cookie: `${SESSION_COOKIE}=${await createSession(t.ctx.db, farmer.user.id)}`,
    };
    expect(await answer(bid(asBuyer, listing.id))).toEqual([403, 'You cannot bid on your own commodity']);
    expect(await answer(bid(buyer, listing.id, 10.001))).toEqual([
      409,
      'The quantity is more than is available',
    ]);
    expect(await answer(bid(buyer, 99_999_999, 1_000_000, 1_000_000))).toEqual([
      400,
      'The total (price × quantity) must be at most 10,000,000,000',
    ]);
    await call(t.app, farmer.cookie, {
      method: 'PATCH',
      url: `/api/commodities/${listing.id}`,
      payload: { status: 'withdrawn' },
    });
    expect(await answer(bid(buyer, listing.id))).toEqual([
      409,
      'This commodity is not available for bidding',
    ]);
  });
});
