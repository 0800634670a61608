// Queries of the commodity catalogue: kinds, requests to add one, and the markets no kind matches.
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { TKindInput, TKindUpdate } from '../../contract/commodity-kinds';
import { rowsOf, type Tx } from '../db/client';
import { users } from '../db/schema';
import { commodityKindRequests, commodityKinds } from './catalogue.schema';
import { commodities, commodityRequests, trades } from './marketplace.schema';

export type KindRow = typeof commodityKinds.$inferSelect;

export async function listKindRows(db: Tx): Promise<KindRow[]> {
  return db.select().from(commodityKinds).orderBy(asc(commodityKinds.key));
}

function kindValues(kind: TKindInput) {
  return {
    key: kind.key,
    nameEn: kind.names.en,
    nameFr: kind.names.fr,
    synonyms: kind.synonyms,
    grades: kind.grades,
    units: kind.units,
  };
}

/** Inserts the kinds not there yet (a key already there keeps what a manager made of it); the inserted rows. */
export async function insertKinds(tx: Tx, kinds: readonly TKindInput[]): Promise<KindRow[]> {
  if (kinds.length === 0) {
    return [];
  }
  return tx.insert(commodityKinds).values(kinds.map(kindValues)).onConflictDoNothing().returning();
}

export async function updateKindRow(tx: Tx, key: string, changes: TKindUpdate): Promise<KindRow | null> {
  const [row] = await tx
    .update(commodityKinds)
    .set({
      ...(changes.names ? { nameEn: changes.names.en, nameFr: changes.names.fr } : {}),
      ...(changes.synonyms ? { synonyms: changes.synonyms } : {}),
      ...(changes.grades ? { grades: changes.grades } : {}),
      ...(changes.units ? { units: changes.units } : {}),
      updatedAt: new Date(),
    })
    .where(eq(commodityKinds.key, key))
    .returning();
  return row ?? null;
}

/** The market keys in use that are no kind's key (free-text markets). */
export async function freeTextMarketKeys(db: Tx): Promise<string[]> {
  const rows = rowsOf<{ key: string }>(
    await db.execute(sql`
      select k.key from (
        select market_key as key from commodities
        union select market_key from trades
        union select market_key from commodity_requests
      ) k
      where not exists (select 1 from commodity_kinds c where c.key = k.key)
      order by k.key`),
  );
  return rows.map((row) => row.key);
}

/** Moves the listings, trades and requests of a free-text market to a kind's market. */
export async function moveMarket(tx: Tx, from: string, to: string): Promise<void> {
  await tx.update(commodities).set({ marketKey: to }).where(eq(commodities.marketKey, from));
  await tx.update(trades).set({ marketKey: to }).where(eq(trades.marketKey, from));
  await tx.update(commodityRequests).set({ marketKey: to }).where(eq(commodityRequests.marketKey, from));
}

/** Free-text markets with how many listings, requests and trades each has, most used first. */
export async function unmatchedMarkets(db: Tx) {
  return rowsOf<{ name: string; listings: number; requests: number; trades: number }>(
    await db.execute(sql`
      select * from (
        select k.key as name,
          (select count(*)::int from commodities c where c.market_key = k.key) as listings,
          (select count(*)::int from commodity_requests r where r.market_key = k.key) as requests,
          (select count(*)::int from trades t where t.market_key = k.key) as trades
        from (
          select market_key as key from commodities
          union select market_key from trades
          union select market_key from commodity_requests
        ) k
        where not exists (select 1 from commodity_kinds c where c.key = k.key)
      ) m
      order by m.listings + m.requests + m.trades desc, m.name
      limit 500`),
  );
}

export async function insertKindRequest(tx: Tx, row: typeof commodityKindRequests.$inferInsert) {
  const [created] = await tx.insert(commodityKindRequests).values(row).returning();
  if (!created) {
    throw new Error('kind request insert returned nothing');
  }
  return created;
}

export async function listKindRequests(db: Tx, limit: number) {
  return db
    .select({ request: commodityKindRequests, username: users.username })
    .from(commodityKindRequests)
    .innerJoin(users, eq(users.id, commodityKindRequests.requestedBy))
    .orderBy(desc(commodityKindRequests.createdAt), desc(commodityKindRequests.id))
    .limit(limit);
}

export async function deleteKindRequest(tx: Tx, id: number): Promise<boolean> {
  const deleted = await tx
    .delete(commodityKindRequests)
    .where(eq(commodityKindRequests.id, id))
    .returning({ id: commodityKindRequests.id });
  return deleted.length > 0;
}
