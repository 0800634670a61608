// API test of the market price rule: two accounts and one tiny trade far from the market do not set its price.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../contract/constants';
import type { TBid, TCommodity, TMarketSummaryItem } from '../../contract/marketplace';
import { phoneActor, priceLines } from '../phone/phone-reads';
import { userWithRole } from '../test/factories';
import { call, createTestApp, type Session, type TestApp, uniqueName } from '../test/harness';
import { marketModel } from './market-model';
import { trades } from './marketplace.schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The farmer lists, the buyer bids for all of it, the farmer accepts: one trade. */
async function trade(farmer: Session, buyer: Session, name: string, tons: number, price: number) {
  const listed = await call(t.app, farmer.cookie, {
    method: 'POST',
    url: '/api/commodities',
    payload: { name, quantity: tons, price, grade: 'A' },
  });
  expect(listed.statusCode, listed.body).toBe(201);
  const placed = await call(t.app, buyer.cookie, {
    method: 'POST',
    url: '/api/bids',
    payload: { commodityId: listed.json<TCommodity>().id, price },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const accepted = await call(t.app, farmer.cookie, {
    method: 'PATCH',
    url: `/api/bids/${placed.json<TBid>().id}`,
    payload: { status: 'accepted' },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
}

describe('market price', () => {
  it('is not made −100 % by two accounts and one trade of 1 t at 0.01, on the web, USSD and SMS', async () => {
    const name = uniqueName('Sorgho');
    const [farmer, buyer, mule, shill] = await Promise.all([
      userWithRole(t.app, t.ctx, 'farmer'),
      userWithRole(t.app, t.ctx, 'buyer'),
      userWithRole(t.app, t.ctx, 'farmer'),
      userWithRole(t.app, t.ctx, 'buyer'),
    ]);
    // The market traded 10 t at 200 two days ago (set back in time as another instance would have written it).
    await trade(farmer, buyer, name, 10, 200);
    await t.ctx.db
      .update(trades)
      .set({ createdAt: new Date(Date.now() - 2 * DAY_MS) })
      .where(eq(trades.marketKey, name.toLowerCase()));
    marketModel.of(t.ctx).dropAll();

    await trade(mule, shill, name, 1, 0.01);

    const summary = await call(t.app, buyer.cookie, { method: 'GET', url: '/api/market/summary' });
    const market = summary
      .json<TMarketSummaryItem[]>()
      .find((item) => item.name.toLowerCase() === name.toLowerCase());
    expect(market).toMatchObject({ currentPrice: 200, priceChange: 0, volume: 1 });
    const history = await call(t.app, buyer.cookie, {
      method: 'GET',
      url: `/api/market/price-history?commodity=${encodeURIComponent(name)}&days=3`,
    });
    expect(history.json<{ price?: number }[]>().map((point) => point.price)).toEqual([200, 200, 200]);

    // The phone menus and SMS answers read the same summary.
    const lines = await priceLines(t.ctx, phoneActor({ ...buyer.user, language: 'en' }), name);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/200/);
    expect(lines[0]).not.toMatch(/-\s?100|0[.,]01/);
  });

  it('states the rule in the API documentation, on the route and the field', async () => {
    const res = await call(t.app, null, { method: 'GET', url: '/api/docs/json' });
    const doc = JSON.stringify(res.json().paths['/api/market/summary'].get);
    expect(doc).toMatch(/volume-weighted average of the last 7 days/);
    expect(doc).toMatch(/one small trade far from the market never moves the price alone/);
    expect(doc).toMatch(/priceChange[^"]*24 h earlier|same rule as currentPrice\) against 24 h earlier/);
  });
});
