// Free text is stored normalised: a listing named with a bidi override and a line break is the market "Maïs".
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCommodity, TCommodityRequest, TMarketSummaryItem } from '../../contract/marketplace';
import { userWithRole } from '../test/factories';
import { call, createTestApp, type TestApp } from '../test/harness';
import { commodities } from './marketplace.schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('free text', () => {
  it('stores a listing name without controls or bidi characters, in the same market as the plain spelling', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const list = async (name: string) => {
      const res = await call(t.app, farmer.cookie, {
        method: 'POST',
        url: '/api/commodities',
        payload: { name, quantity: 1, price: 100, grade: 'A' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<TCommodity>();
    };
    const odd = await list('Ma\u202Eïs\n');
    const plain = await list('Maïs');
    // Stored as typed (controls dropped); shown to this English reader by its catalogue name, in the maize market.
    expect(odd.name).toBe('Maize');
    const [stored] = await t.ctx.db.select().from(commodities).where(eq(commodities.id, odd.id));
    expect(stored).toMatchObject({ name: 'Maïs', marketKey: 'maize' });

    const markets = (await call(t.app, buyer.cookie, { method: 'GET', url: '/api/market/summary' })).json<
      TMarketSummaryItem[]
    >();
    const mais = markets.filter((m) => m.name.normalize('NFC').toLowerCase().includes('ma'));
    expect(mais.map((m) => [m.name, m.id, m.availableQuantity])).toEqual([['Maize', odd.id, 2]]);
    expect(plain.name).toBe('Maize');

    // A name of only invisible characters is empty once normalised: refused like any too-short name.
    const blank = await call(t.app, farmer.cookie, {
      method: 'POST',
      url: '/api/commodities',
      payload: { name: '\u202E\u200B\u2066x\u2069', quantity: 1, price: 100, grade: 'A' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ issues: { path: string }[] }>().issues[0]?.path).toBe('name');
  });

  it('keeps the lines of a multi-line text and drops its control and bidi characters', async () => {
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const res = await call(t.app, buyer.cookie, {
      method: 'POST',
      url: '/api/commodity-requests',
      payload: {
        commodityName: ' \u2067Sorgho\u2069\r\nrouge ',
        quantity: '2',
        targetPrice: '150',
        grade: 'B',
        description: 'Livraison\u202E à Garoua\r\n\u0007Sacs de 50 kg  \n',
        deliveryTimeline: 'flexible',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<TCommodityRequest>()).toMatchObject({
      commodityName: 'Sorgho rouge',
      description: 'Livraison à Garoua\nSacs de 50 kg',
    });
  });
});
