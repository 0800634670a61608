// Lots through the real server: a harvest's stored part becomes a lot in the farm's home store, opening stock, each
// movement (transfer, loss, count, regrade) and its refusals, and a lot listed, sold, cancelled and withdrawn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCommodity } from '../../contract/marketplace';
import type { TLot, TLotDetail, TStore } from '../../contract/stock';
import { sender } from '../test/agent-sale';
import { farmWithPlan, inDays } from '../test/crops';
import { userWithRole } from '../test/factories';
import { createTestApp, ok, type Session, type TestApp } from '../test/harness';

let t: TestApp;
let owner: Session;
beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithRole(t.app, t.ctx, 'farmer');
});
afterAll(async () => {
  await t.close();
});

const send = sender(() => t.app);
const lotOf = async (id: number) => ok<TLotDetail>(await send(owner, 'GET', `/api/lots/${id}`));

describe('a harvest kept', () => {
  it('becomes a lot in the farm home store, made for it', async () => {
    const { farm, plan } = await farmWithPlan(t, send, owner);
    await ok(
      await send(owner, 'POST', `/api/crop-plans/${plan.id}/harvests`, {
        date: inDays(-3),
        quantity: 2,
        unit: 't',
        grade: 'A',
        moisture: 13,
        uses: { sold: 0.5, stored: 1.5 },
      }),
      201,
    );
    const stores = await ok<{ data: TStore[] }>(await send(owner, 'GET', '/api/stores'));
    const home = stores.data.find((s) => s.farmId === farm.id);
    expect(home).toMatchObject({ kind: 'home', keeps: true, lots: 1, quantity: 1.5 });
    const lots = await ok<{ data: TLot[] }>(await send(owner, 'GET', `/api/lots?store=${home?.id}`));
    expect(lots.data[0]).toMatchObject({ grade: 'A', moisture: 13, quantity: 1.5, free: 1.5, reserved: 0 });
    expect(lots.data[0]?.origin).toHaveProperty('harvestId');
  });
});

describe('movements', () => {
  it('records a loss, a count and a regrade; refuses to go below zero', async () => {
    const store = await ok<TStore>(
      await send(owner, 'POST', '/api/stores', { name: 'Grenier', kind: 'home' }),
      201,
    );
    const lot = await ok<TLot>(
      await send(owner, 'POST', '/api/lots', { storeId: store.id, crop: 'maize', grade: 'B', quantity: 2 }),
      201,
    );
    const loss = await ok<TLotDetail>(
      await send(owner, 'POST', `/api/lots/${lot.id}/movements`, {
        kind: 'loss',
        quantity: 0.2,
        reason: 'pests',
      }),
      201,
    );
    expect(loss.quantity).toBe(1.8);
    const tooMuch = await send(owner, 'POST', `/api/lots/${lot.id}/movements`, {
      kind: 'loss',
      quantity: 5,
      reason: 'pests',
    });
    expect(tooMuch.statusCode).toBe(409);
    const counted = await ok<TLotDetail>(
      await send(owner, 'POST', `/api/lots/${lot.id}/movements`, { kind: 'count', counted: 1.75 }),
      201,
    );
    expect(counted.quantity).toBe(1.75);
    expect(counted.movements[0]).toMatchObject({ kind: 'loss', reason: 'count', quantity: -0.05 });
    const regraded = await ok<TLotDetail>(
      await send(owner, 'POST', `/api/lots/${lot.id}/movements`, {
        kind: 'regrade',
        grade: 'A',
        moisture: 12.5,
      }),
      201,
    );
    expect(regraded).toMatchObject({ grade: 'A', moisture: 12.5 });
    expect((await lotOf(lot.id)).movements).toHaveLength(4);
  });
});

describe('listings from a lot', () => {
  it('reserves, sells on accept, returns on cancel, frees on withdraw', async () => {
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const store = await ok<TStore>(
      await send(owner, 'POST', '/api/stores', { name: 'Magasin', kind: 'home' }),
      201,
    );
    const lot = await ok<TLot>(
      await send(owner, 'POST', '/api/lots', { storeId: store.id, crop: 'Maize', grade: 'A', quantity: 3 }),
      201,
    );
    const listing = await ok<TCommodity>(
      await send(owner, 'POST', '/api/commodities', {
        name: 'Maize',
        quantity: 2,
        price: 300,
        grade: 'A',
        lotId: lot.id,
      }),
      201,
    );
    expect(await lotOf(lot.id)).toMatchObject({ quantity: 3, reserved: 2, free: 1 });
    const over = await send(owner, 'POST', '/api/commodities', {
      name: 'Maize',
      quantity: 2,
      price: 300,
      grade: 'A',
      lotId: lot.id,
    });
    expect(over.statusCode).toBe(409);
    const bid = await ok<{ id: number }>(
      await send(buyer, 'POST', '/api/bids', { commodityId: listing.id, price: 310, quantity: 1 }),
      201,
    );
    await ok(await send(owner, 'PATCH', `/api/bids/${bid.id}`, { status: 'accepted' }));
    expect(await lotOf(lot.id)).toMatchObject({ quantity: 2, reserved: 1, free: 1 });
    const shown = await ok<TCommodity>(await send(buyer, 'GET', `/api/commodities/${listing.id}`));
    expect(shown.stock).toMatchObject({ lotId: lot.id, store: 'Magasin' });
    await ok(await send(owner, 'PATCH', `/api/commodities/${listing.id}`, { status: 'withdrawn' }));
    expect(await lotOf(lot.id)).toMatchObject({ quantity: 2, reserved: 0, free: 2 });
  });
});
