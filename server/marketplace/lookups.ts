// What other modules may ask of the marketplace, by name (its tables stay this module's).
import { and, asc, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import type { EventBus } from '../events/bus';
import { returnSale } from '../stock';
import { type TradeRow, tradeBuyerUsername } from './marketplace.repo';
import { commodities, trades } from './marketplace.schema';

/** A text SQL expression: the market of trade `tradeId` (its catalogue kind's key), read in the statement it is put in. */
export function tradeMarketKeySql(tradeId: SQL | AnyPgColumn): SQL<string> {
  return sql<string>`(select mt.market_key from trades mt where mt.id = ${tradeId})`;
}

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

/** The seller's trades not yet in any farm's books, oldest first, locked for the transaction that books them. */
export async function unpostedTradesOf(
  tx: Tx,
  sellerId: number,
): Promise<(TradeRow & { commodityName: string })[]> {
  // The listing's name as its seller wrote it: what the sale sold, for the books.
  return tx
    .select({ ...getTableColumns(trades), commodityName: commodities.name })
    .from(trades)
    .innerJoin(commodities, eq(commodities.id, trades.commodityId))
    .where(and(eq(trades.sellerId, sellerId), isNull(trades.postedAt)))
    .orderBy(asc(trades.id))
    .for('update', { of: trades });
}

/** The username of the trade's buyer (the sale's counterparty in the seller's books), or null. */
export function buyerUsernameOf(tx: Tx, tradeId: number): Promise<string | null> {
  return tradeBuyerUsername(tx, tradeId);
}

/** Records that the trade is booked, and in which farm. */
export async function markTradePosted(tx: Tx, tradeId: number, farmId: number): Promise<void> {
  await tx.update(trades).set({ postedAt: new Date(), farmId }).where(eq(trades.id, tradeId));
}

/**
 * Puts an order's quantity back on its listing (the order was cancelled): a sold-out listing is available again, a
 * withdrawn one stays withdrawn. The market hears that the listing changed.
 */
export async function returnToListing(
  tx: Tx,
  bus: EventBus,
  back: { commodityId: number; quantityKg: number; tradeId: number; by: number },
): Promise<void> {
  const { commodityId, quantityKg } = back;
  const [listing] = await tx
    .update(commodities)
    .set({
      quantityKg: sql`${commodities.quantityKg} + ${quantityKg}`,
      status: sql`case when ${commodities.status} = 'sold' then 'available' else ${commodities.status} end`,
      updatedAt: new Date(),
    })
    .where(eq(commodities.id, commodityId))
    .returning({ status: commodities.status });
  // Sold from a lot: the tons go back to it, held again for the listing unless it was withdrawn since.
  await returnSale(tx, bus, {
    tradeId: back.tradeId,
    listingId: commodityId,
    relist: listing !== undefined && listing.status !== 'withdrawn',
    by: back.by,
  });
  await bus.publish(tx, { type: 'commodity', id: commodityId }, 'public');
  await bus.publish(tx, { type: 'market', id: commodityId }, 'public');
}
