// The stores and lots lists are answered from the instance's per-reader cache: a change of stock, of who keeps a
// store or of an agent's link shows in the next read (on the writer's instance at once, whichever module wrote it;
// on another once it hears the event), and the cache never shows anyone a store or lot they may no longer see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLot, TStore } from '../../contract/stock';
import { linkAgent, sender } from '../test/agent-sale';
import { createFarm, userWithRole } from '../test/factories';
import { intakeFor, makeCoop } from '../test/groups';
import {
  createSecondInstance,
  createTestApp,
  noticesDuring,
  ok,
  type Session,
  type TestApp,
} from '../test/harness';
import { lotIn, openStore } from '../test/stock';

const onPostgres = process.env.TEST_DB === 'postgres';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const send = sender(() => t.app);
const storesOf = async (who: Session, app = t.app) =>
  (await ok<{ data: TStore[] }>(await sender(() => app)(who, 'GET', '/api/stores'))).data;
const lotsOf = async (who: Session, app = t.app) =>
  (await ok<{ data: TLot[] }>(await sender(() => app)(who, 'GET', '/api/lots'))).data;

/** A farmer with a home store holding one lot (2 t of maize). */
async function farmerWithLot() {
  const farmer = await userWithRole(t.app, t.ctx, 'farmer');
  const farm = await createFarm(t.app, farmer);
  const store = await openStore(send, farmer, { farmId: farm.id });
  const lot = await lotIn(send, farmer, store.id);
  return { farmer, store, lot };
}

describe('stores and lots, cached per reader', () => {
  it('show a movement in the next read, and the same answer when nothing changed', async () => {
    const { farmer, store, lot } = await farmerWithLot();
    const first = await lotsOf(farmer);
    expect(await lotsOf(farmer)).toEqual(first);
    expect((await storesOf(farmer)).find((s) => s.id === store.id)).toMatchObject({ lots: 1, quantity: 2 });
    await ok(
      await send(farmer, 'POST', `/api/lots/${lot.id}/movements`, {
        kind: 'loss',
        quantity: 0.5,
        reason: 'pests',
      }),
      201,
    );
    expect((await lotsOf(farmer)).find((l) => l.id === lot.id)?.quantity).toBe(1.5);
    expect((await storesOf(farmer)).find((s) => s.id === store.id)).toMatchObject({ quantity: 1.5 });
  });

  it('take a farmer’s lots and store from their agent at once when the link ends', async () => {
    const { farmer, store, lot } = await farmerWithLot();
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    const link = await linkAgent(send, agent, farmer);
    expect((await lotsOf(agent)).map((l) => [l.id, l.canSell])).toEqual([[lot.id, true]]);
    expect((await storesOf(agent)).map((s) => s.id)).toEqual([store.id]);
    const ended = await send(farmer, 'DELETE', `/api/agent-links/${link.id}`);
    expect(ended.statusCode, ended.body).toBe(204);
    expect(await lotsOf(agent)).toEqual([]);
    expect(await storesOf(agent)).toEqual([]);
  });

  it('follow a co-operative’s intakes and its keepers’ roles, written by the groups module', async () => {
    const coop = await makeCoop(t, send, { members: 1 });
    const [member] = coop.members;
    if (!member) {
      throw new Error('the co-operative has no member');
    }
    expect((await storesOf(coop.keeper)).map((s) => [s.id, s.keeps])).toEqual([[coop.store.id, true]]);
    expect(await lotsOf(coop.keeper)).toEqual([]);
    await intakeFor(send, coop, coop.keeper, member);
    expect((await lotsOf(coop.keeper)).map((l) => l.store.id)).toEqual([coop.store.id]);

    // The keeper becomes a plain member: the co-operative's store and its lots are no longer theirs to see, and
    // the store's event tells them so (their open pages refetch).
    const notices = await noticesDuring(t, async () => {
      await ok(
        await send(coop.admin, 'PATCH', `/api/groups/${coop.group.id}/members/${coop.keeper.user.id}`, {
          role: 'member',
        }),
      );
    });
    const told = notices.filter((n) => n.event.type === 'stock' && n.event.id === coop.store.id);
    expect(told.flatMap((n) => (n.to === '*' ? [] : [...n.to]))).toContain(coop.keeper.user.id);
    expect(await storesOf(coop.keeper)).toEqual([]);
    expect(await lotsOf(coop.keeper)).toEqual([]);
  });
});

describe.skipIf(!onPostgres)('on two instances', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await createSecondInstance(t);
  });
  afterAll(async () => {
    await b?.close();
  });

  it('drop a reader’s cached lists on the other instance when it hears the stock event', async () => {
    const { farmer, store, lot } = await farmerWithLot();
    expect((await lotsOf(farmer, b.app)).map((l) => l.quantity)).toEqual([2]);
    expect((await storesOf(farmer, b.app)).map((s) => s.quantity)).toEqual([2]);
    await ok(
      await send(farmer, 'POST', `/api/lots/${lot.id}/movements`, {
        kind: 'loss',
        quantity: 1,
        reason: 'pests',
      }),
      201,
    );
    await expect
      .poll(async () => (await lotsOf(farmer, b.app)).map((l) => l.quantity), { timeout: 2000, interval: 25 })
      .toEqual([1]);
    await expect
      .poll(async () => (await storesOf(farmer, b.app)).find((s) => s.id === store.id)?.quantity, {
        timeout: 2000,
        interval: 25,
      })
      .toBe(1);
  });
});
