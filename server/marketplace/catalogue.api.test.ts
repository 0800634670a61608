// The commodity catalogue through the API: one market per kind whatever its name is typed as, names in the reader's
// language, saved searches by kind, managers' edits (a new synonym gathers its market), "add mine" and price alerts.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TCommodityKind,
  TKindRequest,
  TPriceAlert,
  TUnmatchedMarket,
} from '../../contract/commodity-kinds';
import type { TCommodity, TMarketSummaryItem } from '../../contract/marketplace';
import type { TNotification } from '../../contract/notifications';
import type { TOrder } from '../../contract/orders';
import { rowsOf } from '../db/client';
import { users } from '../db/schema';
import { userWithRole } from '../test/factories';
import { call, createTestApp, registerUser, type Session, type TestApp } from '../test/harness';
import { fillEmptyCatalogue } from './catalogue';
import { marketModel } from './market-model';
import { commodities } from './marketplace.schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function json<T>(
  who: Session,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  const res = await call(t.app, who.cookie, { method, url, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return (res.body === '' ? null : res.json()) as T;
}

const list = (farmer: Session, name: string, price = 250, quantity = 5) =>
  json<TCommodity>(farmer, 'POST', '/api/commodities', { name, quantity, price, grade: 'B' });

async function trade(farmer: Session, buyer: Session, name: string, price: number, quantity: number) {
  const listing = await list(farmer, name, price, quantity);
  const bid = await json<{ id: number }>(buyer, 'POST', '/api/bids', {
    commodityId: listing.id,
    price,
    quantity,
  });
  await json(farmer, 'PATCH', `/api/bids/${bid.id}`, { status: 'accepted' });
}

const summary = (who: Session) => json<TMarketSummaryItem[]>(who, 'GET', '/api/market/summary');
const inbox = (who: Session) => json<TNotification[]>(who, 'GET', '/api/notifications?limit=100');

describe('commodity catalogue', () => {
  it('reads the catalogue in the reader’s language, each kind with its synonyms, grades and units', async () => {
    const french = await registerUser(t.app, { language: 'fr' });
    const english = await registerUser(t.app, { language: 'en' });
    const fr = await json<TCommodityKind[]>(french, 'GET', '/api/commodity-kinds');
    const en = await json<TCommodityKind[]>(english, 'GET', '/api/commodity-kinds');
    const maizeFr = fr.find((k) => k.key === 'maize');
    expect(maizeFr).toMatchObject({
      name: 'Maïs',
      names: { en: 'Maize', fr: 'Maïs' },
      grades: ['A', 'B', 'C'],
    });
    expect(maizeFr?.synonyms).toContain('corn');
    expect(maizeFr?.units).toContainEqual({
      key: 'bag_100kg',
      name: 'Sac de 100 kg',
      names: { en: 'Bag of 100 kg', fr: 'Sac de 100 kg' },
      kg: 100,
    });
    expect(en.find((k) => k.key === 'cassava')?.name).toBe('Cassava');
    expect(fr.find((k) => k.key === 'cassava')?.name).toBe('Manioc');
  });

  it('names basin and tine without kilograms until a manager weighs them for this deployment', async () => {
    const manager = await userWithRole(t.app, t.ctx, 'manager');
    const kinds = await json<TCommodityKind[]>(manager, 'GET', '/api/commodity-kinds');
    const beans = kinds.find((k) => k.key === 'beans');
    expect(beans?.units).toContainEqual(expect.objectContaining({ key: 'basin', kg: null }));
    expect(beans?.units).toContainEqual(expect.objectContaining({ key: 'tine', kg: null }));
    const units = (beans?.units ?? []).map(({ key, names, kg }) => ({
      key,
      names,
      kg: key === 'basin' ? 32.5 : kg,
    }));
    const weighed = await json<TCommodityKind>(manager, 'PATCH', '/api/commodity-kinds/beans', { units });
    expect(weighed.units).toContainEqual(expect.objectContaining({ key: 'basin', kg: 32.5 }));
    expect(weighed.units).toContainEqual(expect.objectContaining({ key: 'tine', kg: null }));
  });

  it('puts "Maïs", "maize" and "MAIS" in one maize market, named for each reader', async () => {
    const farmer = await registerUser(t.app, { language: 'fr' });
    const other = await userWithRole(t.app, t.ctx, 'farmer');
    const english = await userWithRole(t.app, t.ctx, 'buyer');
    const french = await registerUser(t.app, { role: 'buyer', language: 'fr' });
    const a = await list(farmer, 'Maïs');
    const b = await list(other, 'maize');
    await list(other, 'MAIS');
    expect(a.name).toBe('Maïs');
    expect(b.name).toBe('Maize');
    const stored = await t.ctx.db.select().from(commodities);
    expect(new Set(stored.filter((r) => [a.id, b.id].includes(r.id)).map((r) => r.marketKey))).toEqual(
      new Set(['maize']),
    );
    const enMarkets = (await summary(english)).filter((m) => /ma[iï]/i.test(m.name));
    const frMarkets = (await summary(french)).filter((m) => /ma[iï]/i.test(m.name));
    expect(enMarkets.map((m) => [m.name, m.availableQuantity])).toEqual([['Maize', 15]]);
    expect(frMarkets.map((m) => [m.name, m.availableQuantity])).toEqual([['Maïs', 15]]);
    // The listing reads in the reader's language too.
    const shown = await json<TCommodity>(french, 'GET', `/api/commodities/${b.id}`);
    expect(shown.name).toBe('Maïs');
    // Price history by any name of the kind.
    const history = await call(t.app, english.cookie, {
      method: 'GET',
      url: `/api/market/price-history?commodity=${encodeURIComponent('maïs')}&days=3`,
    });
    expect(history.statusCode).toBe(200);
  });

  it('names an order on a listing typed "maïs" as the catalogue names maize for each reader', async () => {
    const farmer = await registerUser(t.app, { language: 'fr' });
    const buyer = await registerUser(t.app, { role: 'buyer', language: 'en' });
    await trade(farmer, buyer, 'maïs', 230, 2);
    const [sold] = await json<TOrder[]>(farmer, 'GET', '/api/orders?as=seller&limit=1');
    const [bought] = await json<TOrder[]>(buyer, 'GET', '/api/orders?as=buyer&limit=1');
    expect(sold?.commodity.name).toBe('Maïs');
    expect(bought?.commodity.name).toBe('Maize');
    expect((await json<TOrder>(buyer, 'GET', `/api/orders/${bought?.id}`)).commodity.name).toBe('Maize');
    // A change answers with the order named the same way.
    const arranged = await json<TOrder>(farmer, 'POST', `/api/orders/${sold?.id}/delivery`, {
      mode: 'pickup',
    });
    expect(arranged.commodity.name).toBe('Maïs');
  });

  it('tells a buyer whose saved search says "maize" of a listing typed "maïs"', async () => {
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const farmer = await registerUser(t.app, { language: 'fr' });
    const saved = await json<{ commodityKey: string | null }>(buyer, 'POST', '/api/saved-searches', {
      name: 'Maize for the mill',
      query: 'maize',
    });
    expect(saved.commodityKey).toBe('maize');
    await list(farmer, 'maïs');
    const matched = (await inbox(buyer)).filter((n) => n.type === 'saved_search_match');
    expect(matched).toHaveLength(1);
    expect(matched[0]?.text).toContain('Maize');
    expect(matched[0]?.link).toContain('kind=maize');
  });

  it('lets a manager add a kind and a synonym, which gathers the free-text market; others may not', async () => {
    const manager = await userWithRole(t.app, t.ctx, 'manager');
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const before = await list(farmer, 'Ndolé leaves');
    const unmatched = await json<TUnmatchedMarket[]>(manager, 'GET', '/api/commodity-kinds/unmatched');
    expect(unmatched).toContainEqual({ name: 'ndolé leaves', listings: 1, requests: 0, trades: 0 });

    const kind = {
      key: 'ndole',
      names: { en: 'Bitter leaf', fr: 'Ndolé' },
      synonyms: ['ndole'],
      grades: ['A', 'B'],
      units: [{ key: 'bundle', names: { en: 'Bundle', fr: 'Botte' }, kg: 0.5 }],
    };
    const refused = await call(t.app, farmer.cookie, {
      method: 'POST',
      url: '/api/commodity-kinds',
      payload: kind,
    });
    expect(refused.statusCode).toBe(403);
    const created = await json<TCommodityKind>(manager, 'POST', '/api/commodity-kinds', kind);
    expect(created).toMatchObject({ key: 'ndole', name: 'Bitter leaf' });
    const again = await call(t.app, manager.cookie, {
      method: 'POST',
      url: '/api/commodity-kinds',
      payload: kind,
    });
    expect(again.statusCode).toBe(409);
    const taken = await call(t.app, manager.cookie, {
      method: 'PATCH',
      url: '/api/commodity-kinds/ndole',
      payload: { synonyms: ['ndole', 'corn'] },
    });
    expect(taken.statusCode).toBe(409);
    expect((await list(farmer, 'NDOLE')).name).toBe('Bitter leaf');

    await json(manager, 'PATCH', '/api/commodity-kinds/ndole', { synonyms: ['ndole', 'ndolé leaves'] });
    const [moved] = rowsOf<{ market_key: string }>(
      await t.ctx.db.execute(sql`select market_key from commodities where id = ${before.id}`),
    );
    expect(moved?.market_key).toBe('ndole');
    expect(
      await json<TUnmatchedMarket[]>(manager, 'GET', '/api/commodity-kinds/unmatched'),
    ).not.toContainEqual(expect.objectContaining({ name: 'ndolé leaves' }));
    const missing = await call(t.app, manager.cookie, {
      method: 'PATCH',
      url: '/api/commodity-kinds/nothing_here',
      payload: { grades: ['A'] },
    });
    expect(missing.statusCode).toBe(404);
    const bad = await call(t.app, manager.cookie, {
      method: 'POST',
      url: '/api/commodity-kinds',
      payload: {
        ...kind,
        key: 'Bad Key',
        units: [{ key: 'tine', names: { en: 'Tine', fr: 'Tine' }, kg: -1 }],
      },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('fills an empty catalogue at start-up with the defaults and moves the free-text markets of older rows into their kinds', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const listing = await list(farmer, 'Some new thing');
    // As a deployment from before the catalogue: rows keyed by their folded free-text names, no kinds.
    await t.ctx.db.execute(sql`update commodities set market_key = 'arachides' where id = ${listing.id}`);
    await t.ctx.db.execute(sql`update saved_searches set market_key = null`);
    await t.ctx.db.execute(sql`delete from commodity_kinds where key = 'ndole'`);
    await t.ctx.db.execute(sql`delete from commodity_kinds`);
    const search = await json<{ id: number }>(buyer, 'POST', '/api/saved-searches', {
      name: 'Nuts',
      query: 'Peanuts',
    });
    await t.ctx.db.execute(sql`update saved_searches set market_key = null where id = ${search.id}`);
    marketModel.of(t.ctx).dropCatalogue();
    // Reading an empty catalogue writes nothing: filling it is a step of preparing the database, before requests.
    expect(await json<TCommodityKind[]>(buyer, 'GET', '/api/commodity-kinds')).toEqual([]);
    await fillEmptyCatalogue(t.ctx.database);
    marketModel.of(t.ctx).dropCatalogue();

    const kinds = await json<TCommodityKind[]>(buyer, 'GET', '/api/commodity-kinds');
    expect(kinds.map((k) => k.key)).toContain('groundnut');
    const [row] = rowsOf<{ market_key: string }>(
      await t.ctx.db.execute(sql`select market_key from commodities where id = ${listing.id}`),
    );
    expect(row?.market_key).toBe('groundnut');
    const [saved] = rowsOf<{ market_key: string }>(
      await t.ctx.db.execute(sql`select market_key from saved_searches where id = ${search.id}`),
    );
    expect(saved?.market_key).toBe('groundnut');
  });

  it('records a farmer’s request for a commodity the catalogue lacks, for managers to read and close', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const manager = await userWithRole(t.app, t.ctx, 'manager');
    const asked = await json<TKindRequest>(farmer, 'POST', '/api/commodity-kind-requests', {
      name: 'Egusi',
      note: 'Melon seeds, sold by the basin',
    });
    const known = await call(t.app, farmer.cookie, {
      method: 'POST',
      url: '/api/commodity-kind-requests',
      payload: { name: 'Manioc' },
    });
    expect(known.statusCode).toBe(409);
    const seen = await json<TKindRequest[]>(manager, 'GET', '/api/commodity-kind-requests');
    expect(seen).toContainEqual(
      expect.objectContaining({ id: asked.id, name: 'Egusi', requestedBy: farmer.user.id }),
    );
    const hidden = await call(t.app, farmer.cookie, { method: 'GET', url: '/api/commodity-kind-requests' });
    expect(hidden.statusCode).toBe(403);
    await json(manager, 'DELETE', `/api/commodity-kind-requests/${asked.id}`);
    expect(await json<TKindRequest[]>(manager, 'GET', '/api/commodity-kind-requests')).not.toContainEqual(
      expect.objectContaining({ id: asked.id }),
    );
  });

  it('tells every manager, in their language, that a commodity was asked for (not the farmer who asked)', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const english = await userWithRole(t.app, t.ctx, 'manager');
    const french = await registerUser(t.app, { language: 'fr' });
    await t.ctx.db.update(users).set({ role: 'manager' }).where(eq(users.id, french.user.id));
    const asked = await json<TKindRequest>(farmer, 'POST', '/api/commodity-kind-requests', {
      name: 'Fonio noir',
    });
    const told = async (who: Session) =>
      (await inbox(who)).filter((n) => n.type === 'kind_requested' && n.data.requestId === asked.id);
    expect(await told(english)).toEqual([
      expect.objectContaining({
        text: `${farmer.user.username} asks for “Fonio noir” to be added to the commodity catalogue.`,
        link: '/catalogue',
      }),
    ]);
    expect(await told(french)).toEqual([
      expect.objectContaining({
        text: `${farmer.user.username} demande d’ajouter « Fonio noir » au catalogue des produits.`,
      }),
    ]);
    expect(await told(farmer)).toEqual([]);
    // A refused request (the catalogue knows the name) tells nobody.
    const before = (await inbox(english)).length;
    const known = await call(t.app, farmer.cookie, {
      method: 'POST',
      url: '/api/commodity-kind-requests',
      payload: { name: 'Manioc' },
    });
    expect(known.statusCode).toBe(409);
    expect(await inbox(english)).toHaveLength(before);
  });
});

describe('price alerts', () => {
  it('tells the user once per crossing of the market price, up then down, in their language', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const watcher = await registerUser(t.app, { language: 'fr' });
    const seller = await userWithRole(t.app, t.ctx, 'farmer');
    await trade(farmer, buyer, 'Sorghum', 250, 1);

    const alert = await json<TPriceAlert>(watcher, 'POST', '/api/price-alerts', {
      commodity: 'sorgho',
      price: 300,
    });
    expect(alert).toMatchObject({ commodityKey: 'sorghum', commodity: 'Sorgho', price: 300, side: 'below' });
    const sellerAlert = await json<TPriceAlert>(seller, 'POST', '/api/price-alerts', {
      commodity: 'guinea corn',
      price: 200,
    });
    expect(sellerAlert.side).toBe('above');
    const unknown = await call(t.app, watcher.cookie, {
      method: 'POST',
      url: '/api/price-alerts',
      payload: { commodity: 'Unobtainium', price: 10 },
    });
    expect(unknown.statusCode).toBe(404);

    const alerts = async (who: Session) => (await inbox(who)).filter((n) => n.type === 'price_alert');
    // (250×1 + 350×3) / 4 = 325: above 300, once.
    await trade(farmer, buyer, 'sorgho', 350, 3);
    expect((await alerts(watcher)).map((n) => n.text)).toEqual([
      expect.stringMatching(/^Alerte Sorgho : le prix du marché est passé au-dessus de 300,00/),
    ]);
    // Still above: nothing more.
    await trade(farmer, buyer, 'Sorghum', 340, 1);
    expect(await alerts(watcher)).toHaveLength(1);
    // (250 + 1050 + 340 + 200×10) / 15 ≈ 242.67: below again, once.
    await trade(farmer, buyer, 'SORGHUM', 200, 10);
    const texts = (await alerts(watcher)).map((n) => n.text);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toMatch(/^Alerte Sorgho : le prix du marché est passé sous 300,00/);
    expect(await alerts(seller)).toEqual([]);

    const mine = await json<TPriceAlert[]>(watcher, 'GET', '/api/price-alerts');
    expect(mine.map((a) => [a.commodityKey, a.side])).toEqual([['sorghum', 'below']]);
    await json(watcher, 'DELETE', `/api/price-alerts/${alert.id}`);
    const gone = await call(t.app, seller.cookie, { method: 'DELETE', url: `/api/price-alerts/${alert.id}` });
    expect(gone.statusCode).toBe(404);
    expect(await json<TPriceAlert[]>(watcher, 'GET', '/api/price-alerts')).toEqual([]);
  });
});
