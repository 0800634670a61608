// Demo market: listings of several farmers, 60 days of trades from accepted bids, pending bids and open requests.
import { eq } from 'drizzle-orm';
import type { Role } from '../../contract/common';
import { multiplyCents } from '../../contract/money';
import { ensureDemoUsers } from '../auth/demo-accounts';
import { findUsersByUsernames } from '../auth/user-accounts';
import type { AppContext } from '../context';
import { firstFarmIdOf } from '../farms/lookups';
import { postTradeToBooks } from '../finance/trade-posting';
import { DAY_MS } from '../time';
import { awardAchievement } from '../users/achievements';
import { marketKey } from './market-core';
import { bids, commodities, commodityRequests, trades } from './marketplace.schema';

const HISTORY_DAYS = 60;

const EXTRA_USERS: { username: string; role: Role; language: 'en' | 'fr' }[] = [
  { username: 'moussa', role: 'farmer', language: 'fr' },
  { username: 'esi', role: 'farmer', language: 'en' },
  { username: 'jean', role: 'farmer', language: 'fr' },
  { username: 'ama', role: 'buyer', language: 'en' },
  { username: 'ngozi', role: 'buyer', language: 'en' },
];

interface MarketPlan {
  name: string;
  seller: string;
  grade: 'A' | 'B' | 'C';
  /** Starting price per ton, in cents. */
  startCents: number;
  /** Typical trade size, in kg. */
  lotKg: number;
  /** Chance of a trade on a given day. */
  activity: number;
}

const MARKETS: MarketPlan[] = [
  { name: 'Maize', seller: 'amina', grade: 'A', startCents: 28_000, lotKg: 3000, activity: 0.8 },
  { name: 'Cassava', seller: 'moussa', grade: 'B', startCents: 15_000, lotKg: 4000, activity: 0.6 },
  { name: 'Cocoa', seller: 'esi', grade: 'A', startCents: 240_000, lotKg: 800, activity: 0.5 },
  { name: 'Coffee', seller: 'jean', grade: 'A', startCents: 310_000, lotKg: 600, activity: 0.4 },
  { name: 'Plantain', seller: 'amina', grade: 'B', startCents: 42_000, lotKg: 2000, activity: 0.55 },
  { name: 'Beans', seller: 'moussa', grade: 'A', startCents: 90_000, lotKg: 1200, activity: 0.5 },
  { name: 'Rice', seller: 'esi', grade: 'C', startCents: 65_000, lotKg: 2500, activity: 0.45 },
];

/** Listings with no trades yet: more grades and sellers in the list. */
const EXTRA_LISTINGS: { name: string; seller: string; grade: 'A' | 'B' | 'C'; kg: number; cents: number }[] =
  [
    { name: 'Maize', seller: 'moussa', grade: 'B', kg: 12_000, cents: 26_500 },
    { name: 'Coffee', seller: 'esi', grade: 'B', kg: 3_500, cents: 298_000 },
    { name: 'Cassava', seller: 'jean', grade: 'C', kg: 20_000, cents: 13_900 },
    { name: 'Plantain', seller: 'jean', grade: 'A', kg: 6_000, cents: 45_000 },
  ];

const BUYERS = ['kofi', 'ama', 'ngozi'];

/** mulberry32: a small deterministic generator, so the demo market is the same on every fresh install. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

async function ensureUsers(ctx: AppContext): Promise<Map<string, { id: number; username: string }>> {
  await ensureDemoUsers(
    ctx,
    EXTRA_USERS.map((extra) => ({ ...extra, email: null })),
  );
  return findUsersByUsernames(ctx.db, [...EXTRA_USERS.map((u) => u.username), 'amina', 'kofi']);
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length) % items.length] as T;
}

export async function seed(ctx: AppContext): Promise<void> {
  const people = await ensureUsers(ctx);
  const amina = people.get('amina');
  const kofi = people.get('kofi');
  if (!amina || !kofi) {
    return;
  }
  const [existing] = await ctx.db
    .select({ id: commodities.id })
    .from(commodities)
    .where(eq(commodities.ownerId, amina.id))
    .limit(1);
  if (existing) {
    return;
  }
  const random = generator(20_260_706);
  const now = Date.now();
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const idOf = (name: string) => {
    const person = people.get(name);
    if (!person) {
      throw new Error(`demo user ${name} missing`);
    }
    return person.id;
  };

  await ctx.db.transaction(async (tx) => {
    const currentListings: { id: number; buyers: string[]; cents: number; kg: number }[] = [];
    for (const market of MARKETS) {
      const sellerId = idOf(market.seller);
      const farmId = await firstFarmIdOf(tx, sellerId);
      let cents = market.startCents;
      // Two listings a market: the first sold out over 40 days, the second runs to today and stays on sale.
      for (const [part, span] of [
        { fromDay: HISTORY_DAYS, days: 40 },
        { fromDay: 20, days: 21 },
      ].entries()) {
        const startDay = today - span.fromDay * DAY_MS;
        const plannedTrades: { at: Date; cents: number; kg: number; buyer: string }[] = [];
        const last = part === 1;
        // The last listing runs to today, with a trade yesterday and one in the last hours: every market moves.
        const days = span.days;
        for (let day = 0; day < days; day++) {
          // A gentle random walk around the starting price (±3 % a day, pulled back towards the start).
          const drift = (random() - 0.5) * 0.06 + ((market.startCents - cents) / market.startCents) * 0.08;
          cents = Math.max(100, Math.round(cents * (1 + drift)));
          const recent = last && day >= days - 2;
          if (recent || random() < market.activity) {
            const kg = Math.max(100, Math.round((market.lotKg * (0.4 + random() * 1.2)) / 100) * 100);
            let at = new Date(startDay + day * DAY_MS + (7 + random() * 10) * 3_600_000);
            if (recent) {
              const hoursAgo = day === days - 1 ? 0.5 + random() * 3 : 26 + random() * 4;
              at = new Date(now - hoursAgo * 3_600_000);
            }
            if (at.getTime() < now - 600_000) {
              plannedTrades.push({ at, cents, kg, buyer: pick(BUYERS, random) });
            }
          }
        }
        plannedTrades.sort((a, b) => a.at.getTime() - b.at.getTime());
        const soldKg = plannedTrades.reduce((sum, trade) => sum + trade.kg, 0);
        const remainingKg = last ? Math.round((market.lotKg * (4 + random() * 4)) / 100) * 100 : 0;
        const listingCents = Math.round(cents * (1.02 + random() * 0.04));
        const [listing] = await tx
          .insert(commodities)
          .values({
            ownerId: sellerId,
            farmId,
            name: market.name,
            marketKey: marketKey(market.name),
            quantityKg: remainingKg,
            listedQuantityKg: soldKg + remainingKg,
            priceCents: listingCents,
            grade: market.grade,
            status: remainingKg > 0 ? 'available' : 'sold',
            createdAt: new Date(startDay),
            updatedAt: plannedTrades.at(-1)?.at ?? new Date(startDay),
          })
          .returning();
        if (!listing) {
          throw new Error('listing insert returned nothing');
        }
        for (const planned of plannedTrades) {
          const bidAt = new Date(planned.at.getTime() - (1 + random() * 20) * 3_600_000);
          const buyerId = idOf(planned.buyer);
          const [bid] = await tx
            .insert(bids)
            .values({
              commodityId: listing.id,
              buyerId,
              priceCents: planned.cents,
              quantityKg: planned.kg,
              status: 'accepted',
              expiresAt: new Date(bidAt.getTime() + 7 * DAY_MS),
              createdAt: bidAt,
              updatedAt: planned.at,
            })
            .returning();
          if (!bid) {
            throw new Error('bid insert returned nothing');
          }
          const totalCents = multiplyCents(planned.cents, planned.kg, 1000);
          const [trade] = await tx
            .insert(trades)
            .values({
              commodityId: listing.id,
              bidId: bid.id,
              buyerId,
              sellerId,
              marketKey: listing.marketKey,
              priceCents: planned.cents,
              quantityKg: planned.kg,
              totalCents,
              farmId,
              createdAt: planned.at,
            })
            .returning();
          if (!trade) {
            throw new Error('trade insert returned nothing');
          }
          await postTradeToBooks(tx, ctx.bus, {
            tradeId: trade.id,
            sellerId,
            farmId,
            commodityId: listing.id,
            commodityName: listing.name,
            quantityKg: trade.quantityKg,
            priceCents: trade.priceCents,
            totalCents,
            at: planned.at,
          });
          await awardAchievement(tx, ctx, sellerId, 'first_sale');
          await awardAchievement(tx, ctx, buyerId, 'first_bid_won');
        }
        if (last) {
          currentListings.push({ id: listing.id, buyers: BUYERS, cents, kg: remainingKg });
        }
      }
      await awardAchievement(tx, ctx, sellerId, 'first_listing');
    }

    for (const extra of EXTRA_LISTINGS) {
      const sellerId = idOf(extra.seller);
      const createdAt = new Date(now - (1 + random() * 5) * DAY_MS);
      await tx.insert(commodities).values({
        ownerId: sellerId,
        farmId: await firstFarmIdOf(tx, sellerId),
        name: extra.name,
        marketKey: marketKey(extra.name),
        quantityKg: extra.kg,
        listedQuantityKg: extra.kg,
        priceCents: extra.cents,
        grade: extra.grade,
        status: 'available',
        createdAt,
        updatedAt: createdAt,
      });
      await awardAchievement(tx, ctx, sellerId, 'first_listing');
    }

    // Pending bids on the listings still for sale: kofi leads on some markets and is outbid on others.
    for (const [index, listing] of currentListings.entries()) {
      const bidders = index % 2 === 0 ? ['ama', 'kofi'] : ['kofi', 'ngozi'];
      for (const [rank, name] of bidders.entries()) {
        const placedAt = new Date(now - (2 + random() * 40) * 3_600_000);
        await tx.insert(bids).values({
          commodityId: listing.id,
          buyerId: idOf(name),
          priceCents: Math.round(listing.cents * (0.97 + rank * 0.015)),
          quantityKg: Math.min(listing.kg, Math.round((listing.kg * (0.2 + random() * 0.3)) / 100) * 100),
          status: 'pending',
          expiresAt: new Date(placedAt.getTime() + 7 * DAY_MS),
          createdAt: placedAt,
          updatedAt: placedAt,
        });
      }
    }

    const requests = [
      { buyer: 'kofi', name: 'Cocoa', kg: 5_000, cents: 235_000, grade: 'A', timeline: 'within_month' },
      { buyer: 'kofi', name: 'Maize', kg: 20_000, cents: 27_000, grade: 'B', timeline: 'within_week' },
      { buyer: 'ama', name: 'Soybeans', kg: 8_000, cents: 52_000, grade: 'A', timeline: 'flexible' },
      { buyer: 'ngozi', name: 'Groundnuts', kg: 3_000, cents: 110_000, grade: 'B', timeline: 'immediate' },
    ] as const;
    for (const [index, request] of requests.entries()) {
      await tx.insert(commodityRequests).values({
        buyerId: idOf(request.buyer),
        commodityName: request.name,
        marketKey: marketKey(request.name),
        quantityKg: request.kg,
        targetPriceCents: request.cents,
        grade: request.grade,
        description: index === 0 ? 'Fermented and sun-dried, for export.' : null,
        deliveryTimeline: request.timeline,
        createdAt: new Date(now - (index + 1) * 9 * 3_600_000),
      });
    }
  });
}
