// Every movement of a lot and every refusal through the real server: below zero and past what is listed (409 naming
// the quantity there is), a store the caller does not keep, transfers (to a store that does not exist, to the same
// store, to a co-op store with a receipt), counts, regrades, dates ahead, listings that do not fit the lot; a refused
// write changes nothing. And who sees a lot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLot, TLotDetail } from '../../contract/stock';
import { linkAgent, sender } from '../test/agent-sale';
import { farmWithPlan, inDays, refused } from '../test/crops';
import { userWithRole } from '../test/factories';
import { createTestApp, ok, type Session, type TestApp } from '../test/harness';
import { listFrom, lotIn, lotOf, openStore } from '../test/stock';

let t: TestApp;
let farmer: Session;
let manager: Session;
beforeAll(async () => {
  t = await createTestApp();
  farmer = await userWithRole(t.app, t.ctx, 'farmer');
  manager = await userWithRole(t.app, t.ctx, 'manager');
});
afterAll(async () => {
  await t.close();
});

const send = sender(() => t.app);
const move = (who: Session, lotId: number, body: Record<string, unknown>) =>
  send(who, 'POST', `/api/lots/${lotId}/movements`, body);

/** A fresh lot of the farmer's: 2 t of grade A maize in a home store of theirs. */
async function freshLot(body: Record<string, unknown> = {}): Promise<TLot> {
  const store = await openStore(send, farmer);
  return lotIn(send, farmer, store.id, body);
}

/** The lot is as it was: same quantity, reserve, grade and movements. */
async function unchanged(before: TLotDetail): Promise<void> {
  const now = await lotOf(send, farmer, before.id);
  expect(now).toMatchObject({
    quantity: before.quantity,
    reserved: before.reserved,
    free: before.free,
    grade: before.grade,
    moisture: before.moisture,
  });
  expect(now.movements.map((m) => m.id)).toEqual(before.movements.map((m) => m.id));
}

describe('losses', () => {
  it('records a loss with its reason, note and day; refuses one past what there is (409 naming it)', async () => {
    const lot = await freshLot();
    const after = await ok<TLotDetail>(
      await move(farmer, lot.id, {
        kind: 'loss',
        quantity: 0.25,
        reason: 'rodents',
        note: 'Sac rongé',
        date: inDays(-2),
      }),
      201,
    );
    expect(after).toMatchObject({ quantity: 1.75, free: 1.75 });
    // Newest happening first: the loss, typed today, happened two days ago (before the opening stock's day).
    expect(after.movements.find((m) => m.kind === 'loss')).toMatchObject({
      kind: 'loss',
      quantity: -0.25,
      reason: 'rodents',
      note: 'Sac rongé',
      happenedOn: inDays(-2),
      by: { id: farmer.user.id },
    });
    const before = await lotOf(send, farmer, lot.id);
    refused(
      await move(farmer, lot.id, { kind: 'loss', quantity: 1.8, reason: 'theft' }),
      409,
      'stock.errors.belowZero',
      {
        available: 1.75,
      },
    );
    await unchanged(before);
    // All of it may go: the lot is then empty, never negative.
    const empty = await ok<TLotDetail>(
      await move(farmer, lot.id, { kind: 'loss', quantity: 1.75, reason: 'mould' }),
      201,
    );
    expect(empty).toMatchObject({ quantity: 0, free: 0 });
    refused(
      await move(farmer, lot.id, { kind: 'loss', quantity: 0.001, reason: 'other' }),
      409,
      'stock.errors.belowZero',
      {
        available: 0,
      },
    );
  });

  it('refuses a loss past what is free of listings while listed (409 naming free and reserved)', async () => {
    const lot = await freshLot();
    await listFrom(send, farmer, lot.id, 1.5);
    const before = await lotOf(send, farmer, lot.id);
    expect(before).toMatchObject({ quantity: 2, reserved: 1.5, free: 0.5 });
    refused(
      await move(farmer, lot.id, { kind: 'loss', quantity: 1, reason: 'pests' }),
      409,
      'stock.errors.pastFree',
      {
        free: 0.5,
        reserved: 1.5,
      },
    );
    await unchanged(before);
    await ok(await move(farmer, lot.id, { kind: 'loss', quantity: 0.5, reason: 'pests' }), 201);
    expect(await lotOf(send, farmer, lot.id)).toMatchObject({ quantity: 1.5, reserved: 1.5, free: 0 });
  });

  it('refuses a day ahead of today (400), and changes nothing', async () => {
    const lot = await freshLot();
    const before = await lotOf(send, farmer, lot.id);
    for (const body of [
      { kind: 'loss', quantity: 0.1, reason: 'pests', date: inDays(2) },
      { kind: 'count', counted: 1, date: inDays(1) },
      { kind: 'regrade', grade: 'B', date: inDays(3) },
      { kind: 'transfer', quantity: 0.1, toStoreId: lot.store.id, date: inDays(1) },
    ]) {
      refused(await move(farmer, lot.id, body), 400, 'stock.errors.futureDate');
    }
    await unchanged(before);
    const store = await openStore(send, farmer);
    refused(
      await send(farmer, 'POST', '/api/lots', {
        storeId: store.id,
        crop: 'Maize',
        grade: 'A',
        quantity: 1,
        date: inDays(1),
      }),
      400,
      'stock.errors.futureDate',
    );
  });
});

describe('stores the caller does not keep', () => {
  it('refuses opening stock in another’s store, or one that does not exist (404)', async () => {
    const other = await userWithRole(t.app, t.ctx, 'farmer');
    const theirs = await openStore(send, other);
    refused(
      await send(farmer, 'POST', '/api/lots', { storeId: theirs.id, crop: 'Maize', grade: 'A', quantity: 1 }),
      404,
      'stock.errors.storeNotFound',
    );
    refused(
      await send(farmer, 'POST', '/api/lots', { storeId: 2_000_000, crop: 'Maize', grade: 'A', quantity: 1 }),
      404,
      'stock.errors.storeNotFound',
    );
    const lots = await ok<{ data: TLot[] }>(await send(other, 'GET', `/api/lots?store=${theirs.id}`));
    expect(lots.data).toEqual([]);
  });

  it('lets a depositor see their lot in a co-op store but not move it (403 notKeeper)', async () => {
    const coop = await openStore(send, manager, { name: 'Co-op de Foumbot', kind: 'coop' });
    const deposit = await lotIn(send, manager, coop.id, { ownerId: farmer.user.id, quantity: 3 });
    const seen = await lotOf(send, farmer, deposit.id);
    expect(seen).toMatchObject({ owner: { id: farmer.user.id }, canMove: false, canSell: true, quantity: 3 });
    for (const body of [
      { kind: 'loss', quantity: 0.1, reason: 'pests' },
      { kind: 'count', counted: 2 },
      { kind: 'regrade', grade: 'B' },
      { kind: 'transfer', quantity: 1, toStoreId: (await openStore(send, farmer)).id },
    ]) {
      refused(await move(farmer, deposit.id, body), 403, 'stock.errors.notKeeper');
    }
    await unchanged(seen);
  });

  it('refuses a transfer into another farmer’s home store (404), as into one that does not exist', async () => {
    const lot = await freshLot();
    const before = await lotOf(send, farmer, lot.id);
    const other = await userWithRole(t.app, t.ctx, 'farmer');
    const theirs = await openStore(send, other);
    refused(
      await move(farmer, lot.id, { kind: 'transfer', quantity: 0.5, toStoreId: theirs.id }),
      404,
      'stock.errors.storeNotFound',
    );
    refused(
      await move(farmer, lot.id, { kind: 'transfer', quantity: 0.5, toStoreId: 2_000_000 }),
      404,
      'stock.errors.storeNotFound',
    );
    refused(
      await move(farmer, lot.id, { kind: 'transfer', quantity: 0.5, toStoreId: lot.store.id }),
      400,
      'stock.errors.sameStore',
    );
    await unchanged(before);
    const theirLots = await ok<{ data: TLot[] }>(await send(other, 'GET', '/api/lots'));
    expect(theirLots.data).toEqual([]);
  });

  it('refuses a keeper moving a depositor’s goods into the keeper’s own home store (404)', async () => {
    const keeper = await userWithRole(t.app, t.ctx, 'farmer');
    const coop = await openStore(send, manager, { name: 'Co-op de Bafang', kind: 'coop' });
    await ok(await send(manager, 'POST', `/api/stores/${coop.id}/keepers`, { userId: keeper.user.id }), 201);
    const deposit = await lotIn(send, keeper, coop.id, { ownerId: farmer.user.id, quantity: 2 });
    const before = await lotOf(send, farmer, deposit.id);
    const keepersOwn = await openStore(send, keeper);
    refused(
      await move(keeper, deposit.id, { kind: 'transfer', quantity: 1, toStoreId: keepersOwn.id }),
      404,
      'stock.errors.storeNotFound',
    );
    await unchanged(before);
    // Back to the depositor's own home store is where it may go (the keeper hands it over).
    const home = await openStore(send, farmer);
    expect(home.kind).toBe('home');
  });
});

describe('transfers', () => {
  it('moves a part to another store of the caller’s: a new lot, both sides recorded, past free refused', async () => {
    const lot = await freshLot({ moisture: 12.5, variety: 'CMS 8704' });
    const second = await openStore(send, farmer, { name: 'Second grenier' });
    refused(
      await move(farmer, lot.id, { kind: 'transfer', quantity: 3, toStoreId: second.id }),
      409,
      'stock.errors.belowZero',
      {
        available: 2,
      },
    );
    const after = await ok<TLotDetail>(
      await move(farmer, lot.id, { kind: 'transfer', quantity: 0.75, toStoreId: second.id }),
      201,
    );
    expect(after.quantity).toBe(1.25);
    const out = after.movements[0];
    expect(out).toMatchObject({ kind: 'transfer_out', quantity: -0.75, otherStore: 'Second grenier' });
    const moved = await lotOf(send, farmer, out?.otherLotId ?? 0);
    expect(moved).toMatchObject({
      quantity: 0.75,
      crop: 'Maize',
      grade: 'A',
      moisture: 12.5,
      variety: 'CMS 8704',
      store: { id: second.id },
      owner: { id: farmer.user.id },
      receipt: null,
    });
    expect(moved.movements).toMatchObject([{ kind: 'transfer_in', quantity: 0.75, otherLotId: lot.id }]);
  });

  it('deposits a harvest’s lot in a co-op store: a new lot there with the same origin, and a receipt', async () => {
    const { plan } = await farmWithPlan(t, send, farmer);
    await ok(
      await send(farmer, 'POST', `/api/crop-plans/${plan.id}/harvests`, {
        date: inDays(-5),
        quantity: 3,
        unit: 't',
        grade: 'B',
        moisture: 13,
        uses: { stored: 3 },
      }),
      201,
    );
    const [harvested] = (
      await ok<{ data: TLot[] }>(await send(farmer, 'GET', '/api/lots?crop=maize'))
    ).data.filter((l) => l.origin !== null && 'harvestId' in l.origin);
    expect(harvested?.origin).toHaveProperty('harvestId');
    const coop = await openStore(send, manager, {
      name: 'Bafoussam co-op store',
      kind: 'coop',
      location: 'Bafoussam',
    });
    const after = await ok<TLotDetail>(
      await move(farmer, harvested?.id ?? 0, {
        kind: 'transfer',
        quantity: 2,
        toStoreId: coop.id,
        date: inDays(-1),
      }),
      201,
    );
    expect(after.quantity).toBe(1);
    const deposit = await lotOf(send, farmer, after.movements[0]?.otherLotId ?? 0);
    expect(deposit).toMatchObject({
      quantity: 2,
      grade: 'B',
      moisture: 13,
      store: { id: coop.id, kind: 'coop' },
      owner: { id: farmer.user.id },
      origin: harvested?.origin,
      canSell: true,
      canMove: false,
    });
    expect(deposit.receipt).toMatchObject({ status: 'valid' });
    expect(deposit.receipt?.code).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
    // The co-op's manager keeps it now.
    expect(await lotOf(send, manager, deposit.id)).toMatchObject({ canMove: true, canSell: false });
  });
});

describe('counts', () => {
  it('records the variance as a gain or a loss "count"', async () => {
    const lot = await freshLot();
    const up = await ok<TLotDetail>(
      await move(farmer, lot.id, { kind: 'count', counted: 2.4, note: 'Recompté' }),
      201,
    );
    expect(up.quantity).toBe(2.4);
    expect(up.movements[0]).toMatchObject({ kind: 'gain', reason: 'count', quantity: 0.4, note: 'Recompté' });
    const down = await ok<TLotDetail>(await move(farmer, lot.id, { kind: 'count', counted: 1.9 }), 201);
    expect(down.quantity).toBe(1.9);
    expect(down.movements[0]).toMatchObject({ kind: 'loss', reason: 'count', quantity: -0.5 });
    const zero = await ok<TLotDetail>(await move(farmer, lot.id, { kind: 'count', counted: 0 }), 201);
    expect(zero).toMatchObject({ quantity: 0, free: 0 });
    expect(zero.movements[0]).toMatchObject({ kind: 'loss', reason: 'count', quantity: -1.9 });
  });

  it('refuses a count below what is listed (409 naming the reserve), and changes nothing', async () => {
    const lot = await freshLot();
    await listFrom(send, farmer, lot.id, 1.5);
    const before = await lotOf(send, farmer, lot.id);
    refused(await move(farmer, lot.id, { kind: 'count', counted: 1 }), 409, 'stock.errors.countBelowListed', {
      reserved: 1.5,
    });
    await unchanged(before);
    const ok15 = await ok<TLotDetail>(await move(farmer, lot.id, { kind: 'count', counted: 1.5 }), 201);
    expect(ok15).toMatchObject({ quantity: 1.5, reserved: 1.5, free: 0 });
  });
});

describe('regrades', () => {
  it('changes grade and moisture; refuses while listed (409)', async () => {
    const lot = await freshLot({ grade: 'B', moisture: 15 });
    const after = await ok<TLotDetail>(
      await move(farmer, lot.id, { kind: 'regrade', grade: 'A', moisture: 13.2 }),
      201,
    );
    expect(after).toMatchObject({ grade: 'A', moisture: 13.2, quantity: 2 });
    expect(after.movements[0]).toMatchObject({ kind: 'regrade', quantity: 0, grade: 'A', moisture: 13.2 });
    // The moisture kept when not given.
    expect(
      await ok<TLotDetail>(await move(farmer, lot.id, { kind: 'regrade', grade: 'B' }), 201),
    ).toMatchObject({
      grade: 'B',
      moisture: 13.2,
    });
    await listFrom(send, farmer, lot.id, 1, { grade: 'B' });
    const before = await lotOf(send, farmer, lot.id);
    refused(await move(farmer, lot.id, { kind: 'regrade', grade: 'A' }), 409, 'stock.errors.regradeListed', {
      reserved: 1,
    });
    await unchanged(before);
  });
});

describe('listings that do not fit the lot', () => {
  it('refuses an ungraded lot (409) until it is graded', async () => {
    const { plan } = await farmWithPlan(t, send, farmer);
    await ok(
      await send(farmer, 'POST', `/api/crop-plans/${plan.id}/harvests`, {
        date: inDays(-1),
        quantity: 1,
        unit: 't',
        uses: { stored: 1 },
      }),
      201,
    );
    const lots = (await ok<{ data: TLot[] }>(await send(farmer, 'GET', '/api/lots'))).data;
    const ungraded = lots.find((l) => l.grade === null);
    expect(ungraded).toMatchObject({ quantity: 1, grade: null });
    const id = ungraded?.id ?? 0;
    refused(
      await send(farmer, 'POST', '/api/commodities', {
        name: 'Maize',
        quantity: 0.5,
        price: 300,
        grade: 'A',
        lotId: id,
      }),
      409,
      'stock.errors.ungraded',
    );
    expect(await lotOf(send, farmer, id)).toMatchObject({ reserved: 0, listings: [] });
    await ok(await move(farmer, id, { kind: 'regrade', grade: 'A' }), 201);
    await listFrom(send, farmer, id, 0.5);
    expect(await lotOf(send, farmer, id)).toMatchObject({ reserved: 0.5, free: 0.5 });
  });

  it('refuses another crop (400 cropMismatch), another grade (400 gradeMismatch), another’s lot (404)', async () => {
    const lot = await freshLot();
    refused(
      await send(farmer, 'POST', '/api/commodities', {
        name: 'Beans',
        quantity: 1,
        price: 300,
        grade: 'A',
        lotId: lot.id,
      }),
      400,
      'stock.errors.cropMismatch',
      { crop: 'Maize' },
    );
    refused(
      await send(farmer, 'POST', '/api/commodities', {
        name: 'Maize',
        quantity: 1,
        price: 300,
        grade: 'B',
        lotId: lot.id,
      }),
      400,
      'stock.errors.gradeMismatch',
      { grade: 'A' },
    );
    const other = await userWithRole(t.app, t.ctx, 'farmer');
    refused(
      await send(other, 'POST', '/api/commodities', {
        name: 'Maize',
        quantity: 1,
        price: 300,
        grade: 'A',
        lotId: lot.id,
      }),
      404,
      'stock.errors.lotNotFound',
    );
    refused(
      await send(farmer, 'POST', '/api/commodities', {
        name: 'Maize',
        quantity: 1,
        price: 300,
        grade: 'A',
        lotId: 2_000_000,
      }),
      404,
      'stock.errors.lotNotFound',
    );
    // Nothing reserved, no listing left behind.
    expect(await lotOf(send, farmer, lot.id)).toMatchObject({ reserved: 0, free: 2, listings: [] });
    const mine = await ok<{ data: { id: number }[] } | { id: number }[]>(
      await send(other, 'GET', '/api/commodities?mine=true'),
    );
    expect(Array.isArray(mine) ? mine : mine.data).toEqual([]);
  });
});

describe('who sees a lot', () => {
  it('its owner, a manager, an agent of its owner; a stranger gets 404', async () => {
    const lot = await freshLot();
    const stranger = await userWithRole(t.app, t.ctx, 'farmer');
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    refused(await send(stranger, 'GET', `/api/lots/${lot.id}`), 404, 'stock.errors.lotNotFound');
    refused(await send(agent, 'GET', `/api/lots/${lot.id}`), 404, 'stock.errors.lotNotFound');
    refused(
      await move(stranger, lot.id, { kind: 'loss', quantity: 0.1, reason: 'theft' }),
      404,
      'stock.errors.lotNotFound',
    );
    expect((await ok<{ data: TLot[] }>(await send(stranger, 'GET', '/api/lots'))).data).toEqual([]);
    expect(await lotOf(send, manager, lot.id)).toMatchObject({ id: lot.id, canMove: false, canSell: false });
    await linkAgent(send, agent, farmer);
    expect(await lotOf(send, agent, lot.id)).toMatchObject({ id: lot.id, canMove: true, canSell: true });
    const listed = await ok<{ data: TLot[] }>(await send(agent, 'GET', `/api/lots?owner=${farmer.user.id}`));
    expect(listed.data.map((l) => l.id)).toContain(lot.id);
    expect(await lotOf(send, farmer, lot.id)).toMatchObject({ quantity: 2, movements: [{ kind: 'in' }] });
  });
});
