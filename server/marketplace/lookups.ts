// What other modules may ask of the marketplace, by name (its tables stay this module's).
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { commodities, trades } from './marketplace.schema';

/** Sum of the user's trades as seller, in cents (bigint in SQL, so no overflow before it reaches us). */
export async function totalSalesCents(db: Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${trades.totalCents}), 0)::text` })
    .from(trades)
    .where(eq(trades.sellerId, userId));
  return Number(row?.total ?? 0);
}

/** Whether the listing exists and belongs to this user. */
export async function isListingOwnedBy(db: Tx, commodityId: number, ownerId: number): Promise<boolean> {
  const [found] = await db
    .select({ id: commodities.id })
    .from(commodities)
    .where(and(eq(commodities.id, commodityId), eq(commodities.ownerId, ownerId)))
    .limit(1);
  return found !== undefined;
}
