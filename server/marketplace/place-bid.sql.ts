// Placing a bid as one statement (atomic by itself, no BEGIN/COMMIT), in named parts: the listing locked, the
// market's leader before it, the verdict of the rules, the earlier bid withdrawn, the new one inserted; then the
// writes and NOTIFYs other parts of the app contribute (notifications, live events), all in that same statement.
import { type SQL, sql } from 'drizzle-orm';
import { minPriceTimesKg } from '../../contract/quantity';
import { rowsOf, type Tx } from '../db/client';
import type { BidRefusal } from './marketplace.policy';
import type { BidRow } from './marketplace.repo';

/** What placing a bid did: the rule that refused it, or the bid it placed. */
export type BidPlacement = { refusal: BidRefusal; bid: null } | { refusal: null; bid: BidRow };

/** The bid asked for. */
export interface BidAsked {
  commodityId: number;
  buyerId: number;
  priceCents: number;
  /** Null: the whole listing. */
  quantityKg: number | null;
  expiresAt: Date;
  /** No bid whose total (price × quantity) would pass this is stored. */
  maxTotalCents: number;
}

/** The columns of a bid just placed, for the writes that go with it in its statement. */
export interface PlacedBidColumns {
  /** The rows those writes read: one when the bid is stored, none otherwise. */
  from: SQL;
  id: SQL;
  ownerId: SQL;
  name: SQL;
  quantityKg: SQL;
  /** The buyer whose bid led the market and no longer does (null if none). */
  outbidBuyerId: SQL;
}

/** A data-modifying CTE another part adds to the statement (a notification and its phone messages). */
export interface StatementWrite {
  name: string;
  write: SQL;
}

/** The listing, locked for the statement. */
const listingPart = (values: BidAsked) => sql`listing as materialized (
  select id, owner_id, name, market_key, status, quantity_kg from commodities where id = ${values.commodityId} for update
)`;

/**
 * The market's best pending bid before this one (a statement sees the table as it was before it): the best of each
 * listing's, each found through bids_commodity_status_idx, rather than every pending bid of every market joined and
 * sorted (4.6 against 17 ms at DESIGN's volume, where a market holds ~1,000 of 20,000).
 */
const leaderPart = sql`leader as (
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
)`;

/** The leader's buyer is outbid when someone else now bids higher. */
const outbidPart = (values: BidAsked) => sql`outbid as (
  select buyer_id from leader where buyer_id <> ${values.buyerId} and price_cents < ${values.priceCents}
)`;

/**
 * The first rule that refuses the bid (`BidRefusal`): the total when the quantity is given, then the listing exists,
 * is not the buyer's own, is available, the total, the quantity fits; a null quantity is the whole listing.
 */
function verdictPart(values: BidAsked): SQL {
  const quantity = sql`coalesce(${values.quantityKg}::int, listing.quantity_kg)`;
  const tooLarge = (kg: SQL) =>
    sql`${values.priceCents}::bigint * ${kg} > ${values.maxTotalCents}::bigint * 1000`;
  return sql`verdict as (
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
  )`;
}

/** Only when no rule refuses it: the buyer's earlier pending bid on the listing withdrawn, the new one inserted. */
const storedPart = (values: BidAsked) => sql`withdrawn as (
  update bids set status = 'withdrawn', updated_at = now()
  where commodity_id = (select id from fit) and buyer_id = ${values.buyerId} and status = 'pending'
),
inserted as (
  insert into bids (commodity_id, buyer_id, price_cents, quantity_kg, status, expires_at)
  select id, ${values.buyerId}, ${values.priceCents}, quantity_kg, 'pending', ${values.expiresAt.toISOString()}::timestamptz
  from fit
  returning id, quantity_kg, status, created_at, updated_at
)`;

/** A contributed CTE's name: a plain identifier, kept apart from the statement's own parts. */
function recordName(name: string): string {
  if (!/^recorded_[a-z_]+$/.test(name)) {
    throw new Error(`Record CTE name must be recorded_<letters>: ${name}`);
  }
  return name;
}

/**
 * Places a bid in one statement. `announce` is the NOTIFY of the new bid, given its id, the listing's owner and the
 * buyer whose bid led the market until now (null when none or the same buyer), all columns of this statement;
 * `record` the writes to run with it (named data-modifying CTEs).
 */
export async function placeBidAtomically(
  db: Tx,
  values: BidAsked,
  announce: (id: SQL, ownerId: SQL, outbidBuyerId: SQL) => SQL,
  record: (bid: PlacedBidColumns) => StatementWrite[],
): Promise<BidPlacement> {
  const contributed = record({
    from: sql`inserted cross join verdict left join outbid on true`,
    id: sql`inserted.id`,
    ownerId: sql`verdict.owner_id`,
    name: sql`verdict.name`,
    quantityKg: sql`inserted.quantity_kg`,
    outbidBuyerId: sql`outbid.buyer_id`,
  }).map(({ name, write }) => sql`, ${sql.raw(recordName(name))} as (${write})`);
  const result = await db.execute(sql`
    with ${listingPart(values)}, ${leaderPart}, ${outbidPart(values)}, ${verdictPart(values)}, ${storedPart(values)}
    ${sql.join(contributed)}
    select verdict.refusal,
           inserted.id, inserted.quantity_kg, inserted.status, inserted.created_at, inserted.updated_at,
           case when inserted.id is null then null
             else ${announce(sql`inserted.id`, sql`verdict.owner_id`, sql`outbid.buyer_id`)}::text end as announced
    from verdict left join inserted on true left join outbid on true`);
  return placementOf(values, rowsOf<PlacementRow>(result)[0]);
}

interface PlacementRow {
  refusal: BidRefusal | null;
  id: number | null;
  quantity_kg: number;
  status: BidRow['status'];
  created_at: Date | string;
  updated_at: Date | string;
}

/** The statement's one row read as the refusal, or as the bid it stored. */
function placementOf(values: BidAsked, row: PlacementRow | undefined): BidPlacement {
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
