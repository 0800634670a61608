// The market summary's personal part held in memory per caller: changed by the next bid anywhere, on any instance,
// and only ever served to the caller it was made for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMarketSummaryItem } from '../../contract/marketplace';
import { userWithRole } from '../test/factories';
import {
  call,
  createSecondInstance,
  createTestApp,
  drainBus,
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

async function marketOf(app: TestApp, who: Session, name: string): Promise<TMarketSummaryItem | undefined> {
  const res = await call(app.app, who.cookie, { method: 'GET', url: '/api/market/summary' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TMarketSummaryItem[]>().find((m) => m.name === name);
}

async function bid(app: TestApp, who: Session, commodityId: number, price: number): Promise<void> {
  const res = await call(app.app, who.cookie, {
    method: 'POST',
    url: '/api/bids',
    payload: { commodityId, price, quantity: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('market summary cache', () => {
  it('keeps each caller their own bid and the best bid of others, changed at the next bid', async () => {
    const name = `Millet ${Date.now()}`;
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const first = await userWithRole(t.app, t.ctx, 'buyer');
    const second = await userWithRole(t.app, t.ctx, 'buyer');
    const listed = await call(t.app, farmer.cookie, {
      method: 'POST',
      url: '/api/commodities',
      payload: { name, quantity: 10, price: 300, grade: 'A' },
    });
    const listing = listed.json<{ id: number }>();
    await bid(t, first, listing.id, 250);
    // Read twice each (the second from memory): the bid is the first buyer's only.
    for (let i = 0; i < 2; i++) {
      expect(await marketOf(t, first, name)).toMatchObject({ yourBid: 250, bestBid: null });
      expect(await marketOf(t, second, name)).toMatchObject({ yourBid: null, bestBid: 250 });
      expect(await marketOf(t, farmer, name)).toMatchObject({ yourBid: null, bestBid: 250 });
    }
    await bid(t, second, listing.id, 260);
    expect(await marketOf(t, first, name)).toMatchObject({ yourBid: 250, bestBid: 260 });
    expect(await marketOf(t, second, name)).toMatchObject({ yourBid: 260, bestBid: 250 });
    await bid(t, first, listing.id, 270);
    expect(await marketOf(t, first, name)).toMatchObject({ yourBid: 270, bestBid: 260 });
    expect(await marketOf(t, farmer, name)).toMatchObject({ yourBid: null, bestBid: 270 });
  });

  it.skipIf(!onPostgres)('changes a cached caller’s summary when another instance takes a bid', async () => {
    const b = await createSecondInstance(t);
    try {
      const name = `Sesame ${Date.now()}`;
      const farmer = await userWithRole(t.app, t.ctx, 'farmer');
      const buyer = await userWithRole(t.app, t.ctx, 'buyer');
      const other = await userWithRole(t.app, t.ctx, 'buyer');
      const listing = (
        await call(t.app, farmer.cookie, {
          method: 'POST',
          url: '/api/commodities',
          payload: { name, quantity: 10, price: 300, grade: 'A' },
        })
      ).json<{ id: number }>();
      await bid(t, buyer, listing.id, 200);
      expect(await marketOf(t, buyer, name)).toMatchObject({ yourBid: 200, bestBid: null });
      await bid(b, other, listing.id, 220);
      await drainBus(t);
      expect(await marketOf(t, buyer, name)).toMatchObject({ yourBid: 200, bestBid: 220 });
    } finally {
      await b.close();
    }
  });
});
