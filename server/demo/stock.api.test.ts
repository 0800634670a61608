// The stock demo through the real server: every role that works stock sees its own (amina her lots, fatou amina's,
// esther the co-op's store she keeps, claire the stores she runs), a demo receipt answers its code, amina's listed
// lot holds its listing's quantity back and buyers see where it is stored, and the books still balance.
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCommodity } from '../../contract/marketplace';
import type { TLot, TLotDetail, TReceipt, TStore } from '../../contract/stock';
import { findUserByUsername } from '../auth/user-accounts';
import { firstFarmIdOf } from '../farms/lookups';
import { lots, stores } from '../stock/stock.schema';
import { call, createTestApp, ok, sessionCookie, type TestApp } from '../test/harness';
import { DEMO_PASSWORD, DEMO_USERS, ensureDemoUsers } from './accounts';
import { seed as seedCrops } from './crops';
import { seed as seedFarms } from './farm';
import { seed as seedMarketplace } from './market';
import { seed as seedOrders } from './orders';
import { seed } from './stock';
import { AMINA_LISTING, COOP_STORE, WAREHOUSE } from './stock-data';
import { seed as seedUsers } from './users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The demo start-up's order (server/demo/seed.ts), the steps stock builds on: the farm, the market's trades (a
  // price), fatou's link to amina (orders) and amina's harvest kept (crops).
  await ensureDemoUsers(t.ctx, DEMO_USERS);
  await seedUsers(t.ctx);
  await seedFarms(t.ctx);
  await seedMarketplace(t.ctx);
  await seedOrders(t.ctx);
  await seedCrops(t.ctx);
  await seed(t.ctx);
}, 240_000);
afterAll(async () => {
  await t.close();
});

const cookies = new Map<string, string>();
async function login(username: string): Promise<string> {
  const known = cookies.get(username);
  if (known) {
    return known;
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: DEMO_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  cookies.set(username, sessionCookie(res));
  return sessionCookie(res);
}

async function get<T>(username: string | null, url: string): Promise<T> {
  return ok<T>(await call(t.app, username === null ? null : await login(username), { method: 'GET', url }));
}

const lotsOf = async (username: string, query = '') =>
  (await get<{ data: TLot[] }>(username, `/api/lots?limit=100${query}`)).data;
const storesOf = async (username: string) => (await get<{ data: TStore[] }>(username, '/api/stores')).data;

describe('stock demo data', () => {
  it('gives amina a home store with maize of two grades, her harvest’s groundnut and a lot in the co-op', async () => {
    const home = (await storesOf('amina')).find((s) => s.kind === 'home');
    expect(home).toMatchObject({ keeps: true });
    const own = await lotsOf('amina', `&store=${home?.id}`);
    const maize = own.filter((l) => l.crop === 'Maïs');
    expect(maize.map((l) => [l.grade, l.moisture]).sort()).toEqual([
      ['A', 13],
      ['B', 15.5],
    ]);
    // Maize has trades in the demo market: the lots are valued at its price.
    expect(maize.every((l) => l.value !== null && l.value.total > 0)).toBe(true);
    expect(maize.every((l) => l.photos.length > 0)).toBe(true);
    expect(
      (await call(t.app, await login('amina'), { method: 'GET', url: maize[0]?.photos[0]?.url ?? '' }))
        .statusCode,
    ).toBe(200);
    const harvested = own.filter((l) => l.origin !== null && 'harvestId' in l.origin);
    expect(harvested.map((l) => l.crop)).toContain('Arachide');
    const deposited = (await lotsOf('amina')).filter((l) => l.store.name === COOP_STORE.name);
    expect(deposited).toHaveLength(1);
    expect(deposited[0]?.receipt).toMatchObject({ status: 'valid' });
    expect(deposited[0]?.canMove).toBe(false);
  });

  it('records the dry lot’s count and deposit, and the wet lot’s loss to pests by fatou', async () => {
    const maize = await lotsOf('amina', '&crop=Maize');
    const dry = maize.find((l) => l.grade === 'A' && l.store.kind === 'home');
    const wet = maize.find((l) => l.grade === 'B');
    const dryDetail = await get<TLotDetail>('amina', `/api/lots/${dry?.id}`);
    expect(dryDetail.movements.map((m) => m.kind).sort()).toEqual(['in', 'loss', 'transfer_out']);
    expect(dryDetail.movements.find((m) => m.kind === 'loss')?.reason).toBe('count');
    const wetDetail = await get<TLotDetail>('amina', `/api/lots/${wet?.id}`);
    const loss = wetDetail.movements.find((m) => m.kind === 'loss');
    expect(loss).toMatchObject({ reason: 'pests', by: { username: 'fatou' } });
    // Two years of maize's seasons in the market: the hint speaks, and warns that the wet lot must be dried first.
    expect(dryDetail.hint).toMatchObject({ dryEnough: true, years: 2 });
    expect(dryDetail.hint?.risePercent).toBeGreaterThanOrEqual(10);
    expect(wetDetail.hint?.dryEnough).toBe(false);
    expect(wetDetail.hint?.lossPercent.from).toBeGreaterThan(0);
    // Dated when they happened, over past weeks.
    const days = [...dryDetail.movements, ...wetDetail.movements].map((m) => m.happenedOn);
    expect(new Set(days).size).toBe(days.length);
  });

  it('holds back amina’s listed maize and shows buyers where it is stored and how dry', async () => {
    const dry = (await lotsOf('amina', '&crop=Maize')).find(
      (l) => l.grade === 'A' && l.store.kind === 'home',
    );
    expect(dry?.reserved).toBe(AMINA_LISTING.quantity);
    expect(dry?.free).toBeCloseTo((dry?.quantity ?? 0) - AMINA_LISTING.quantity, 3);
    const detail = await get<TLotDetail>('amina', `/api/lots/${dry?.id}`);
    expect(detail.listings).toHaveLength(1);
    const listing = await get<TCommodity>('kofi', `/api/commodities/${detail.listings[0]?.id}`);
    expect(listing.stock).toMatchObject({ lotId: dry?.id, moisture: 13, store: dry?.store.name });
  });

  it('lets fatou see amina’s stock, whom she represents', async () => {
    const seen = await lotsOf('fatou');
    expect(seen.filter((l) => l.owner.username === 'amina').length).toBeGreaterThanOrEqual(4);
    expect(seen.some((l) => l.owner.username === 'amina' && l.canMove && l.canSell)).toBe(true);
  });

  it('gives esther the co-op store she keeps, with moussa’s and amina’s deposits on receipts', async () => {
    const coop = (await storesOf('esther')).find((s) => s.name === COOP_STORE.name);
    expect(coop).toMatchObject({ kind: 'coop', keeps: true, owner: { username: 'claire' } });
    expect(coop?.keepers.map((k) => k.username)).toEqual(['esther']);
    const held = await lotsOf('esther', `&store=${coop?.id}`);
    expect(held.map((l) => l.owner.username).sort()).toEqual(['amina', 'moussa']);
    expect(held.every((l) => l.receipt !== null && l.canMove)).toBe(true);
  });

  it('gives claire the stores she runs, the warehouse holding a trader’s maize', async () => {
    const run = (await storesOf('claire')).filter((s) => s.owner?.username === 'claire');
    expect(run.map((s) => [s.name, s.kind]).sort()).toEqual(
      [
        [COOP_STORE.name, 'coop'],
        [WAREHOUSE.name, 'warehouse'],
      ].sort(),
    );
    const warehouse = run.find((s) => s.kind === 'warehouse');
    const held = await lotsOf('claire', `&store=${warehouse?.id}`);
    expect(held.map((l) => [l.owner.username, l.crop])).toEqual([['essomba.brice', 'Maïs']]);
    expect(held[0]?.receipt?.code).toHaveLength(10);
  });

  it('answers a demo receipt’s code to anyone', async () => {
    const [deposit] = (await lotsOf('amina')).filter((l) => l.receipt !== null);
    const receipt = await get<TReceipt>(null, `/api/receipts/${deposit?.receipt?.code}`);
    expect(receipt).toMatchObject({
      depositor: 'amina',
      crop: 'Maize',
      grade: 'A',
      moisture: 13,
      store: { name: COOP_STORE.name, location: COOP_STORE.location },
      status: 'valid',
    });
  });

  it('keeps amina’s books balanced', async () => {
    const amina = await findUserByUsername(t.ctx.db, 'amina');
    const farmId = await firstFarmIdOf(t.ctx.db, amina?.id ?? 0);
    const sheet = await call(t.app, await login('amina'), {
      method: 'POST',
      url: `/api/farms/${farmId}/reports`,
      payload: { type: 'balance_sheet', period: 'monthly' },
    });
    expect(sheet.statusCode).toBe(201);
    const { totalAssets, totalLiabilities, totalEquity } = sheet.json().data;
    expect(totalLiabilities + totalEquity).toBeCloseTo(totalAssets, 2);
  });

  it('seeds once', async () => {
    const counts = async () => [
      (await t.ctx.db.select({ n: count() }).from(stores))[0]?.n,
      (await t.ctx.db.select({ n: count() }).from(lots))[0]?.n,
    ];
    const before = await counts();
    await seed(t.ctx);
    expect(await counts()).toEqual(before);
  });
});
