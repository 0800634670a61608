// API tests of the marketplace: listings, bids, accepts under concurrency, requests, market data, live events.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBid, TBidDetail, TCommodity, TMarketSummaryItem } from '../../contract/marketplace';
import { users } from '../db/schema';
import { seed } from '../demo/market';
import { createFarm, userWithRole } from '../test/factories';
import { call, createTestApp, eventsDuring, registerUser, type Session, type TestApp } from '../test/harness';
import { userAchievements } from '../users/users.schema';
import { unmatchedMarkets } from './catalogue.repo';
import { marketModel } from './market-model';
import { bids, commodities, trades } from './marketplace.schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const listingInput = (overrides: Record<string, unknown> = {}) => ({
  name: 'Maize',
  quantity: 10,
  price: 250.5,
  grade: 'A',
  ...overrides,
});

async function list(farmer: Session, overrides: Record<string, unknown> = {}): Promise<TCommodity> {
  const res = await call(t.app, farmer.cookie, {
    method: 'POST',
    url: '/api/commodities',
    payload: listingInput(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TCommodity>();
}

async function bid(buyer: Session, commodityId: number, price: number | string, quantity?: number | string) {
  return call(t.app, buyer.cookie, {
    method: 'POST',
    url: '/api/bids',
    payload: { commodityId, price, ...(quantity === undefined ? {} : { quantity }) },
  });
}

const decide = (session: Session, id: number, status: string) =>
  call(t.app, session.cookie, { method: 'PATCH', url: `/api/bids/${id}`, payload: { status } });

const get = (session: Session, url: string) => call(t.app, session.cookie, { method: 'GET', url });

async function achievementsOf(userId: number): Promise<string[]> {
  const rows = await t.ctx.db
    .select({ code: userAchievements.code })
    .from(userAchievements)
    .where(eq(userAchievements.userId, userId));
  return rows.map((r) => r.code);
}

describe('listings', () => {
  it('lets a farmer list (201, decimals in, typed out) and awards first_listing once', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, farmer);
    const events = await eventsDuring(t, () =>
      list(farmer, { name: '  Maïs jaune ', quantity: '12,5', price: '300.25', farmId: farm.id }),
    );
    expect(events.some((e) => e.type === 'commodity')).toBe(true);
    const [mine] = (await get(farmer, '/api/commodities?mine=1')).json<TCommodity[]>();
    expect(mine).toMatchObject({
      name: 'Maïs jaune',
      quantity: 12.5,
      listedQuantity: 12.5,
      price: 300.25,
      grade: 'A',
      status: 'available',
      userId: farmer.user.id,
      sellerUsername: farmer.user.username,
      farmId: farm.id,
    });
    await list(farmer);
    expect(await achievementsOf(farmer.user.id)).toEqual(['first_listing']);
  });

  it('refuses buyers (403), bad input (400 naming the field) and a farm that is not theirs (404)', async () => {
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const refused = await call(t.app, buyer.cookie, {
      method: 'POST',
      url: '/api/commodities',
      payload: listingInput(),
    });
    expect(refused.statusCode).toBe(403);
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    for (const [field, value] of [
      ['name', 'M'],
      ['quantity', 0],
      ['quantity', '1,2345'],
      ['price', 0],
      ['price', -3],
      ['price', '12.345'],
      ['grade', 'D'],
    ] as const) {
      const res = await call(t.app, farmer.cookie, {
        method: 'POST',
        url: '/api/commodities',
        payload: listingInput({ [field]: value }),
      });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(res.json().issues[0].path).toBe(field);
    }
    const zero = await call(t.app, farmer.cookie, {
      method: 'POST',
      url: '/api/commodities',
      payload: listingInput({ quantity: 0 }),
    });
    expect(zero.json().issues[0].message).toBe('Quantity must be greater than 0');
    const other = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, other);
    const notMine = await call(t.app, farmer.cookie, {
      method: 'POST',
      url: '/api/commodities',
      payload: listingInput({ farmId: farm.id }),
    });
    expect(notMine.statusCode).toBe(404);
    expect((await get(farmer, '/api/commodities?mine=1')).json()).toEqual([]);
  });

  it('lists available listings first, paginates with X-Next-Cursor, and lets the owner edit or withdraw', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const sold = await list(farmer, { quantity: 1 });
    const placed = (await bid(buyer, sold.id, 200)).json<TBid>();
    expect((await decide(farmer, placed.id, 'accepted')).statusCode).toBe(200);
    const a = await list(farmer);
    const b = await list(farmer);

    const all = (await get(farmer, '/api/commodities?limit=200')).json<TCommodity[]>();
    const firstSold = all.findIndex((c) => c.status === 'sold');
    expect(all.slice(firstSold).every((c) => c.status === 'sold')).toBe(true);
    expect(all.findIndex((c) => c.id === b.id)).toBeLessThan(all.findIndex((c) => c.id === a.id));
    expect(all.findIndex((c) => c.id === a.id)).toBeLessThan(all.findIndex((c) => c.id === sold.id));

    const first = await get(farmer, '/api/commodities?mine=1&limit=2');
    expect(first.json<TCommodity[]>().map((c) => c.id)).toEqual([b.id, a.id]);
    const cursor = first.headers['x-next-cursor'];
    expect(typeof cursor).toBe('string');
    const second = await get(farmer, `/api/commodities?mine=1&limit=2&cursor=${cursor}`);
    expect(second.json<TCommodity[]>().map((c) => c.id)).toEqual([sold.id]);
    expect(second.headers['x-next-cursor']).toBeUndefined();
    expect((await get(farmer, '/api/commodities?limit=500')).statusCode).toBe(400);

    const stranger = await userWithRole(t.app, t.ctx, 'farmer');
    const patch = (s: Session, id: number, payload: Record<string, unknown>) =>
      call(t.app, s.cookie, { method: 'PATCH', url: `/api/commodities/${id}`, payload });
    expect((await patch(stranger, a.id, { price: 1 })).statusCode).toBe(403);
    const edited = await patch(farmer, a.id, { price: '199,99', quantity: 4 });
    expect(edited.json()).toMatchObject({ price: 199.99, quantity: 4, listedQuantity: 4 });
    const pending = (await bid(buyer, b.id, 100)).json<TBid>();
    const withdrawn = await patch(farmer, b.id, { status: 'withdrawn' });
    expect(withdrawn.json().status).toBe('withdrawn');
    const [mineBid] = (await get(buyer, '/api/bids')).json<TBidDetail[]>();
    expect(mineBid).toMatchObject({ id: pending.id, status: 'rejected' });
    expect((await patch(farmer, b.id, { price: 5 })).statusCode).toBe(409);
    expect((await get(stranger, `/api/commodities/${b.id}`)).statusCode).toBe(404);
    expect((await get(farmer, `/api/commodities/${b.id}`)).statusCode).toBe(200);
    expect((await get(stranger, '/api/commodities/99999999')).statusCode).toBe(404);
  });
});

describe('bids', () => {
  it('lets a buyer bid (201 shape, default whole quantity) and replaces their earlier pending bid', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const listing = await list(farmer, { quantity: 7.5 });
    const events = await eventsDuring(t, () => bid(buyer, listing.id, '240,5'));
    expect(events.some((e) => e.type === 'bid')).toBe(true);
    const [first] = (await get(buyer, '/api/bids')).json<TBidDetail[]>();
    expect(first).toMatchObject({
      commodityId: listing.id,
      buyerId: buyer.user.id,
      price: 240.5,
      quantity: 7.5,
      status: 'pending',
      buyerUsername: buyer.user.username,
      commodity: { id: listing.id, name: 'Maize', sellerUsername: farmer.user.username },
    });
    const again = await bid(buyer, listing.id, 250, '2.5');
    expect(again.statusCode).toBe(201);
    expect(Object.keys(again.json()).sort()).toEqual(
      ['buyerId', 'commodityId', 'createdAt', 'expiresAt', 'id', 'price', 'quantity', 'status'].sort(),
    );
    const statuses = (await get(buyer, '/api/bids')).json<TBidDetail[]>().map((b) => b.status);
    expect(statuses).toEqual(['pending', 'withdrawn']);
    const received = (await get(farmer, '/api/bids?status=pending')).json<TBidDetail[]>();
    expect(received.map((b) => [b.id, b.buyerUsername])).toEqual([[again.json().id, buyer.user.username]]);
  });

  it('answers 403 for farmers and for one’s own listing, 409 beyond availability or when not available, 404 missing, 400 bad price', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const listing = await list(farmer, { quantity: 2 });
    expect((await bid(farmer, listing.id, 100)).statusCode).toBe(403);
    const kept = (await bid(buyer, listing.id, 90, 1)).json<TBid>();
    const tooMuch = await bid(buyer, listing.id, 100, 2.001);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe('The quantity is more than is available');
    // A refused bid leaves the buyer's earlier pending bid as it was.
    const mine = (await get(buyer, '/api/bids')).json<TBidDetail[]>();
    expect(mine.map((b) => [b.id, b.status])).toEqual([[kept.id, 'pending']]);
    expect((await bid(buyer, 99999999, 100)).statusCode).toBe(404);
    const bad = await bid(buyer, listing.id, 0);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('price');

    // A farmer who later became a buyer still cannot bid on their own listing.
    const owner = await userWithRole(t.app, t.ctx, 'farmer');
    const own = await list(owner);
    await t.ctx.db.update(users).set({ role: 'buyer' }).where(eq(users.id, owner.user.id));
    expect((await bid(owner, own.id, 100)).statusCode).toBe(403);

    await call(t.app, farmer.cookie, {
      method: 'PATCH',
      url: `/api/commodities/${listing.id}`,
      payload: { status: 'withdrawn' },
    });
    const closed = await bid(buyer, listing.id, 100);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('This commodity is not available for bidding');
  });

  it('accepts in one transaction: quantity falls, trade recorded, unfit bids rejected, 409 on a second accept', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, farmer);
    const [b1, b2, b3] = await Promise.all([1, 2, 3].map(() => userWithRole(t.app, t.ctx, 'buyer')));
    if (!b1 || !b2 || !b3) {
      throw new Error('buyers');
    }
    const listing = await list(farmer, { quantity: 10, farmId: farm.id });
    const big = (await bid(b1, listing.id, '301.11', 7)).json<TBid>();
    const tooBig = (await bid(b2, listing.id, 290, 4)).json<TBid>();
    const fits = (await bid(b3, listing.id, 280, 3)).json<TBid>();

    expect((await decide(b1, big.id, 'accepted')).statusCode).toBe(403);
    const stranger = await userWithRole(t.app, t.ctx, 'farmer');
    expect((await decide(stranger, big.id, 'accepted')).statusCode).toBe(404);

    const events = await eventsDuring(t, async () => {
      const accepted = await decide(farmer, big.id, 'accepted');
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().status).toBe('accepted');
    });
    const types = new Set(events.map((e) => e.type));
    for (const type of ['trade', 'bid', 'commodity', 'achievement'] as const) {
      expect(types.has(type), type).toBe(true);
    }
    expect((await get(farmer, `/api/commodities/${listing.id}`)).json()).toMatchObject({
      quantity: 3,
      status: 'available',
    });
    const [trade] = await t.ctx.db.select().from(trades).where(eq(trades.bidId, big.id));
    expect(trade).toMatchObject({
      buyerId: b1.user.id,
      sellerId: farmer.user.id,
      priceCents: 30111,
      quantityKg: 7000,
      totalCents: 210777,
      farmId: farm.id,
      marketKey: 'maize',
    });
    const statusOf = async (id: number) =>
      (await t.ctx.db.select({ s: bids.status }).from(bids).where(eq(bids.id, id)))[0]?.s;
    expect(await statusOf(tooBig.id)).toBe('rejected');
    expect(await statusOf(fits.id)).toBe('pending');

    const twice = await decide(farmer, big.id, 'accepted');
    expect(twice.statusCode).toBe(409);
    expect(await achievementsOf(farmer.user.id)).toContain('first_sale');
    expect(await achievementsOf(b1.user.id)).toEqual(['first_bid_won']);
    const purchases = (await get(b1, '/api/trades')).json();
    expect(purchases).toMatchObject([{ name: 'Maize', price: 301.11, quantity: 7, total: 2107.77 }]);

    expect((await decide(farmer, fits.id, 'accepted')).statusCode).toBe(200);
    expect((await get(farmer, `/api/commodities/${listing.id}`)).json()).toMatchObject({
      quantity: 0,
      status: 'sold',
    });
    expect((await bid(b2, listing.id, 500, 1)).statusCode).toBe(409);
  });

  it('lets the owner reject and the bidder withdraw, not the other way round', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const listing = await list(farmer);
    const one = (await bid(buyer, listing.id, 100, 1)).json<TBid>();
    expect((await decide(farmer, one.id, 'withdrawn')).statusCode).toBe(403);
    expect((await decide(buyer, one.id, 'rejected')).statusCode).toBe(403);
    expect((await decide(farmer, one.id, 'rejected')).json().status).toBe('rejected');
    expect((await decide(farmer, one.id, 'accepted')).statusCode).toBe(409);
    const two = (await bid(buyer, listing.id, 100, 1)).json<TBid>();
    expect((await decide(buyer, two.id, 'withdrawn')).json().status).toBe('withdrawn');
    expect((await decide(buyer, two.id, 'pending')).statusCode).toBe(400);
    expect((await decide(buyer, 99999999, 'withdrawn')).statusCode).toBe(404);
  });

  it('expires pending bids after 7 days: shown expired and refused on accept', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const listing = await list(farmer);
    const placed = (await bid(buyer, listing.id, 100, 1)).json<TBid>();
    const days = (Date.parse(placed.expiresAt) - Date.parse(placed.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    await t.ctx.db
      .update(bids)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(bids.id, placed.id));
    expect((await decide(farmer, placed.id, 'accepted')).statusCode).toBe(409);
    const [shown] = (await get(buyer, '/api/bids')).json<TBidDetail[]>();
    expect(shown?.status).toBe('expired');
    expect((await get(farmer, `/api/commodities/${listing.id}`)).json().quantity).toBe(10);
  });

  it('sells exactly what exists when 20 accepts on one listing run at once', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const listing = await list(farmer, { quantity: 10 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => userWithRole(t.app, t.ctx, 'buyer')));
    const placed = await Promise.all(buyers.map((b, i) => bid(b, listing.id, 200 + i, 1)));
    const ids = placed.map((r) => r.json<TBid>().id);
    const results = await Promise.all(ids.map((id) => decide(farmer, id, 'accepted')));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(10);
    const sold = await t.ctx.db
      .select({ kg: sql<number>`coalesce(sum(${trades.quantityKg}), 0)::int` })
      .from(trades)
      .where(eq(trades.commodityId, listing.id));
    expect(sold[0]?.kg).toBe(10_000);
    expect((await get(farmer, `/api/commodities/${listing.id}`)).json()).toMatchObject({
      quantity: 0,
      status: 'sold',
    });
    const stillPending = await t.ctx.db
      .select({ id: bids.id })
      .from(bids)
      .where(and(eq(bids.commodityId, listing.id), eq(bids.status, 'pending')));
    expect(stillPending).toEqual([]);
  });
});

describe('market data', () => {
  it('prices markets from trades, folds names, and shows best bid without the caller’s own', async () => {
    const name = `Sorgho${Date.now() % 100000}`;
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const [kofi, ama] = await Promise.all([
      userWithRole(t.app, t.ctx, 'buyer'),
      userWithRole(t.app, t.ctx, 'buyer'),
    ]);
    if (!kofi || !ama) {
      throw new Error('buyers');
    }
    const a = await list(farmer, { name, quantity: 5, price: 100 });
    await list(farmer, { name: name.toUpperCase(), quantity: 3, price: 120 });
    const market = async (s: Session) =>
      (await get(s, '/api/market/summary'))
        .json<TMarketSummaryItem[]>()
        .find((m) => m.name.toLowerCase() === name.toLowerCase());

    // No trade yet: the median of the available listings.
    expect(await market(kofi)).toMatchObject({
      currentPrice: 110,
      availableQuantity: 8,
      bestBid: null,
      yourBid: null,
    });

    await bid(kofi, a.id, 105, 1);
    expect(await market(kofi)).toMatchObject({ yourBid: 105, bestBid: null });
    expect(await market(ama)).toMatchObject({ yourBid: null, bestBid: 105 });
    const amaBid = (await bid(ama, a.id, 107, 2)).json<TBid>();
    expect(await market(kofi)).toMatchObject({ yourBid: 105, bestBid: 107 });
    expect(await market(ama)).toMatchObject({ yourBid: 107, bestBid: 105 });

    // Read (and kept) before the trade: the trade shows at the next read all the same.
    const historyOf = async () =>
      (await get(kofi, `/api/market/price-history?commodity=${encodeURIComponent(name.toLowerCase())}`)).json<
        { timestamp: string; price?: number; volume: number }[]
      >();
    expect((await historyOf()).at(-1)).toMatchObject({ volume: 0 });
    expect((await historyOf()).at(-1)?.price).toBeUndefined();

    await decide(farmer, amaBid.id, 'accepted');
    const after = await market(kofi);
    expect(after).toMatchObject({
      currentPrice: 107,
      volume: 2,
      availableQuantity: 6,
      bestBid: null,
      yourBid: 105,
    });
    expect(after?.trend).toEqual([107]);
    expect(after?.id).toBe(a.id);

    const history = await historyOf();
    expect(history).toHaveLength(60);
    expect(history.at(-1)).toMatchObject({ price: 107, volume: 2 });
    expect(history[0]?.price).toBeUndefined();
    expect((await get(kofi, '/api/market/price-history')).statusCode).toBe(200);
  });
});

describe('commodity requests', () => {
  it('validates with the spec messages, stores typed values, and shows buyers their own and farmers all', async () => {
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const other = await userWithRole(t.app, t.ctx, 'buyer');
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const post = (s: Session, payload: Record<string, unknown>) =>
      call(t.app, s.cookie, { method: 'POST', url: '/api/commodity-requests', payload });
    const invalid = await post(buyer, {
      commodityName: 'C',
      quantity: '',
      targetPrice: '',
      grade: '',
      deliveryTimeline: '',
    });
    expect(invalid.statusCode).toBe(400);
    expect(
      Object.fromEntries(
        invalid.json().issues.map((i: { path: string; message: string }) => [i.path, i.message]),
      ),
    ).toEqual({
      commodityName: 'Commodity name must be at least 2 characters',
      quantity: 'Quantity is required',
      targetPrice: 'Target price is required',
      grade: 'Grade is required',
      deliveryTimeline: 'Delivery timeline is required',
    });
    const frenchBuyer = await registerUser(t.app, { role: 'buyer', language: 'fr' });
    const french = await post(frenchBuyer, { commodityName: 'C' });
    expect(french.json().issues[0].message).toBe('Le nom du produit doit comporter au moins 2 caractères');
    expect((await post(farmer, { commodityName: 'Cocoa' })).statusCode).toBe(403);

    const created = await post(buyer, {
      commodityName: 'Cocoa beans',
      quantity: '2,5',
      targetPrice: '1800.50',
      grade: 'B',
      deliveryTimeline: 'within_month',
      description: 'Fermented',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ quantity: 2.5, targetPrice: 1800.5, grade: 'B', status: 'open' });
    const otherReq = (
      await post(other, {
        commodityName: 'Rice',
        quantity: '1',
        targetPrice: '500',
        grade: 'A',
        deliveryTimeline: 'flexible',
      })
    ).json();

    const own = (await get(buyer, '/api/commodity-requests')).json<{ id: number }[]>();
    expect(own.map((r) => r.id)).toEqual([created.json().id]);
    const seenByFarmer = (await get(farmer, '/api/commodity-requests?limit=200')).json<{ id: number }[]>();
    expect(seenByFarmer.map((r) => r.id)).toEqual(expect.arrayContaining([created.json().id, otherReq.id]));

    // A farmer answers with a listing.
    const answer = await list(farmer, { name: 'Cocoa beans', requestId: created.json().id });
    const after = (await get(buyer, '/api/commodity-requests')).json();
    expect(after[0].answers).toEqual([
      {
        commodityId: answer.id,
        sellerId: farmer.user.id,
        sellerUsername: farmer.user.username,
        price: answer.price,
      },
    ]);

    const close = (s: Session, id: number) =>
      call(t.app, s.cookie, {
        method: 'PATCH',
        url: `/api/commodity-requests/${id}`,
        payload: { status: 'closed' },
      });
    expect((await close(other, created.json().id)).statusCode).toBe(403);
    expect((await close(buyer, created.json().id)).json().status).toBe('closed');
    expect((await close(buyer, created.json().id)).statusCode).toBe(409);
    expect((await get(buyer, '/api/commodity-requests')).json()).toEqual([]);
  });

  it('documents every marketplace route in the OpenAPI document', async () => {
    const res = await call(t.app, null, { method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/commodities',
      '/api/bids/{id}',
      '/api/market/summary',
      '/api/commodity-requests',
    ]) {
      expect(paths).toContain(path);
    }
  });
});

describe('read model and demo data', () => {
  it('drops cached listing pages when another instance announces a change', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const listing = await list(farmer, { price: 100 });
    const priceShown = async () =>
      (await get(farmer, '/api/commodities?limit=200')).json<TCommodity[]>().find((c) => c.id === listing.id)
        ?.price;
    expect(await priceShown()).toBe(100);
    // Another instance writes and notifies: this instance did not run the write itself.
    await t.ctx.db.transaction(async (tx) => {
      await tx.update(commodities).set({ priceCents: 12_300 }).where(eq(commodities.id, listing.id));
      await t.ctx.bus.publish(tx, { type: 'commodity', id: listing.id }, 'public');
    });
    await expect.poll(priceShown, { timeout: 2000 }).toBe(123);
  });

  it('seeds a live demo market once: trades on every market, kofi’s pending bids, open requests', async () => {
    const amina = await registerUser(t.app, { username: 'amina', role: 'farmer' });
    const kofi = await registerUser(t.app, { username: 'kofi', role: 'buyer' });
    await seed(t.ctx);
    const count = async () => {
      const [row] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(trades);
      return row?.n ?? 0;
    };
    const tradesAfterFirst = await count();
    await seed(t.ctx);
    expect(await count()).toBe(tradesAfterFirst);
    expect(tradesAfterFirst).toBeGreaterThan(100);
    // Every demo row is in the market a user's own would be in: none is left in a free-text market the catalogue
    // names (the demo's "groundnuts" request is in the groundnut market).
    const catalogue = await marketModel.of(t.ctx).catalogue.get();
    const misfiled = (await unmatchedMarkets(t.ctx.db)).filter((m) => catalogue.kindOf(m.name) !== null);
    expect(misfiled).toEqual([]);

    const markets = (await get(kofi, '/api/market/summary')).json<TMarketSummaryItem[]>();
    const names = ['Maize', 'Cassava', 'Cocoa', 'Coffee', 'Plantain', 'Beans', 'Rice'];
    for (const name of names) {
      const market = markets.find((m) => m.name === name);
      expect(market, name).toBeDefined();
      expect(market?.trend.length, name).toBe(20);
      expect(market?.volume, name).toBeGreaterThan(0);
      expect(market?.priceChange, name).not.toBe(0);
    }
    expect(markets.filter((m) => names.includes(m.name) && m.yourBid !== null)).toHaveLength(7);
    const kofiBids = (await get(kofi, '/api/bids?status=pending')).json<TBidDetail[]>();
    expect(kofiBids.length).toBeGreaterThanOrEqual(5);
    const received = (await get(amina, '/api/bids?status=pending')).json<TBidDetail[]>();
    expect(received.length).toBeGreaterThan(0);
    const requests = (await get(amina, '/api/commodity-requests')).json<unknown[]>();
    expect(requests.length).toBeGreaterThanOrEqual(4);
    const history = (await get(kofi, '/api/market/price-history?commodity=Maize')).json<
      { price?: number }[]
    >();
    expect(history.filter((p) => p.price !== undefined).length).toBeGreaterThan(55);
  });
});
