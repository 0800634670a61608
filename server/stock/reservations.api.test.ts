// A listing drawn from a lot through the real server: its quantity held from the lot, sold out of it on accept (a
// 'sale' movement naming the order), returned when the order is cancelled (held again unless withdrawn), re-held
// when the listing is edited (never past what is free) and freed when it is withdrawn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCommodity } from '../../contract/marketplace';
import type { TLotDetail } from '../../contract/stock';
import { linkAgent, sender } from '../test/agent-sale';
import { refused } from '../test/crops';
import { userWithRole } from '../test/factories';
import { createTestApp, ok, type Session, type TestApp } from '../test/harness';
import { listFrom, lotIn, lotOf, openStore } from '../test/stock';

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
const lot = (id: number) => lotOf(send, farmer, id);
const listing = async (id: number) => ok<TCommodity>(await send(buyer, 'GET', `/api/commodities/${id}`));

/** A lot of `tons` in a new home store of the farmer's. */
async function freshLot(tons: number) {
  const store = await openStore(send, farmer, { name: 'Magasin de Bafang', location: 'Bafang' });
  return lotIn(send, farmer, store.id, { quantity: tons, moisture: 13 });
}

/** The buyer bids for `tons` of the listing at 310 and the seller accepts: the order's id (from the sale). */
async function sell(listingId: number, tons: number, seller = farmer): Promise<void> {
  const bid = await ok<{ id: number }>(
    await send(buyer, 'POST', '/api/bids', { commodityId: listingId, price: 310, quantity: tons }),
    201,
  );
  await ok(await send(seller, 'PATCH', `/api/bids/${bid.id}`, { status: 'accepted' }));
}

const saleOf = (detail: TLotDetail) => detail.movements.find((m) => m.kind === 'sale');

describe('accept', () => {
  it('moves the sold tons out of the lot and its reserve, as a sale naming the order', async () => {
    const { id } = await freshLot(3);
    const listed = await listFrom(send, farmer, id, 2);
    expect(await lot(id)).toMatchObject({
      quantity: 3,
      reserved: 2,
      free: 1,
      listings: [{ id: listed.id, quantity: 2 }],
    });
    // Buyers see where and how dry it is.
    expect((await listing(listed.id)).stock).toMatchObject({
      lotId: id,
      store: 'Magasin de Bafang',
      moisture: 13,
    });
    await sell(listed.id, 1.5);
    const after = await lot(id);
    expect(after).toMatchObject({
      quantity: 1.5,
      reserved: 0.5,
      free: 1,
      listings: [{ id: listed.id, quantity: 0.5 }],
    });
    const sale = saleOf(after);
    expect(sale).toMatchObject({ kind: 'sale', quantity: -1.5, by: { id: farmer.user.id } });
    expect(sale?.orderId).toBeGreaterThan(0);
    const orders = await ok<{ id: number }[]>(await send(buyer, 'GET', '/api/orders?as=buyer'));
    expect(orders.map((o) => o.id)).toContain(sale?.orderId);
    expect((await listing(listed.id)).quantity).toBe(0.5);
  });

  it('by an agent for a represented farmer sells from the farmer’s lot', async () => {
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    await linkAgent(send, agent, farmer);
    const { id } = await freshLot(2);
    const listed = await listFrom(send, agent, id, 2, { onBehalfOf: farmer.user.id });
    await sell(listed.id, 2, agent);
    expect(await lot(id)).toMatchObject({ quantity: 0, reserved: 0, free: 0, listings: [] });
    expect((await listing(listed.id)).status).toBe('sold');
  });
});

describe('cancel', () => {
  it('returns what the order took to the lot, held again for the listing; once', async () => {
    const { id } = await freshLot(3);
    const listed = await listFrom(send, farmer, id, 2);
    await sell(listed.id, 1.5);
    const orderId = saleOf(await lot(id))?.orderId ?? 0;
    await ok(await send(farmer, 'POST', `/api/orders/${orderId}/cancel`, { reason: 'Buyer never came' }));
    const after = await lot(id);
    expect(after).toMatchObject({
      quantity: 3,
      reserved: 2,
      free: 1,
      listings: [{ id: listed.id, quantity: 2 }],
    });
    expect(after.movements.find((m) => m.kind === 'return')).toMatchObject({ quantity: 1.5, orderId });
    expect((await listing(listed.id)).quantity).toBe(2);
    // A second cancellation is refused and returns nothing more.
    expect(
      (await send(farmer, 'POST', `/api/orders/${orderId}/cancel`, { reason: 'Again' })).statusCode,
    ).toBe(409);
    const again = await lot(id);
    expect(again).toMatchObject({ quantity: 3, reserved: 2 });
    expect(again.movements.filter((m) => m.kind === 'return')).toHaveLength(1);
  });

  it('of a sold-out listing makes it available and held again', async () => {
    const { id } = await freshLot(2);
    const listed = await listFrom(send, farmer, id, 2);
    await sell(listed.id, 2);
    expect(await lot(id)).toMatchObject({ quantity: 0, reserved: 0 });
    expect((await listing(listed.id)).status).toBe('sold');
    const orderId = saleOf(await lot(id))?.orderId ?? 0;
    await ok(await send(farmer, 'POST', `/api/orders/${orderId}/cancel`, { reason: 'No truck' }));
    expect(await lot(id)).toMatchObject({ quantity: 2, reserved: 2, free: 0 });
    expect(await listing(listed.id)).toMatchObject({ status: 'available', quantity: 2 });
  });

  it('after the listing was withdrawn returns the tons free (not held)', async () => {
    const { id } = await freshLot(3);
    const listed = await listFrom(send, farmer, id, 2);
    await sell(listed.id, 1);
    await ok(await send(farmer, 'PATCH', `/api/commodities/${listed.id}`, { status: 'withdrawn' }));
    expect(await lot(id)).toMatchObject({ quantity: 2, reserved: 0, free: 2 });
    const orderId = saleOf(await lot(id))?.orderId ?? 0;
    await ok(await send(farmer, 'POST', `/api/orders/${orderId}/cancel`, { reason: 'Rain' }));
    expect(await lot(id)).toMatchObject({ quantity: 3, reserved: 0, free: 3, listings: [] });
    // A withdrawn listing is its seller's to see.
    const own = await ok<TCommodity>(await send(farmer, 'GET', `/api/commodities/${listed.id}`));
    expect(own.status).toBe('withdrawn');
  });
});

describe('edit and withdraw', () => {
  it('re-holds a listing’s new quantity, never past what is free (409), and frees on withdraw', async () => {
    const { id } = await freshLot(3);
    const listed = await listFrom(send, farmer, id, 1);
    const other = await listFrom(send, farmer, id, 1);
    expect(await lot(id)).toMatchObject({ reserved: 2, free: 1 });
    refused(
      await send(farmer, 'PATCH', `/api/commodities/${listed.id}`, { quantity: 2.5 }),
      409,
      'stock.errors.pastFree',
      {
        free: 1,
        reserved: 2,
      },
    );
    expect(await lot(id)).toMatchObject({ reserved: 2, free: 1 });
    expect((await listing(listed.id)).quantity).toBe(1);
    // Up to all that is free, then down.
    await ok(await send(farmer, 'PATCH', `/api/commodities/${listed.id}`, { quantity: 2 }));
    expect(await lot(id)).toMatchObject({ quantity: 3, reserved: 3, free: 0 });
    await ok(await send(farmer, 'PATCH', `/api/commodities/${listed.id}`, { quantity: 0.5 }));
    expect(await lot(id)).toMatchObject({ reserved: 1.5, free: 1.5 });
    // A price change holds nothing more.
    await ok(await send(farmer, 'PATCH', `/api/commodities/${listed.id}`, { price: 320 }));
    expect(await lot(id)).toMatchObject({ reserved: 1.5 });
    await ok(await send(farmer, 'PATCH', `/api/commodities/${other.id}`, { status: 'withdrawn' }));
    expect(await lot(id)).toMatchObject({
      reserved: 0.5,
      free: 2.5,
      listings: [{ id: listed.id, quantity: 0.5 }],
    });
    await ok(await send(farmer, 'PATCH', `/api/commodities/${listed.id}`, { status: 'withdrawn' }));
    expect(await lot(id)).toMatchObject({ quantity: 3, reserved: 0, free: 3, listings: [] });
  });

  it('refuses a grade other than its lot’s on edit (400 gradeMismatch), changing nothing', async () => {
    const { id } = await freshLot(2);
    const listed = await listFrom(send, farmer, id, 1);
    refused(
      await send(farmer, 'PATCH', `/api/commodities/${listed.id}`, { grade: 'B' }),
      400,
      'stock.errors.gradeMismatch',
      {
        grade: 'A',
      },
    );
    refused(
      await send(farmer, 'PATCH', `/api/commodities/${listed.id}`, { grade: 'C', quantity: 1.5 }),
      400,
      'stock.errors.gradeMismatch',
      { grade: 'A' },
    );
    expect(await listing(listed.id)).toMatchObject({ grade: 'A', quantity: 1 });
    expect(await lot(id)).toMatchObject({ reserved: 1, grade: 'A' });
    // Its own grade again is no change of grade.
    await ok(await send(farmer, 'PATCH', `/api/commodities/${listed.id}`, { grade: 'A', price: 320 }));
  });

  it('leaves a listing without a lot as it was ("stock not recorded")', async () => {
    const plain = await ok<TCommodity>(
      await send(farmer, 'POST', '/api/commodities', { name: 'Maize', quantity: 2, price: 300, grade: 'A' }),
      201,
    );
    expect((await listing(plain.id)).stock).toBeNull();
    await sell(plain.id, 1);
    await ok(await send(farmer, 'PATCH', `/api/commodities/${plain.id}`, { quantity: 5 }));
    await ok(await send(farmer, 'PATCH', `/api/commodities/${plain.id}`, { status: 'withdrawn' }));
  });
});
