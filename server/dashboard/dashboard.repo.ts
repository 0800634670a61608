// The dashboard's figures, read straight from the marketplace, farms and users tables: the one module allowed
// to join across owners, and only to read.
import { and, count, countDistinct, eq, gt, inArray, sql } from 'drizzle-orm';
import { multiplyCents, sumCents } from '../../contract/money';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { farmMembers, farms } from '../farms/farms.schema';
import { bids, commodities, trades } from '../marketplace/marketplace.schema';
import { countSavedSearches } from '../users/saved-searches.repo';

export const RECENT_BIDS_DAYS = 7;

export async function farmerFigures(db: Tx, userId: number) {
  const [listings] = await db
    .select({ n: count() })
    .from(commodities)
    .where(and(eq(commodities.ownerId, userId), eq(commodities.status, 'available')));
  const recent = await db
    .select({ priceCents: bids.priceCents, quantityKg: bids.quantityKg })
    .from(bids)
    .innerJoin(commodities, eq(commodities.id, bids.commodityId))
    .where(
      and(
        eq(commodities.ownerId, userId),
        inArray(bids.status, ['pending', 'accepted']),
        gt(bids.createdAt, sql`now() - make_interval(days => ${RECENT_BIDS_DAYS})`),
      ),
    );
  const [farmCounts] = await db
    .select({ farms: count(), crops: countDistinct(farms.crop) })
    .from(farmMembers)
    .innerJoin(farms, eq(farms.id, farmMembers.farmId))
    .where(eq(farmMembers.userId, userId));
  return {
    activeListings: listings?.n ?? 0,
    bidsReceived: {
      count: recent.length,
      amountCents: sumCents(recent.map((b) => multiplyCents(b.priceCents, b.quantityKg, 1000))),
    },
    farms: farmCounts?.farms ?? 0,
    crops: farmCounts?.crops ?? 0,
  };
}

export async function buyerFigures(db: Tx, userId: number) {
  const [orders] = await db
    .select({ n: count() })
    .from(bids)
    .where(and(eq(bids.buyerId, userId), eq(bids.status, 'pending')));
  const [purchases] = await db
    .select({ n: count(), total: sql<string>`coalesce(sum(${trades.totalCents}), 0)::text` })
    .from(trades)
    .where(eq(trades.buyerId, userId));
  return {
    activeOrders: orders?.n ?? 0,
    savedSearches: await countSavedSearches(db, userId),
    purchases: { count: purchases?.n ?? 0, amountCents: Number(purchases?.total ?? 0) },
  };
}

export async function enrolledUsers(db: Tx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}
