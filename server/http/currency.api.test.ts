// A deployment in CFA francs (XAF, no decimals) through the real server: the currency it tells clients, whole
// amounts only on every money path (listing, bid, order and payment, the farm's books, a saved search), amounts
// computed and answered in whole francs, texts with the currency, and the database keeping its currency.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDeploymentConfig } from '../../contract/config';
import type { TNotification } from '../../contract/notifications';
import type { TOrder } from '../../contract/orders';
import { keepCurrency } from '../db/deployment';
import { createFarm, userWithRole } from '../test/factories';
import { call, createTestApp, type Session, type TestApp } from '../test/harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ CURRENCY: 'XAF', DEFAULT_COUNTRY_CODE: '+237' });
});
afterAll(async () => {
  await t.close();
});

const send = (
  session: Session | null,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload?: object,
) => call(t.app, session?.cookie ?? null, { method, url, ...(payload ? { payload } : {}) });

/** A 400 whose one issue names the field and says the currency has no decimals. */
function expectWholeAmountRefused(res: { statusCode: number; json: <T>() => T }, field: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json<{ code: string; issues: { path: string; message: string }[] }>();
  expect(body.issues).toEqual([
    expect.objectContaining({ path: field, message: 'Give a whole amount: this currency has no cents' }),
  ]);
}

describe('a deployment in XAF', () => {
  it('tells every client its currency, decimals and country code', async () => {
    const res = await send(null, 'GET', '/api/config');
    expect(res.statusCode).toBe(200);
    expect(res.json<TDeploymentConfig>()).toEqual({
      currency: 'XAF',
      currencyDigits: 0,
      defaultCountryCode: '+237',
      languages: ['en', 'fr'],
      // No mobile-money provider is configured here: payments are recorded by hand.
      mobileMoney: [],
    });
  });

  it('takes whole francs only, from listing to paid order, and computes in whole francs', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const listing = { name: `Cacao ${Date.now()}`, quantity: '2,5', grade: 'A' };
    expectWholeAmountRefused(
      await send(farmer, 'POST', '/api/commodities', { ...listing, price: '1500,5' }),
      'price',
    );
    expectWholeAmountRefused(
      await send(farmer, 'POST', '/api/commodities', { ...listing, price: 1500.25 }),
      'price',
    );
    const created = await send(farmer, 'POST', '/api/commodities', { ...listing, price: '1 500' });
    expect(created.statusCode, created.body).toBe(201);
    const commodity = created.json<{ id: number; price: number }>();
    expect(commodity.price).toBe(1500);

    const bid = { commodityId: commodity.id, quantity: 0.333 };
    expectWholeAmountRefused(await send(buyer, 'POST', '/api/bids', { ...bid, price: 1450.5 }), 'price');
    const placed = await send(buyer, 'POST', '/api/bids', { ...bid, price: 1451 });
    expect(placed.statusCode, placed.body).toBe(201);
    const accepted = await send(farmer, 'PATCH', `/api/bids/${placed.json<{ id: number }>().id}`, {
      status: 'accepted',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const [order] = (await send(farmer, 'GET', '/api/orders?as=seller')).json<TOrder[]>();
    // 1451 × 0.333 t = 483.183: the total is a whole franc.
    expect(order?.total).toBe(483);
    expect(order?.payment.due).toBe(483);
    expectWholeAmountRefused(
      await send(farmer, 'POST', `/api/orders/${order?.id}/payments`, { amount: '200,5', method: 'cash' }),
      'amount',
    );
    const paid = await send(farmer, 'POST', `/api/orders/${order?.id}/payments`, {
      amount: 200,
      method: 'cash',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const after = (await send(farmer, 'GET', `/api/orders/${order?.id}`)).json<TOrder>();
    expect(after.payment).toMatchObject({ total: 483, paid: 200, due: 283 });
  });

  it("keeps a farm's books in whole francs", async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, farmer);
    const url = `/api/farms/${farm.id}/transactions`;
    const entry = { type: 'expense', category: 'seeds', date: new Date().toISOString().slice(0, 10) };
    expectWholeAmountRefused(await send(farmer, 'POST', url, { ...entry, amount: '2500,5' }), 'amount');
    const booked = await send(farmer, 'POST', url, { ...entry, amount: '2 500' });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json<{ amount: number }>().amount).toBe(2500);
  });

  it('refuses a saved search maximum price with decimals', async () => {
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    expectWholeAmountRefused(
      await send(buyer, 'POST', '/api/saved-searches', { name: 'Cacao', maxPrice: 1000.5 }),
      'maxPrice',
    );
  });

  it('writes amounts in texts with the currency, in the reader language', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    await send(farmer, 'PATCH', '/api/user/language', { language: 'fr' });
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const created = await send(farmer, 'POST', '/api/commodities', {
      name: `Mil ${Date.now()}`,
      quantity: 10,
      price: 1500,
      grade: 'B',
    });
    await send(buyer, 'POST', '/api/bids', { commodityId: created.json<{ id: number }>().id, price: 1450 });
    const [note] = (await send(farmer, 'GET', '/api/notifications')).json<TNotification[]>();
    expect(note?.text).toContain('propose 1\u202f450\u00a0FCFA la tonne');
  });

  it('keeps the currency it started with: another is refused, with what to do', async () => {
    await expect(keepCurrency(t.ctx.db, 'XAF')).resolves.toBeUndefined();
    await expect(keepCurrency(t.ctx.db, 'USD')).rejects.toThrow(
      /CURRENCY is USD, but this database keeps its amounts in XAF: start with CURRENCY=XAF/,
    );
  });
});
