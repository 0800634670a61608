// Amounts that round to zero are refused where they are entered (400 naming the field), and never reach the books.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCommodity } from '../../contract/marketplace';
import { userWithRole } from '../test/factories';
import { call, createTestApp, type Session, type TestApp } from '../test/harness';
import { bids, commodities, trades } from './marketplace.schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface ErrorBody {
  message: string;
  code: string;
  issues?: { path: string; message: string }[];
}

const post = (session: Session, url: string, payload: Record<string, unknown>) =>
  call(t.app, session.cookie, { method: 'POST', url, payload });

async function list(farmer: Session, quantity: number, price: number): Promise<TCommodity> {
  const res = await post(farmer, '/api/commodities', { name: 'Maize', quantity, price, grade: 'A' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TCommodity>();
}

/** A 400 whose issues name `field` with the total's message. */
function expectZeroTotal(res: { statusCode: number; json: <T>() => T }, field: string): void {
  expect(res.statusCode).toBe(400);
  const body = res.json<ErrorBody>();
  expect(body.code).toBe('badRequest');
  expect(body.issues).toEqual([
    { path: field, message: 'The total (price × quantity) comes to less than one cent' },
  ]);
}

describe('totals that round to zero', () => {
  it('are refused on a listing, its change, a bid (given or whole quantity) and a request', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    // 0.01 a ton × 1 kg = 0.00001.
    expectZeroTotal(
      await post(farmer, '/api/commodities', { name: 'Maize', quantity: 0.001, price: 0.01, grade: 'A' }),
      'price',
    );
    // 1 kg at 10.00 a ton is 0.01: listed.
    const listing = await list(farmer, 0.001, 10);
    const patch = (payload: Record<string, unknown>) =>
      call(t.app, farmer.cookie, { method: 'PATCH', url: `/api/commodities/${listing.id}`, payload });
    expectZeroTotal(await patch({ price: 0.01 }), 'price');
    expectZeroTotal(await patch({ price: 0.01, quantity: 0.002 }), 'price');
    const big = await list(farmer, 10, 0.01);
    expectZeroTotal(
      await call(t.app, farmer.cookie, {
        method: 'PATCH',
        url: `/api/commodities/${big.id}`,
        payload: { quantity: 0.001 },
      }),
      'quantity',
    );

    expectZeroTotal(
      await post(buyer, '/api/bids', { commodityId: big.id, price: 0.01, quantity: 0.001 }),
      'price',
    );
    // No quantity: the whole listing's 1 kg at 0.01 a ton.
    expectZeroTotal(await post(buyer, '/api/bids', { commodityId: listing.id, price: 0.01 }), 'price');
    expectZeroTotal(
      await post(buyer, '/api/commodity-requests', {
        commodityName: 'Maize',
        quantity: '0,001',
        targetPrice: '0.01',
        grade: 'A',
        deliveryTimeline: 'flexible',
      }),
      'targetPrice',
    );

    // Nothing was written by the refusals.
    expect(await t.ctx.db.select().from(bids).where(eq(bids.buyerId, buyer.user.id))).toEqual([]);
    const [kept] = await t.ctx.db.select().from(commodities).where(eq(commodities.id, listing.id));
    expect(kept).toMatchObject({ priceCents: 1000, quantityKg: 1 });
  });

  it('cannot be accepted when a bid made before the rule holds one: 409, nothing booked', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const listing = await list(farmer, 10, 200);
    // A bid of 0.01 a ton for 1 kg, as stored before totals were checked.
    const [bid] = await t.ctx.db
      .insert(bids)
      .values({
        commodityId: listing.id,
        buyerId: buyer.user.id,
        priceCents: 1,
        quantityKg: 1,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const res = await call(t.app, farmer.cookie, {
      method: 'PATCH',
      url: `/api/bids/${bid?.id}`,
      payload: { status: 'accepted' },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<ErrorBody>()).toMatchObject({
      code: 'conflict',
      message: 'The total (price × quantity) comes to less than one cent',
    });
    expect(await t.ctx.db.select().from(trades).where(eq(trades.buyerId, buyer.user.id))).toEqual([]);
    const [after] = await t.ctx.db
      .select()
      .from(bids)
      .where(eq(bids.id, bid?.id ?? 0));
    expect(after?.status).toBe('pending');
    const [kept] = await t.ctx.db.select().from(commodities).where(eq(commodities.id, listing.id));
    expect(kept).toMatchObject({ quantityKg: 10_000, status: 'available' });
  });
});
