// The dashboard's figures, read straight from the marketplace, orders, farms and users tables: the one module allowed
// to join across owners, and only to read.
import { and, count, countDistinct, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { multiplyCents, sumCents } from '../../contract/money';
import { OPEN_ORDER_STATUSES } from '../../contract/orders';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { farmMembers, farms } from '../farms/farms.schema';
import { bids, commodities } from '../marketplace/marketplace.schema';
import { orders } from '../orders/orders.schema';
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
  // Active orders: bought and not yet done (awaiting delivery, on the way, delivered but unpaid, disputed).
  const [active] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.buyerId, userId), inArray(orders.status, [...OPEN_ORDER_STATUSES])));
  // Purchases: every order not cancelled, at what it costs after refunds.
  const [purchases] = await db
    .select({
      n: count(),
      total: sql<string>`coalesce(sum(${orders.totalCents} - ${orders.refundedCents}), 0)::text`,
    })
    .from(orders)
    .where(and(eq(orders.buyerId, userId), ne(orders.status, 'cancelled')));
  return {
    activeOrders: active?.n ?? 0,
    savedSearches: await countSavedSearches(db, userId),
    purchases: { count: purchases?.n ?? 0, amountCents: Number(purchases?.total ?? 0) },
  };
}

export async function enrolledUsers(db: Tx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}
