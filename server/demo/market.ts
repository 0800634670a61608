// Demo market: listings of several farmers, 60 days of trades from accepted bids (two years of maize's seasons
// before them), pending bids and open requests.
import { eq } from 'drizzle-orm';
import { DAY_MS, HOUR_MS } from '../../contract/constants';
import { multiplyCents } from '../../contract/money';
import { findUsersByUsernames } from '../auth/user-accounts';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { insertBooksFarm } from '../farms/books-farm';
import { firstFarmIdOf } from '../farms/lookups';
import { marketModel } from '../marketplace/market-model';
import { bids, commodities, trades } from '../marketplace/marketplace.schema';
import { openOrder } from '../orders/open-order';
import { storePhotoPairs } from '../photos';
import { awardAchievement } from '../users/achievements';
import { accountOf, ensureDemoUsers } from './accounts';
import { goodsPhoto } from './demo-photos';
import {
  BUYERS,
  EXTRA_LISTINGS,
  EXTRA_USERS,
  MARKETS,
  type MarketPlan,
  PAST_SEASONS,
  SELLER_FARMS,
} from './market-data';
import { seedOpenRequests } from './market-requests';
import { demoCents, inCurrencyUnits } from './money';

const HISTORY_DAYS = 60;

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
  await ensureDemoUsers(ctx, EXTRA_USERS.map(accountOf));
  return findUsersByUsernames(ctx.db, [...EXTRA_USERS.map(([username]) => username), 'amina', 'kofi']);
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length) % items.length] as T;
}

/** What every step shares: one transaction, one generator (its call order makes the data), one clock. */
interface SeedRun {
  tx: Tx;
  ctx: AppContext;
  random: () => number;
  now: number;
  idOf: (username: string) => number;
  /** Names their market as a user's listing or request would be (maize, Maïs and MAIS are one market). */
  marketOf: (name: string) => string;
}

interface Seller {
  id: number;
  farmId: number | null;
}

/** A listing's time on the market; the last one runs to today and stays on sale. */
interface ListingSpan {
  fromDay: number;
  days: number;
  last: boolean;
}

interface PlannedTrade {
  at: Date;
  cents: number;
  kg: number;
  buyer: string;
}

/** A listing still for sale, with the market price it ended at. */
interface OpenListing {
  id: number;
  cents: number;
  kg: number;
}

type Listing = typeof commodities.$inferSelect;

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
  const idOf = (name: string) => {
    const person = people.get(name);
    if (!person) {
      throw new Error(`demo user ${name} missing`);
    }
    return person.id;
  };

  const catalogue = await marketModel.of(ctx).catalogue.get();
  const marketOf = (name: string) => catalogue.marketOf(name);
  await ctx.db.transaction(async (tx) => {
    const run: SeedRun = { tx, ctx, random, now, idOf, marketOf };
    for (const { seller, crop, site } of SELLER_FARMS) {
      const id = idOf(seller);
      if ((await firstFarmIdOf(tx, id)) === null) {
        await insertBooksFarm(tx, ctx.bus, { id, username: seller }, crop, site);
      }
    }
    const openListings: OpenListing[] = [];
    for (const market of MARKETS) {
      // Written in US cents: in the deployment's currency at the demo rate.
      openListings.push(
        await seedMarketHistory(run, { ...market, startCents: demoCents(market.startCents) }),
      );
    }
    await seedExtraListings(run);
    await seedPendingBids(run, openListings);
    await seedOpenRequests(run.tx, run);
  });
}

/** Two listings a market: the first sold out over 40 days, the second runs to today and stays on sale. */
async function seedMarketHistory(run: SeedRun, market: MarketPlan): Promise<OpenListing> {
  const sellerId = run.idOf(market.seller);
  const seller: Seller = { id: sellerId, farmId: await firstFarmIdOf(run.tx, sellerId) };
  if (market.name === PAST_SEASONS.market) {
    await seedPastSeasons(run, market, seller);
  }
  const soldOut = await seedListing(
    run,
    market,
    seller,
    { fromDay: HISTORY_DAYS, days: 40, last: false },
    market.startCents,
  );
  const open = await seedListing(run, market, seller, { fromDay: 20, days: 21, last: true }, soldOut.cents);
  // The listing still on sale shows a photo of its goods.
  await storePhotoPairs(run.tx, run.ctx, {
    ownerKind: 'listing',
    ownerId: open.id,
    uploadedBy: sellerId,
    photos: [goodsPhoto(market.name)],
  });
  await awardAchievement(run.tx, run.ctx, sellerId, 'first_listing');
  return open;
}

/**
 * The market's older seasons (PAST_SEASONS): one listing sold out over them, a trade about every two weeks at the
 * season's price. Its own generator, so the rest of the demo market is the same with or without it.
 */
async function seedPastSeasons(run: SeedRun, market: MarketPlan, seller: Seller): Promise<void> {
  const random = generator(PAST_SEASONS.seed);
  const today = Math.floor(run.now / DAY_MS) * DAY_MS;
  const startDay = today - (HISTORY_DAYS + PAST_SEASONS.days) * DAY_MS;
  const plannedTrades: PlannedTrade[] = [];
  for (
    let day = 0;
    day < PAST_SEASONS.days;
    day += PAST_SEASONS.everyDays + random() * PAST_SEASONS.spreadDays
  ) {
    const at = new Date(startDay + Math.floor(day) * DAY_MS + (7 + random() * 10) * HOUR_MS);
    const fromLow = ((at.getUTCMonth() - PAST_SEASONS.lowMonth) / 12) * 2 * Math.PI;
    const season = 1 + (PAST_SEASONS.rise / 2) * (1 - Math.cos(fromLow));
    const noise = 1 + (random() - 0.5) * PAST_SEASONS.noise;
    const kg = Math.max(100, Math.round((market.lotKg * (0.4 + random() * 1.2)) / 100) * 100);
    const cents = inCurrencyUnits(market.startCents * season * noise);
    plannedTrades.push({ at, cents, kg, buyer: pick(BUYERS, random) });
  }
  const listing = await insertListing(run, market, seller, {
    kg: plannedTrades.reduce((sum, trade) => sum + trade.kg, 0),
    remainingKg: 0,
    cents: plannedTrades[0]?.cents ?? market.startCents,
    createdAt: new Date(startDay),
    updatedAt: plannedTrades.at(-1)?.at ?? new Date(startDay),
  });
  for (const planned of plannedTrades) {
    await insertSoldTrade({ ...run, random }, seller, listing, planned);
  }
}

/** One listing and the accepted bids that sold it, the market price walking on from `startCents`. */
async function seedListing(
  run: SeedRun,
  market: MarketPlan,
  seller: Seller,
  span: ListingSpan,
  startCents: number,
): Promise<OpenListing> {
  const today = Math.floor(run.now / DAY_MS) * DAY_MS;
  const startDay = today - span.fromDay * DAY_MS;
  const { plannedTrades, cents } = planTrades(run, market, span, startDay, startCents);
  const soldKg = plannedTrades.reduce((sum, trade) => sum + trade.kg, 0);
  const remainingKg = span.last ? Math.round((market.lotKg * (4 + run.random() * 4)) / 100) * 100 : 0;
  const listingCents = inCurrencyUnits(cents * (1.02 + run.random() * 0.04));
  const listing = await insertListing(run, market, seller, {
    kg: soldKg + remainingKg,
    remainingKg,
    cents: listingCents,
    createdAt: new Date(startDay),
    updatedAt: plannedTrades.at(-1)?.at ?? new Date(startDay),
  });
  for (const planned of plannedTrades) {
    await insertSoldTrade(run, seller, listing, planned);
  }
  return { id: listing.id, cents, kg: remainingKg };
}

/** A listing of the market's, `kg` listed and `remainingKg` still for sale (sold out at 0). */
async function insertListing(
  run: SeedRun,
  market: MarketPlan,
  seller: Seller,
  values: { kg: number; remainingKg: number; cents: number; createdAt: Date; updatedAt: Date },
): Promise<Listing> {
  const [listing] = await run.tx
    .insert(commodities)
    .values({
      ownerId: seller.id,
      listedById: seller.id,
      farmId: seller.farmId,
      name: market.name,
      marketKey: run.marketOf(market.name),
      quantityKg: values.remainingKg,
      listedQuantityKg: values.kg,
      priceCents: values.cents,
      grade: market.grade,
      status: values.remainingKg > 0 ? 'available' : 'sold',
      createdAt: values.createdAt,
      updatedAt: values.updatedAt,
    })
    .returning();
  if (!listing) {
    throw new Error('listing insert returned nothing');
  }
  return listing;
}

/** The trades of one listing, in time order, and the market price at its end. */
function planTrades(
  run: SeedRun,
  market: MarketPlan,
  span: ListingSpan,
  startDay: number,
  startCents: number,
): { plannedTrades: PlannedTrade[]; cents: number } {
  const { random, now } = run;
  let cents = startCents;
  const plannedTrades: PlannedTrade[] = [];
  // The last listing runs to today, with a trade yesterday and one in the last hours: every market moves.
  const days = span.days;
  for (let day = 0; day < days; day++) {
    // A gentle random walk around the starting price (±3 % a day, pulled back towards the start).
    const drift = (random() - 0.5) * 0.06 + ((market.startCents - cents) / market.startCents) * 0.08;
    cents = Math.max(100, inCurrencyUnits(cents * (1 + drift)));
    const recent = span.last && day >= days - 2;
    if (recent || random() < market.activity) {
      const kg = Math.max(100, Math.round((market.lotKg * (0.4 + random() * 1.2)) / 100) * 100);
      let at = new Date(startDay + day * DAY_MS + (7 + random() * 10) * HOUR_MS);
      if (recent) {
        const hoursAgo = day === days - 1 ? 0.5 + random() * 3 : 26 + random() * 4;
        at = new Date(now - hoursAgo * HOUR_MS);
      }
      if (at.getTime() < now - 600_000) {
        plannedTrades.push({ at, cents, kg, buyer: pick(BUYERS, random) });
      }
    }
  }
  plannedTrades.sort((a, b) => a.at.getTime() - b.at.getTime());
  return { plannedTrades, cents };
}

/** One sale: the buyer's accepted bid, the trade, its order (which books it) and the achievements. */
async function insertSoldTrade(run: SeedRun, seller: Seller, listing: Listing, planned: PlannedTrade) {
  const { tx, ctx } = run;
  const bidAt = new Date(planned.at.getTime() - (1 + run.random() * 20) * HOUR_MS);
  const buyerId = run.idOf(planned.buyer);
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
      sellerId: seller.id,
      marketKey: listing.marketKey,
      priceCents: planned.cents,
      quantityKg: planned.kg,
      totalCents,
      farmId: seller.farmId,
      createdAt: planned.at,
    })
    .returning();
  if (!trade) {
    throw new Error('trade insert returned nothing');
  }
  // The order books the sale (a receivable) itself; the orders seed then delivers and settles the older ones.
  await openOrder(tx, ctx.bus, {
    tradeId: trade.id,
    commodityId: listing.id,
    commodityName: listing.name,
    grade: listing.grade,
    buyerId,
    sellerId: seller.id,
    listedById: seller.id,
    farmId: seller.farmId,
    quantityKg: trade.quantityKg,
    priceCents: trade.priceCents,
    totalCents,
    at: planned.at,
    acceptedBy: seller.id,
  });
  await awardAchievement(tx, ctx, seller.id, 'first_sale');
  await awardAchievement(tx, ctx, buyerId, 'first_bid_won');
}

async function seedExtraListings(run: SeedRun): Promise<void> {
  const { tx, ctx } = run;
  for (const extra of EXTRA_LISTINGS) {
    const sellerId = run.idOf(extra.seller);
    const createdAt = new Date(run.now - (1 + run.random() * 5) * DAY_MS);
    await tx.insert(commodities).values({
      ownerId: sellerId,
      listedById: sellerId,
      farmId: await firstFarmIdOf(tx, sellerId),
      name: extra.name,
      marketKey: run.marketOf(extra.name),
      quantityKg: extra.kg,
      listedQuantityKg: extra.kg,
      priceCents: demoCents(extra.cents),
      grade: extra.grade,
      status: 'available',
      createdAt,
      updatedAt: createdAt,
    });
    await awardAchievement(tx, ctx, sellerId, 'first_listing');
  }
}

/** Pending bids on the listings still for sale: kofi leads on some markets and is outbid on others. */
async function seedPendingBids(run: SeedRun, openListings: OpenListing[]): Promise<void> {
  const { random, now } = run;
  for (const [index, listing] of openListings.entries()) {
    const bidders = index % 2 === 0 ? ['ama', 'kofi'] : ['kofi', 'ngozi'];
    for (const [rank, name] of bidders.entries()) {
      const placedAt = new Date(now - (2 + random() * 40) * HOUR_MS);
      await run.tx.insert(bids).values({
        commodityId: listing.id,
        buyerId: run.idOf(name),
        priceCents: inCurrencyUnits(listing.cents * (0.97 + rank * 0.015)),
        quantityKg: Math.min(listing.kg, Math.round((listing.kg * (0.2 + random() * 0.3)) / 100) * 100),
        status: 'pending',
        expiresAt: new Date(placedAt.getTime() + 7 * DAY_MS),
        createdAt: placedAt,
        updatedAt: placedAt,
      });
    }
  }
}
