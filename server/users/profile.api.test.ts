// API tests for the profile, achievements, dashboards (real figures) and a buyer's saved searches.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACHIEVEMENT_CODES, achievementId } from '../../contract/achievements';
import { DAY_MS } from '../../contract/constants';
import type { TLiveEvent } from '../../contract/events';
import { multiplyCents } from '../../contract/money';
import { bids, commodities, trades } from '../marketplace/marketplace.schema';
import { createFarm, userWithRole } from '../test/factories';
import { call, createTestApp, registerUser, type Session, type TestApp } from '../test/harness';
import { awardAchievement } from './achievements';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const put = (cookie: string, payload: Record<string, unknown>) =>
  call(t.app, cookie, { method: 'PUT', url: '/api/profile', payload });

async function listing(ownerId: number, overrides: Partial<typeof commodities.$inferInsert> = {}) {
  const [row] = await t.ctx.db
    .insert(commodities)
    .values({
      ownerId,
      name: 'Maize',
      marketKey: 'maize',
      quantityKg: 10_000,
      listedQuantityKg: 10_000,
      priceCents: 25_050,
      grade: 'A',
      ...overrides,
    })
    .returning();
  if (!row) {
    throw new Error('no listing');
  }
  return row;
}

async function bid(commodityId: number, buyerId: number, overrides: Partial<typeof bids.$inferInsert> = {}) {
  const [row] = await t.ctx.db
    .insert(bids)
    .values({
      commodityId,
      buyerId,
      priceCents: 24_999,
      quantityKg: 1_333,
      expiresAt: new Date(Date.now() + DAY_MS),
      ...overrides,
    })
    .returning();
  if (!row) {
    throw new Error('no bid');
  }
  return row;
}

async function trade(sellerId: number, buyerId: number, totalCents: number) {
  const c = await listing(sellerId, { status: 'sold' });
  const b = await bid(c.id, buyerId, { status: 'accepted' });
  await t.ctx.db.insert(trades).values({
    commodityId: c.id,
    bidId: b.id,
    buyerId,
    sellerId,
    marketKey: 'maize',
    priceCents: b.priceCents,
    quantityKg: b.quantityKg,
    totalCents,
  });
}

describe('profile', () => {
  it('starts empty, saves bio, experience and crops (trimmed, deduplicated) and never takes totalSales', async () => {
    const farmer = await registerUser(t.app);
    const empty = await call(t.app, farmer.cookie, { method: 'GET', url: '/api/profile' });
    expect(empty.json()).toEqual({
      profile: { bio: null, farmingExperience: null, preferredCrops: [], totalSales: 0 },
      achievements: [],
    });
    const res = await put(farmer.cookie, {
      bio: '  Maize and cassava near Bafoussam.  ',
      farmingExperience: 12,
      preferredCrops: [' Maize ', 'Cassava', 'maize'],
      totalSales: 1_000_000,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toEqual({
      bio: 'Maize and cassava near Bafoussam.',
      farmingExperience: 12,
      preferredCrops: ['Maize', 'Cassava'],
      totalSales: 0,
    });
    // A partial update keeps the other fields; an empty bio clears it.
    const partial = await put(farmer.cookie, { bio: '' });
    expect(partial.json().profile).toMatchObject({ bio: null, farmingExperience: 12 });
  });

  it('rejects out-of-range fields with a message per field and changes nothing', async () => {
    const farmer = await registerUser(t.app, { language: 'fr' });
    await put(farmer.cookie, { bio: 'Avant', farmingExperience: 3, preferredCrops: ['Cacao'] });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ bio: 'x'.repeat(1001) }, 'bio', 'au plus 1000'],
      [{ farmingExperience: -1 }, 'farmingExperience', 'entre 0 et 80'],
      [{ farmingExperience: 81 }, 'farmingExperience', 'entre 0 et 80'],
      [{ farmingExperience: 2.5 }, 'farmingExperience', 'nombre entier'],
      [{ farmingExperience: '5' }, 'farmingExperience', 'entre 0 et 80'],
      [{ preferredCrops: Array.from({ length: 21 }, (_, i) => `crop${i}`) }, 'preferredCrops', 'au plus 20'],
      [{ preferredCrops: ['  '] }, 'preferredCrops.0', 'de 1 à 40'],
      [{ preferredCrops: ['x'.repeat(41)] }, 'preferredCrops.0', 'de 1 à 40'],
    ];
    for (const [payload, path, text] of cases) {
      const res = await put(farmer.cookie, payload);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().issues[0], path).toMatchObject({ path });
      expect(res.json().issues[0].message, path).toContain(text);
    }
    const unchanged = await call(t.app, farmer.cookie, { method: 'GET', url: '/api/profile' });
    expect(unchanged.json().profile).toMatchObject({
      bio: 'Avant',
      farmingExperience: 3,
      preferredCrops: ['Cacao'],
    });
    // One bad field refuses the whole update.
    await put(farmer.cookie, { bio: 'Après', farmingExperience: 99 });
    expect(
      (await call(t.app, farmer.cookie, { method: 'GET', url: '/api/profile' })).json().profile.bio,
    ).toBe('Avant');
    const ok = await put(farmer.cookie, { bio: 'x'.repeat(1000), farmingExperience: 80 });
    expect(ok.statusCode).toBe(200);
    const limits = await put(farmer.cookie, { farmingExperience: 0, preferredCrops: [] });
    expect(limits.json().profile).toMatchObject({ farmingExperience: 0, preferredCrops: [] });
  });

  it('sums the user’s trades as seller into totalSales, exactly', async () => {
    const seller = await registerUser(t.app);
    const buyer = await registerUser(t.app, { role: 'buyer' });
    await trade(seller.user.id, buyer.user.id, 33_325_167);
    await trade(seller.user.id, buyer.user.id, 10);
    const res = await call(t.app, seller.cookie, { method: 'GET', url: '/api/profile' });
    expect(res.json().profile.totalSales).toBe(333_251.77);
    const other = await call(t.app, buyer.cookie, { method: 'GET', url: '/api/profile' });
    expect(other.json().profile.totalSales).toBe(0);
  });

  it('validates the enhanced profile', async () => {
    const me = await registerUser(t.app);
    const initial = await call(t.app, me.cookie, { method: 'GET', url: '/api/enhanced-profile' });
    expect(initial.json()).toEqual({
      region: null,
      country: null,
      farmTypes: [],
      certifications: [],
      languagesSpoken: [],
      showContact: false,
    });
    const bad = await call(t.app, me.cookie, {
      method: 'PUT',
      url: '/api/enhanced-profile',
      payload: { showContact: 'yes', farmTypes: Array.from({ length: 11 }, (_, i) => `t${i}`) },
    });
    expect(bad.statusCode).toBe(400);
    const good = await call(t.app, me.cookie, {
      method: 'PUT',
      url: '/api/enhanced-profile',
      payload: { farmTypes: ['Cocoa', 'Poultry'], languagesSpoken: ['Français', 'English', 'Fulfulde'] },
    });
    expect(good.json()).toMatchObject({ farmTypes: ['Cocoa', 'Poultry'], showContact: false });
    // The farmer profile and the enhanced one share a row without overwriting each other.
    await put(me.cookie, { bio: 'Hello' });
    const again = await call(t.app, me.cookie, { method: 'GET', url: '/api/enhanced-profile' });
    expect(again.json().farmTypes).toEqual(['Cocoa', 'Poultry']);
  });
});

describe('achievements', () => {
  it('awards each rule once, announces it, and lists it in the user’s language', async () => {
    const farmer = await registerUser(t.app, { language: 'fr' });
    const events: TLiveEvent[] = [];
    const stop = t.ctx.bus.subscribe((e) => events.push(e));
    for (const code of ACHIEVEMENT_CODES) {
      const first = await t.ctx.db.transaction((tx) => awardAchievement(tx, t.ctx, farmer.user.id, code));
      const again = await t.ctx.db.transaction((tx) => awardAchievement(tx, t.ctx, farmer.user.id, code));
      expect([first, again], code).toEqual([true, false]);
    }
    await expect
      .poll(() => events.filter((e) => e.type === 'achievement' && e.userId === farmer.user.id).length)
      .toBe(ACHIEVEMENT_CODES.length);
    stop();
    const profile = await call(t.app, farmer.cookie, { method: 'GET', url: '/api/profile' });
    const list = profile.json().achievements;
    expect(list).toHaveLength(ACHIEVEMENT_CODES.length);
    expect(list.map((a: { id: number }) => a.id).sort((a: number, b: number) => a - b)).toEqual(
      ACHIEVEMENT_CODES.map(achievementId),
    );
    const listing = list.find((a: { id: number }) => a.id === achievementId('first_listing'));
    expect(listing.achievement).toEqual({
      id: achievementId('first_listing'),
      name: 'Première annonce',
      description: expect.stringContaining('première fois'),
    });
    expect(Number.isNaN(Date.parse(listing.earnedAt))).toBe(false);
    // Every definition has a name in both languages (never the raw key).
    const en = await registerUser(t.app, { language: 'en' });
    const defs = await call(t.app, en.cookie, { method: 'GET', url: '/api/achievements' });
    expect(defs.json()).toHaveLength(ACHIEVEMENT_CODES.length);
    for (const d of defs.json()) {
      expect(d.name).not.toMatch(/^achievements\./);
      expect(d.description).not.toMatch(/^achievements\./);
    }
  });

  it('rolls the award back with the event’s transaction', async () => {
    const farmer = await registerUser(t.app);
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await awardAchievement(tx, t.ctx, farmer.user.id, 'first_sale');
        throw new Error('the sale failed');
      }),
    ).rejects.toThrow('the sale failed');
    const profile = await call(t.app, farmer.cookie, { method: 'GET', url: '/api/profile' });
    expect(profile.json().achievements).toEqual([]);
  });

  it('awards first_listing when a farmer lists a commodity (marketplace)', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    for (let i = 0; i < 2; i += 1) {
      const res = await call(t.app, farmer.cookie, {
        method: 'POST',
        url: '/api/commodities',
        payload: { name: 'Cocoa', quantity: 2, price: 1500, grade: 'A', status: 'available' },
      });
      expect(res.statusCode).toBe(201);
    }
    const profile = await call(t.app, farmer.cookie, { method: 'GET', url: '/api/profile' });
    expect(profile.json().achievements.map((a: { id: number }) => a.id)).toEqual([
      achievementId('first_listing'),
    ]);
  });
});

describe('dashboard', () => {
  it('gives a farmer their listings, bids of the last 7 days, farms and crops', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const mine = await listing(farmer.user.id);
    await listing(farmer.user.id, { status: 'withdrawn' });
    await listing(buyer.user.id);
    await bid(mine.id, buyer.user.id);
    await bid(mine.id, buyer.user.id, { status: 'accepted', priceCents: 30_001, quantityKg: 7 });
    await bid(mine.id, buyer.user.id, { status: 'rejected' });
    const old = await bid(mine.id, buyer.user.id);
    await t.ctx.db.execute(sql`update bids set created_at = now() - interval '8 days' where id = ${old.id}`);
    await createFarm(t.app, farmer, { crop: 'maize' });
    await createFarm(t.app, farmer, { crop: 'maize', name: 'Second' });
    await createFarm(t.app, farmer, { crop: 'cassava', name: 'Third' });

    const res = await call(t.app, farmer.cookie, { method: 'GET', url: '/api/dashboard' });
    expect(res.statusCode).toBe(200);
    const cents = multiplyCents(24_999, 1_333, 1000) + multiplyCents(30_001, 7, 1000);
    expect(res.json()).toEqual({
      kind: 'farmer',
      activeListings: 1,
      bidsReceived7d: { count: 2, amount: cents / 100 },
      farms: 3,
      crops: 2,
    });
  });

  it('gives a buyer their open orders, saved searches and purchases (cancelled ones left out); others a welcome', async () => {
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const seller = await userWithRole(t.app, t.ctx, 'farmer');
    // A pending bid is not an order.
    const c = await listing(seller.user.id);
    await bid(c.id, buyer.user.id);
    const ordered = async (price: number, quantity: number) => {
      const send = (who: Session, method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) =>
        call(t.app, who.cookie, { method, url, ...(payload ? { payload } : {}) });
      const listed = await send(seller, 'POST', '/api/commodities', {
        name: 'Maize',
        quantity: 5,
        price,
        grade: 'A',
      });
      const placed = await send(buyer, 'POST', '/api/bids', {
        commodityId: listed.json().id,
        price,
        quantity,
      });
      expect(
        (await send(seller, 'PATCH', `/api/bids/${placed.json().id}`, { status: 'accepted' })).statusCode,
      ).toBe(200);
      return (await send(buyer, 'GET', '/api/orders?as=buyer&limit=1')).json()[0].id as number;
    };
    await ordered(1234.56, 1);
    const cancelled = await ordered(100, 0.01);
    const cancel = await call(t.app, seller.cookie, {
      method: 'POST',
      url: `/api/orders/${cancelled}/cancel`,
      payload: { reason: 'No truck' },
    });
    expect(cancel.statusCode).toBe(200);
    await call(t.app, buyer.cookie, {
      method: 'POST',
      url: '/api/saved-searches',
      payload: { name: 'Maize A' },
    });
    const res = await call(t.app, buyer.cookie, { method: 'GET', url: '/api/dashboard' });
    expect(res.json()).toEqual({
      kind: 'buyer',
      activeOrders: 1,
      savedSearches: 1,
      purchaseHistory: { count: 1, amount: 1234.56 },
    });
    for (const role of ['agent', 'delivery', 'manager'] as const) {
      const other = await userWithRole(t.app, t.ctx, role);
      const welcome = await call(t.app, other.cookie, { method: 'GET', url: '/api/dashboard' });
      expect(welcome.json()).toMatchObject({ kind: 'welcome', role });
      expect(welcome.json().enrolledUsers).toBeGreaterThan(2);
    }
    expect((await call(t.app, null, { method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });
});

describe('saved searches', () => {
  it('lets a buyer save, list and delete their own searches only', async () => {
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const other = await userWithRole(t.app, t.ctx, 'buyer');
    const created = await call(t.app, buyer.cookie, {
      method: 'POST',
      url: '/api/saved-searches',
      payload: { name: ' Cocoa grade A ', query: 'cocoa', grade: 'A', maxPrice: 1520.5 },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Cocoa grade A',
      query: 'cocoa',
      grade: 'A',
      maxPrice: 1520.5,
    });
    const id = created.json().id;
    const list = await call(t.app, buyer.cookie, { method: 'GET', url: '/api/saved-searches' });
    expect(list.json().map((s: { id: number }) => s.id)).toEqual([id]);
    expect((await call(t.app, other.cookie, { method: 'GET', url: '/api/saved-searches' })).json()).toEqual(
      [],
    );
    const stolen = await call(t.app, other.cookie, { method: 'DELETE', url: `/api/saved-searches/${id}` });
    expect(stolen.statusCode).toBe(404);
    const gone = await call(t.app, buyer.cookie, { method: 'DELETE', url: `/api/saved-searches/${id}` });
    expect(gone.statusCode).toBe(204);
    expect((await call(t.app, buyer.cookie, { method: 'GET', url: '/api/saved-searches' })).json()).toEqual(
      [],
    );
  });

  it('is for buyers, validates input and caps the count', async () => {
    for (const role of ['farmer', 'agent', 'delivery', 'manager'] as const) {
      const s = await userWithRole(t.app, t.ctx, role);
      const res = await call(t.app, s.cookie, {
        method: 'POST',
        url: '/api/saved-searches',
        payload: { name: 'x' },
      });
      expect(res.statusCode, role).toBe(403);
      expect((await call(t.app, s.cookie, { method: 'GET', url: '/api/saved-searches' })).statusCode).toBe(
        403,
      );
    }
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    for (const payload of [
      {},
      { name: '' },
      { name: 'x', grade: 'D' },
      { name: 'x', maxPrice: 0 },
      { name: 'x', maxPrice: 1.234 },
    ]) {
      const res = await call(t.app, buyer.cookie, { method: 'POST', url: '/api/saved-searches', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (let i = 0; i < 50; i += 1) {
      const ok = await call(t.app, buyer.cookie, {
        method: 'POST',
        url: '/api/saved-searches',
        payload: { name: `s${i}` },
      });
      expect(ok.statusCode).toBe(201);
    }
    const full = await call(t.app, buyer.cookie, {
      method: 'POST',
      url: '/api/saved-searches',
      payload: { name: 'one more' },
    });
    expect(full.statusCode).toBe(409);
    expect(
      (await call(t.app, buyer.cookie, { method: 'GET', url: '/api/saved-searches' })).json(),
    ).toHaveLength(50);
  });
});
