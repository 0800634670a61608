// Stores through the real server: a home store on the caller's farm (or a represented farmer's, by their agent), a
// shared store opened only by a manager, keepers named and removed by the owner or a manager, and who sees which.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStore } from '../../contract/stock';
import { linkAgent, sender } from '../test/agent-sale';
import { refused } from '../test/crops';
import { createFarm, userWithRole } from '../test/factories';
import { createTestApp, ok, type Session, type TestApp } from '../test/harness';
import { lotIn, openStore } from '../test/stock';

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
const storesOf = async (who: Session) =>
  (await ok<{ data: TStore[] }>(await send(who, 'GET', '/api/stores'))).data;

describe('home stores', () => {
  it('opens one on the caller’s own farm, once', async () => {
    const farm = await createFarm(t.app, farmer);
    const store = await openStore(send, farmer, {
      name: 'Grenier de la ferme',
      farmId: farm.id,
      location: 'Foumbot',
    });
    expect(store).toMatchObject({
      kind: 'home',
      farmId: farm.id,
      location: 'Foumbot',
      owner: { id: farmer.user.id },
      keeps: true,
      lots: 0,
      quantity: 0,
    });
    refused(
      await send(farmer, 'POST', '/api/stores', { name: 'Again', kind: 'home', farmId: farm.id }),
      409,
      'stock.errors.homeStoreExists',
    );
  });

  it('answers 404 for a farm that is not the caller’s, whether it exists or not', async () => {
    const other = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, farmer);
    refused(
      await send(other, 'POST', '/api/stores', { name: 'Mine now', kind: 'home', farmId: farm.id }),
      404,
      'stock.errors.homeStoreFarm',
    );
    refused(
      await send(other, 'POST', '/api/stores', { name: 'Nowhere', kind: 'home', farmId: 2_000_000 }),
      404,
      'stock.errors.homeStoreFarm',
    );
    expect(await storesOf(other)).toEqual([]);
  });

  it('lets an agent open one on a represented farmer’s farm (the farmer’s), never on another’s', async () => {
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    const represented = await userWithRole(t.app, t.ctx, 'farmer');
    const stranger = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, represented);
    const strangersFarm = await createFarm(t.app, stranger);
    await linkAgent(send, agent, represented);
    // An agent has no farm of their own: a home store names the farm it is for.
    refused(
      await send(agent, 'POST', '/api/stores', { name: 'Store', kind: 'home' }),
      400,
      'stock.errors.homeStoreFarm',
    );
    refused(
      await send(agent, 'POST', '/api/stores', { name: 'Store', kind: 'home', farmId: strangersFarm.id }),
      404,
      'stock.errors.homeStoreFarm',
    );
    const store = await openStore(send, agent, { name: 'Magasin', farmId: farm.id });
    expect(store).toMatchObject({ farmId: farm.id, owner: { id: represented.user.id }, keeps: true });
    expect((await storesOf(represented)).map((s) => s.id)).toContain(store.id);
    expect((await storesOf(agent)).map((s) => s.id)).toContain(store.id);
    expect((await storesOf(stranger)).map((s) => s.id)).not.toContain(store.id);
  });
});

describe('who keeps a home store', () => {
  it('refuses a home store to a buyer or a driver (403): a home store is a farmer’s', async () => {
    for (const role of ['buyer', 'delivery'] as const) {
      const who = await userWithRole(t.app, t.ctx, role);
      refused(
        await send(who, 'POST', '/api/stores', { name: 'Grenier', kind: 'home' }),
        403,
        'stock.errors.storeKindForbidden',
      );
    }
  });
});

describe('shared stores', () => {
  it('are opened by a manager only (the permission stores.openShared)', async () => {
    for (const role of ['farmer', 'buyer', 'agent', 'delivery'] as const) {
      const who = role === 'farmer' ? farmer : await userWithRole(t.app, t.ctx, role);
      for (const kind of ['coop', 'warehouse']) {
        refused(
          await send(who, 'POST', '/api/stores', { name: 'Co-op', kind }),
          403,
          'stock.errors.storeKindForbidden',
        );
      }
    }
    const coop = await openStore(send, manager, {
      name: 'Bafoussam co-op store',
      kind: 'coop',
      location: 'Bafoussam',
    });
    expect(coop).toMatchObject({
      kind: 'coop',
      farmId: null,
      owner: { id: manager.user.id },
      keeps: true,
      keepers: [],
    });
    const warehouse = await openStore(send, manager, { name: 'Entrepôt', kind: 'warehouse' });
    expect(warehouse.kind).toBe('warehouse');
  });

  it('has keepers named and removed by a manager, who then keep it and see it', async () => {
    const coop = await openStore(send, manager, { name: 'Dschang co-op', kind: 'coop' });
    const keeper = await userWithRole(t.app, t.ctx, 'farmer');
    expect((await storesOf(keeper)).map((s) => s.id)).not.toContain(coop.id);
    // Not yet a keeper: no opening stock in it.
    refused(
      await send(keeper, 'POST', '/api/lots', { storeId: coop.id, crop: 'Maize', grade: 'A', quantity: 1 }),
      404,
      'stock.errors.storeNotFound',
    );
    const named = await ok<TStore>(
      await send(manager, 'POST', `/api/stores/${coop.id}/keepers`, { userId: keeper.user.id }),
      201,
    );
    expect(named.keepers).toEqual([{ id: keeper.user.id, username: keeper.user.username }]);
    const seen = (await storesOf(keeper)).find((s) => s.id === coop.id);
    expect(seen).toMatchObject({ keeps: true, keepers: [{ id: keeper.user.id }] });
    // The keeper records a deposit for a farmer.
    const lot = await lotIn(send, keeper, coop.id, { ownerId: farmer.user.id });
    expect(lot).toMatchObject({ owner: { id: farmer.user.id }, canMove: true });
    // A keeper does not name keepers (a farmer is not a manager, nor the store's owner).
    refused(
      await send(keeper, 'POST', `/api/stores/${coop.id}/keepers`, { userId: farmer.user.id }),
      404,
      'stock.errors.storeNotFound',
    );
    const res = await send(manager, 'DELETE', `/api/stores/${coop.id}/keepers/${keeper.user.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await storesOf(keeper)).map((s) => s.id)).not.toContain(coop.id);
    refused(
      await send(keeper, 'POST', '/api/lots', { storeId: coop.id, crop: 'Maize', grade: 'A', quantity: 1 }),
      404,
      'stock.errors.storeNotFound',
    );
    // Removed twice, or someone never named: not found.
    refused(
      await send(manager, 'DELETE', `/api/stores/${coop.id}/keepers/${keeper.user.id}`),
      404,
      'stock.errors.keeperNotFound',
    );
    refused(
      await send(manager, 'POST', `/api/stores/${coop.id}/keepers`, { userId: 2_000_000 }),
      404,
      'stock.errors.keeperNotFound',
    );
    refused(
      await send(manager, 'POST', '/api/stores/2000000/keepers', { userId: keeper.user.id }),
      404,
      'stock.errors.storeNotFound',
    );
  });

  it('a home store’s owner names a keeper; a stranger may not', async () => {
    const store = await openStore(send, farmer, { name: 'Case' });
    const helper = await userWithRole(t.app, t.ctx, 'farmer');
    const stranger = await userWithRole(t.app, t.ctx, 'farmer');
    refused(
      await send(stranger, 'POST', `/api/stores/${store.id}/keepers`, { userId: stranger.user.id }),
      404,
      'stock.errors.storeNotFound',
    );
    refused(
      await send(stranger, 'DELETE', `/api/stores/${store.id}/keepers/${helper.user.id}`),
      404,
      'stock.errors.storeNotFound',
    );
    await ok(await send(farmer, 'POST', `/api/stores/${store.id}/keepers`, { userId: helper.user.id }), 201);
    expect((await storesOf(helper)).find((s) => s.id === store.id)).toMatchObject({ keeps: true });
    expect(
      (await send(farmer, 'DELETE', `/api/stores/${store.id}/keepers/${helper.user.id}`)).statusCode,
    ).toBe(204);
    expect((await storesOf(helper)).map((s) => s.id)).not.toContain(store.id);
  });
});

describe('GET /api/stores', () => {
  it('shows the caller’s own and kept stores only, with their holdings', async () => {
    const mine = await userWithRole(t.app, t.ctx, 'farmer');
    const other = await userWithRole(t.app, t.ctx, 'farmer');
    const store = await openStore(send, mine, { name: 'Grenier' });
    await lotIn(send, mine, store.id, { quantity: 1.5 });
    await lotIn(send, mine, store.id, { quantity: 0.5, crop: 'Beans' });
    const own = await storesOf(mine);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ id: store.id, lots: 2, quantity: 2, keeps: true });
    expect(await storesOf(other)).toEqual([]);
    // A manager oversees every store (without keeping a farmer's).
    const all = await storesOf(manager);
    expect(all.find((s) => s.id === store.id)).toMatchObject({ keeps: false });
  });
});

describe('the lots each person lists', () => {
  it('are their own, those in stores they own or keep, and their farmers’ (an agent); a manager lists all', async () => {
    const owner = await userWithRole(t.app, t.ctx, 'farmer');
    const home = await openStore(send, owner, { farmId: (await createFarm(t.app, owner)).id });
    const own = await lotIn(send, owner, home.id);
    const coop = await openStore(send, manager, { name: 'Bafoussam co-op', kind: 'coop' });
    const keeper = await userWithRole(t.app, t.ctx, 'farmer');
    await ok(await send(manager, 'POST', `/api/stores/${coop.id}/keepers`, { userId: keeper.user.id }), 201);
    const deposit = await lotIn(send, keeper, coop.id, { ownerId: owner.user.id });
    const other = await lotIn(send, keeper, coop.id, { ownerId: farmer.user.id });
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    await linkAgent(send, agent, owner);
    const stranger = await userWithRole(t.app, t.ctx, 'farmer');
    const listed = async (who: Session) =>
      (await ok<{ data: { id: number }[] }>(await send(who, 'GET', '/api/lots?limit=100'))).data.map(
        (l) => l.id,
      );
    expect(await listed(owner)).toEqual([deposit.id, own.id]);
    expect(await listed(keeper)).toEqual([other.id, deposit.id]);
    expect(await listed(agent)).toEqual([deposit.id, own.id]);
    expect(await listed(stranger)).toEqual([]);
    expect(await listed(manager)).toEqual(expect.arrayContaining([own.id, deposit.id, other.id]));
    // A list says the same as each lot's own page.
    for (const id of [own.id, deposit.id]) {
      expect((await send(agent, 'GET', `/api/lots/${id}`)).statusCode).toBe(200);
      expect((await send(stranger, 'GET', `/api/lots/${id}`)).statusCode).toBe(404);
    }
  });
});
