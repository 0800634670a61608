// Drizzle queries of the marketplace: listings, bids, trades and commodity requests.
import { and, asc, desc, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { BidStatus } from '../../contract/marketplace';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { bids, commodities, commodityRequestAnswers, commodityRequests, trades } from './marketplace.schema';

export type ListingRow = typeof commodities.$inferSelect;
export type BidRow = typeof bids.$inferSelect;
export type TradeRow = typeof trades.$inferSelect;
export type RequestRow = typeof commodityRequests.$inferSelect;

/** The agent who listed it for its owner (null when the owner did). */
const listedByUsername = sql<
  string | null
>`(select u.username from users u where u.id = ${commodities.listedById} and u.id <> ${commodities.ownerId})`;

const commodityWithSeller = { commodity: commodities, sellerUsername: users.username, listedByUsername };

/** 0 for listings one can still buy, 1 for the rest: the public list shows those first. */
const openRank = sql<number>`(case when ${commodities.status} in ('available', 'reserved') then 0 else 1 end)`;

/** Cursor `rank.id` for the public list, `id` for lists ordered by id only. */
export function parseCursor(cursor: string | undefined): { rank: number; id: number } | null {
  if (!cursor) {
    return null;
  }
  const [a, b] = cursor.split('.');
  return b === undefined ? { rank: 0, id: Number(a) } : { rank: Number(a), id: Number(b) };
}

export async function listPublicListings(db: Tx, limit: number, cursor: string | undefined) {
  const after = parseCursor(cursor);
  const where = and(
    ne(commodities.status, 'withdrawn'),
    after
      ? or(gt(openRank, after.rank), and(eq(openRank, after.rank), lt(commodities.id, after.id)))
      : undefined,
  );
  return db
    .select({ ...commodityWithSeller, rank: openRank })
    .from(commodities)
    .innerJoin(users, eq(users.id, commodities.ownerId))
    .where(where)
    .orderBy(asc(openRank), desc(commodities.id))
    .limit(limit + 1);
}

/** Listings of these owners (one's own, or an agent's represented farmers'), newest first. */
export async function listOwnListings(
  db: Tx,
  ownerIds: readonly number[],
  limit: number,
  cursor: string | undefined,
) {
  const after = parseCursor(cursor);
  return db
    .select({ ...commodityWithSeller, rank: sql<number>`0` })
    .from(commodities)
    .innerJoin(users, eq(users.id, commodities.ownerId))
    .where(and(inArray(commodities.ownerId, [...ownerIds]), after ? lt(commodities.id, after.id) : undefined))
    .orderBy(desc(commodities.id))
    .limit(limit + 1);
}

export async function findListing(db: Tx, id: number) {
  const [row] = await db
    .select(commodityWithSeller)
    .from(commodities)
    .innerJoin(users, eq(users.id, commodities.ownerId))
    .where(eq(commodities.id, id));
  return row ?? null;
}

export function availableListingsIn(db: Tx, key: string, limit: number) {
  return db
    .select(commodityWithSeller)
    .from(commodities)
    .innerJoin(users, eq(users.id, commodities.ownerId))
    .where(and(eq(commodities.marketKey, key), eq(commodities.status, 'available')))
    .orderBy(asc(commodities.priceCents), asc(commodities.id))
    .limit(limit);
}

export async function lockListing(tx: Tx, id: number) {
  const [row] = await tx.select().from(commodities).where(eq(commodities.id, id)).for('update');
  return row ?? null;
}

export async function insertListing(tx: Tx, values: typeof commodities.$inferInsert) {
  const [row] = await tx.insert(commodities).values(values).returning();
  if (!row) {
    throw new Error('commodity insert returned nothing');
  }
  return row;
}

/** A bid stored as it is (a forward agreement's delivery: accepted in the same transaction). */
export async function insertBid(tx: Tx, values: typeof bids.$inferInsert) {
  const [row] = await tx.insert(bids).values(values).returning();
  if (!row) {
    throw new Error('bid insert returned nothing');
  }
  return row;
}

export async function updateListing(tx: Tx, id: number, changes: Partial<typeof commodities.$inferInsert>) {
  const [row] = await tx
    .update(commodities)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(commodities.id, id))
    .returning();
  if (!row) {
    throw new Error('commodity update returned nothing');
  }
  return row;
}

/** Marks every lapsed pending bid expired; answers each with its buyer and its listing's owner (who hear of it). */
export async function expireBids(
  tx: Tx,
): Promise<{ id: number; commodityId: number; buyerId: number; ownerId: number }[]> {
  return tx
    .update(bids)
    .set({ status: 'expired', updatedAt: new Date() })
    .where(and(eq(bids.status, 'pending'), lt(bids.expiresAt, sql`now()`)))
    .returning({
      id: bids.id,
      commodityId: bids.commodityId,
      buyerId: bids.buyerId,
      ownerId: sql<number>`(select ${commodities.ownerId} from ${commodities} where ${commodities.id} = ${bids.commodityId})`,
    });
}

export async function findBid(db: Tx, id: number) {
  const [row] = await db.select().from(bids).where(eq(bids.id, id));
  return row ?? null;
}

export async function lockBid(tx: Tx, id: number) {
  const [row] = await tx.select().from(bids).where(eq(bids.id, id)).for('update');
  return row ?? null;
}

export async function setBidStatus(tx: Tx, id: number, status: BidStatus) {
  const [row] = await tx
    .update(bids)
    .set({ status, updatedAt: new Date() })
    .where(eq(bids.id, id))
    .returning();
  if (!row) {
    throw new Error('bid update returned nothing');
  }
  return row;
}

/** Rejects the pending bids on a listing that ask for more than `availableKg` (all of them at 0). */
export async function rejectBidsAbove(tx: Tx, commodityId: number, availableKg: number) {
  return tx
    .update(bids)
    .set({ status: 'rejected', updatedAt: new Date() })
    .where(
      and(eq(bids.commodityId, commodityId), eq(bids.status, 'pending'), gt(bids.quantityKg, availableKg)),
    )
    .returning({
      id: bids.id,
      buyerId: bids.buyerId,
      priceCents: bids.priceCents,
      quantityKg: bids.quantityKg,
    });
}

const bidDetail = {
  bid: bids,
  buyerUsername: users.username,
  commodity: commodities,
  sellerUsername: sql<string>`(select u.username from users u where u.id = ${commodities.ownerId})`,
  listedByUsername,
};

export async function listBids(
  db: Tx,
  filter: { buyerId?: number; sellerIds?: readonly number[]; status?: BidStatus },
  limit: number,
  cursor: string | undefined,
) {
  const after = parseCursor(cursor);
  return db
    .select(bidDetail)
    .from(bids)
    .innerJoin(commodities, eq(commodities.id, bids.commodityId))
    .innerJoin(users, eq(users.id, bids.buyerId))
    .where(
      and(
        filter.buyerId === undefined ? undefined : eq(bids.buyerId, filter.buyerId),
        filter.sellerIds === undefined
          ? undefined
          : filter.sellerIds.length === 0
            ? sql`false`
            : inArray(commodities.ownerId, [...filter.sellerIds]),
        filter.status === undefined ? undefined : eq(bids.status, filter.status),
        after ? lt(bids.id, after.id) : undefined,
      ),
    )
    .orderBy(desc(bids.id))
    .limit(limit + 1);
}

export async function findBidDetail(db: Tx, id: number) {
  const [row] = await db
    .select(bidDetail)
    .from(bids)
    .innerJoin(commodities, eq(commodities.id, bids.commodityId))
    .innerJoin(users, eq(users.id, bids.buyerId))
    .where(eq(bids.id, id));
  return row ?? null;
}

export async function insertTrade(tx: Tx, values: typeof trades.$inferInsert) {
  const [row] = await tx.insert(trades).values(values).returning();
  if (!row) {
    throw new Error('trade insert returned nothing');
  }
  return row;
}

export async function listTradesOf(db: Tx, userId: number, limit: number, cursor: string | undefined) {
  const after = parseCursor(cursor);
  return db
    .select({ trade: trades, name: commodities.name })
    .from(trades)
    .innerJoin(commodities, eq(commodities.id, trades.commodityId))
    .where(
      and(
        or(eq(trades.buyerId, userId), eq(trades.sellerId, userId)),
        after ? lt(trades.id, after.id) : undefined,
      ),
    )
    .orderBy(desc(trades.id))
    .limit(limit + 1);
}

/** Every trade as a market fact, oldest first (id order breaks ties of the same instant). */
export async function allTradeFacts(db: Tx) {
  return db
    .select({
      marketKey: trades.marketKey,
      priceCents: trades.priceCents,
      quantityKg: trades.quantityKg,
      at: trades.createdAt,
    })
    .from(trades)
    .orderBy(asc(trades.createdAt), asc(trades.id));
}

export async function allListingFacts(db: Tx) {
  return db
    .select({
      id: commodities.id,
      marketKey: commodities.marketKey,
      name: commodities.name,
      priceCents: commodities.priceCents,
      quantityKg: commodities.quantityKg,
      status: commodities.status,
      ownerId: commodities.ownerId,
      createdAt: commodities.createdAt,
    })
    .from(commodities);
}

export async function pendingBidFacts(db: Tx) {
  return db
    .select({
      marketKey: commodities.marketKey,
      buyerId: bids.buyerId,
      priceCents: bids.priceCents,
      status: bids.status,
      expiresAt: bids.expiresAt,
    })
    .from(bids)
    .innerJoin(commodities, eq(commodities.id, bids.commodityId))
    .where(eq(bids.status, 'pending'));
}

export async function insertRequest(tx: Tx, values: typeof commodityRequests.$inferInsert) {
  const [row] = await tx.insert(commodityRequests).values(values).returning();
  if (!row) {
    throw new Error('request insert returned nothing');
  }
  return row;
}

export async function findRequest(db: Tx, id: number) {
  const [row] = await db.select().from(commodityRequests).where(eq(commodityRequests.id, id));
  return row ?? null;
}

export async function listOpenRequests(
  db: Tx,
  buyerId: number | null,
  limit: number,
  cursor: string | undefined,
) {
  const after = parseCursor(cursor);
  return db
    .select({ request: commodityRequests, buyerUsername: users.username })
    .from(commodityRequests)
    .innerJoin(users, eq(users.id, commodityRequests.buyerId))
    .where(
      and(
        eq(commodityRequests.status, 'open'),
        buyerId === null ? undefined : eq(commodityRequests.buyerId, buyerId),
        after ? lt(commodityRequests.id, after.id) : undefined,
      ),
    )
    .orderBy(desc(commodityRequests.id))
    .limit(limit + 1);
}

export async function updateRequest(
  tx: Tx,
  id: number,
  changes: Partial<typeof commodityRequests.$inferInsert>,
) {
  const [row] = await tx
    .update(commodityRequests)
    .set(changes)
    .where(eq(commodityRequests.id, id))
    .returning();
  return row ?? null;
}

/** Records a farmer's listing as an answer to a request; false when this farmer answered it already. */
export async function insertRequestAnswer(
  tx: Tx,
  values: { requestId: number; commodityId: number; sellerId: number },
): Promise<boolean> {
  const inserted = await tx
    .insert(commodityRequestAnswers)
    .values(values)
    .onConflictDoNothing({ target: [commodityRequestAnswers.requestId, commodityRequestAnswers.sellerId] })
    .returning({ id: commodityRequestAnswers.id });
  return inserted.length > 0;
}

export interface RequestAnswerRow {
  requestId: number;
  commodityId: number;
  sellerId: number;
  sellerUsername: string;
  priceCents: number;
}

/** The answers to some requests, oldest first, in one query. */
export async function answersOf(db: Tx, requestIds: number[]): Promise<Map<number, RequestAnswerRow[]>> {
  const out = new Map<number, RequestAnswerRow[]>();
  if (requestIds.length === 0) {
    return out;
  }
  const rows = await db
    .select({
      requestId: commodityRequestAnswers.requestId,
      commodityId: commodityRequestAnswers.commodityId,
      sellerId: commodityRequestAnswers.sellerId,
      sellerUsername: users.username,
      priceCents: commodities.priceCents,
    })
    .from(commodityRequestAnswers)
    .innerJoin(commodities, eq(commodities.id, commodityRequestAnswers.commodityId))
    .innerJoin(users, eq(users.id, commodityRequestAnswers.sellerId))
    .where(and(inArray(commodityRequestAnswers.requestId, requestIds), ne(commodities.status, 'withdrawn')))
    .orderBy(asc(commodityRequestAnswers.id));
  for (const row of rows) {
    const list = out.get(row.requestId) ?? [];
    list.push(row);
    out.set(row.requestId, list);
  }
  return out;
}

/** The username of a trade's buyer, in one query (null when there is no such trade). */
export async function tradeBuyerUsername(db: Tx, tradeId: number): Promise<string | null> {
  const [row] = await db
    .select({ username: users.username })
    .from(trades)
    .innerJoin(users, eq(users.id, trades.buyerId))
    .where(eq(trades.id, tradeId))
    .limit(1);
  return row?.username ?? null;
}
