// Drizzle queries of the marketplace: listings, bids, trades and commodity requests.
import { and, asc, desc, eq, gt, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { BidStatus } from '../../contract/marketplace';
import { minPriceTimesKg } from '../../contract/quantity';
import { rowsOf, type Tx } from '../db/client';
import { users } from '../db/schema';
import type { BidRefusal } from './marketplace.policy';
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

/** What placing a bid did: the rule that refused it, or the bid it placed. */
export type BidPlacement = { refusal: BidRefusal; bid: null } | { refusal: null; bid: BidRow };

/**
 * Places a bid in one statement (atomic by itself, no BEGIN/COMMIT): locks the listing and names the first rule
 * that refuses the bid (`BidRefusal`: the total when the quantity is given, then the listing exists, is not the
 * buyer's own, is available, the total, the quantity fits; a null quantity is the whole listing). Only when none
 * does, it withdraws the buyer's earlier pending bid on the listing, inserts the new one and announces it with
 * `announce`.
 */
/** The columns of a bid just placed, for the writes that go with it in its statement. */
export interface PlacedBidColumns {
  from: SQL;
  id: SQL;
  ownerId: SQL;
  name: SQL;
  quantityKg: SQL;
  /** The buyer whose bid led the market and no longer does (null if none). */
  outbidBuyerId: SQL;
}

/** A record's CTE name: a plain identifier, kept apart from the statement's own CTEs. */
function recordName(name: string): string {
  if (!/^recorded_[a-z_]+$/.test(name)) {
    throw new Error(`Record CTE name must be recorded_<letters>: ${name}`);
  }
  return name;
}

export async function placeBidAtomically(
  db: Tx,
  values: {
    commodityId: number;
    buyerId: number;
    priceCents: number;
    quantityKg: number | null;
    expiresAt: Date;
    /** No bid whose total (price × quantity) would pass this is stored. */
    maxTotalCents: number;
  },
  /**
   * The NOTIFY of the new bid, given its id, the listing's owner and the buyer whose bid led the market until now
   * (null when none or the same buyer), all columns of this statement.
   */
  announce: (id: SQL, ownerId: SQL, outbidBuyerId: SQL) => SQL,
  /**
   * Writes to run with the bid in this same statement (data-modifying CTEs, each named: notifications and their
   * phone messages), given the rows they may read (`from`: one row when the bid is stored, none otherwise) and their
   * columns.
   */
  record: (bid: PlacedBidColumns) => { name: string; write: SQL }[],
): Promise<BidPlacement> {
  const quantity = sql`coalesce(${values.quantityKg}::int, listing.quantity_kg)`;
  const tooLarge = (kg: SQL) =>
    sql`${values.priceCents}::bigint * ${kg} > ${values.maxTotalCents}::bigint * 1000`;
  const result = await db.execute(sql`
    with listing as materialized (
      select id, owner_id, name, market_key, status, quantity_kg from commodities where id = ${values.commodityId} for update
    ),
    leader as (
      -- The market's best pending bid before this one (a statement sees the table as it was before it): the best of
      -- each listing's, each found through bids_commodity_status_idx, rather than every pending bid of every market
      -- joined and sorted (4.6 against 17 ms at DESIGN's volume, where a market holds ~1,000 of 20,000).
      select b.buyer_id, b.price_cents from commodities c
      cross join lateral (
        select buyer_id, price_cents, id from bids
        where commodity_id = c.id and status = 'pending' and expires_at > now()
        order by price_cents desc, id
        limit 1
      ) b
      where c.market_key = (select market_key from listing)
      order by b.price_cents desc, b.id
      limit 1
    ),
    outbid as (
      -- Its buyer is outbid when someone else now bids higher.
      select buyer_id from leader where buyer_id <> ${values.buyerId} and price_cents < ${values.priceCents}
    ),
    verdict as (
      select listing.id, listing.owner_id, listing.name, ${quantity} as quantity_kg,
        case
          when ${values.quantityKg}::int is not null and ${tooLarge(sql`${values.quantityKg}::int`)}
            then 'total_too_large'
          when listing.id is null then 'not_found'
          when listing.owner_id = ${values.buyerId} then 'own_listing'
          when listing.status <> 'available' then 'not_available'
          when ${tooLarge(quantity)} then 'total_too_large'
          when ${values.priceCents}::bigint * ${quantity} < ${minPriceTimesKg()} then 'total_zero'
          when ${quantity} > listing.quantity_kg then 'too_much'
        end as refusal
      from (select 1) as one left join listing on true
    ),
    fit as (
      select id, quantity_kg from verdict where refusal is null
    ),
    withdrawn as (
      update bids set status = 'withdrawn', updated_at = now()
      where commodity_id = (select id from fit) and buyer_id = ${values.buyerId} and status = 'pending'
    ),
    inserted as (
      insert into bids (commodity_id, buyer_id, price_cents, quantity_kg, status, expires_at)
      select id, ${values.buyerId}, ${values.priceCents}, quantity_kg, 'pending', ${values.expiresAt.toISOString()}::timestamptz
      from fit
      returning id, quantity_kg, status, created_at, updated_at
    )
    ${sql.join(
      record({
        from: sql`inserted cross join verdict left join outbid on true`,
        id: sql`inserted.id`,
        ownerId: sql`verdict.owner_id`,
        name: sql`verdict.name`,
        quantityKg: sql`inserted.quantity_kg`,
        outbidBuyerId: sql`outbid.buyer_id`,
      }).map(({ name, write }) => sql`, ${sql.raw(recordName(name))} as (${write})`),
    )}
    select verdict.refusal,
           inserted.id, inserted.quantity_kg, inserted.status, inserted.created_at, inserted.updated_at,
           case when inserted.id is null then null
             else ${announce(sql`inserted.id`, sql`verdict.owner_id`, sql`outbid.buyer_id`)}::text end as announced
    from verdict left join inserted on true left join outbid on true`);
  const [row] = rowsOf<{
    refusal: BidRefusal | null;
    id: number | null;
    quantity_kg: number;
    status: BidRow['status'];
    created_at: Date | string;
    updated_at: Date | string;
  }>(result);
  if (!row) {
    throw new Error('placing a bid returned nothing');
  }
  if (row.refusal !== null) {
    return { refusal: row.refusal, bid: null };
  }
  if (row.id === null) {
    throw new Error('a bid no rule refused was not inserted');
  }
  return {
    refusal: null,
    bid: {
      id: row.id,
      commodityId: values.commodityId,
      buyerId: values.buyerId,
      priceCents: values.priceCents,
      quantityKg: row.quantity_kg,
      status: row.status,
      expiresAt: values.expiresAt,
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
    },
  };
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
