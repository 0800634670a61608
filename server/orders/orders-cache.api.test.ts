// The first page of orders held in memory: dropped by every order change, on any instance, and only ever served to
// the user it was made for (the buyer's handover code stays the buyer's); a catalogue edit renames what it shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrder } from '../../contract/orders';
import { userWithRole } from '../test/factories';
import {
  call,
  createSecondInstance,
  createTestApp,
  drainBus,
  ok,
  type Session,
  type TestApp,
} from '../test/harness';

const onPostgres = process.env.TEST_DB === 'postgres';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function orders(app: TestApp, who: Session): Promise<TOrder[]> {
  const res = await call(app.app, who.cookie, { method: 'GET', url: '/api/orders' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TOrder[]>();
}

/** A farmer's listing and a buyer's accepted bid: one order. */
async function sale(farmer: Session, buyer: Session): Promise<void> {
  const listing = await ok<{ id: number }>(
    await call(t.app, farmer.cookie, {
      method: 'POST',
      url: '/api/commodities',
      payload: { name: 'Maize', quantity: 10, price: 200, grade: 'A' },
    }),
    201,
  );
  const bid = await ok<{ id: number }>(
    await call(t.app, buyer.cookie, {
      method: 'POST',
      url: '/api/bids',
      payload: { commodityId: listing.id, price: 250, quantity: 2 },
    }),
    201,
  );
  await ok(
    await call(t.app, farmer.cookie, {
      method: 'PATCH',
      url: `/api/bids/${bid.id}`,
      payload: { status: 'accepted' },
    }),
  );
}

describe('orders cache', () => {
  it('shows a new order and a change at the next read, each party its own view', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    expect(await orders(t, farmer)).toEqual([]);
    expect(await orders(t, buyer)).toEqual([]);
    await sale(farmer, buyer);
    const [forBuyer] = await orders(t, buyer);
    const [forFarmer] = await orders(t, farmer);
    expect(forBuyer?.handoverCode).toMatch(/^\d{6}$/);
    expect(forFarmer?.id).toBe(forBuyer?.id);
    // The buyer's code never reaches the seller, however often each reads.
    expect((await orders(t, farmer))[0]?.handoverCode).toBeNull();
    expect((await orders(t, buyer))[0]?.handoverCode).toBe(forBuyer?.handoverCode);
    await ok(
      await call(t.app, farmer.cookie, {
        method: 'POST',
        url: `/api/orders/${forFarmer?.id}/cancel`,
        payload: { reason: 'No truck' },
      }),
    );
    expect((await orders(t, buyer))[0]?.status).toBe('cancelled');
    expect((await orders(t, farmer))[0]?.status).toBe('cancelled');
  });

  it('names the commodity anew at the next read after a manager renames its kind, on any instance', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const manager = await userWithRole(t.app, t.ctx, 'manager');
    await sale(farmer, buyer);
    expect((await orders(t, buyer))[0]?.commodity.name).toBe('Maize');
    const rename = (app: TestApp, en: string) =>
      call(app.app, manager.cookie, {
        method: 'PATCH',
        url: '/api/commodity-kinds/maize',
        payload: { names: { en, fr: 'Maïs' } },
      });
    await ok(await rename(t, 'Field maize'));
    expect((await orders(t, buyer))[0]?.commodity.name).toBe('Field maize');
    if (!onPostgres) {
      return;
    }
    // Another instance renames it: its NOTIFY drops this instance's pages too.
    const b = await createSecondInstance(t);
    try {
      await ok(await rename(b, 'Maize grain'));
      await drainBus(t);
      expect((await orders(t, buyer))[0]?.commodity.name).toBe('Maize grain');
    } finally {
      await b.close();
    }
  });

  it.skipIf(!onPostgres)('drops the page when another instance changes the order', async () => {
    const b = await createSecondInstance(t);
    try {
      const farmer = await userWithRole(t.app, t.ctx, 'farmer');
      const buyer = await userWithRole(t.app, t.ctx, 'buyer');
      await sale(farmer, buyer);
      const [order] = await orders(t, buyer);
      expect(order?.status).toBe('awaiting_delivery');
      await ok(
        await call(b.app, farmer.cookie, {
          method: 'POST',
          url: `/api/orders/${order?.id}/cancel`,
          payload: { reason: 'No truck' },
        }),
      );
      await drainBus(t);
      expect((await orders(t, buyer))[0]?.status).toBe('cancelled');
    } finally {
      await b.close();
    }
  });
});
