// What the marketplace may ask of buyers' saved searches, by name: which of them a new listing matches.
import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { savedSearches } from './users.schema';

export interface SavedSearchMatch {
  userId: number;
  /** The name the buyer gave the search, and what it asks. */
  name: string;
  query: string | null;
  marketKey: string | null;
  grade: 'A' | 'B' | 'C' | null;
  maxPriceCents: number | null;
}

/**
 * The saved searches a new listing matches, one per buyer (their first): a search naming a catalogue kind matches
 * that kind's market (so "maize" finds "Maïs"); another, the listing's name contains its text in any case (no text:
 * any name); its grade is the one asked (or any), its price is at most the maximum (or any). The
 * listing's owner is left out.
 */
export async function savedSearchesMatching(
  db: Tx,
  listing: { name: string; marketKey: string; grade: 'A' | 'B' | 'C'; priceCents: number; ownerId: number },
): Promise<SavedSearchMatch[]> {
  const rows = await db
    .selectDistinctOn([savedSearches.userId], {
      userId: savedSearches.userId,
      name: savedSearches.name,
      query: savedSearches.query,
      marketKey: savedSearches.marketKey,
      grade: savedSearches.grade,
      maxPriceCents: savedSearches.maxPriceCents,
    })
    .from(savedSearches)
    .where(
      and(
        ne(savedSearches.userId, listing.ownerId),
        or(
          eq(savedSearches.marketKey, listing.marketKey),
          and(
            isNull(savedSearches.marketKey),
            or(
              isNull(savedSearches.query),
              sql`strpos(lower(${listing.name}::text), lower(trim(${savedSearches.query}))) > 0`,
            ),
          ),
        ),
        or(isNull(savedSearches.grade), sql`${savedSearches.grade} = ${listing.grade}`),
        or(
          isNull(savedSearches.maxPriceCents),
          lte(sql`${listing.priceCents}::int`, savedSearches.maxPriceCents),
        ),
      ),
    )
    .orderBy(asc(savedSearches.userId), asc(savedSearches.id));
  return rows;
}

/** Gives each saved search whose text names a catalogue kind (per `kindOf`) that kind's market. */
export async function assignSavedSearchKinds(
  tx: Tx,
  kindOf: (query: string) => string | null,
): Promise<void> {
  const rows = await tx
    .select({ id: savedSearches.id, query: savedSearches.query })
    .from(savedSearches)
    .where(and(isNull(savedSearches.marketKey), isNotNull(savedSearches.query)));
  const byKind = new Map<string, number[]>();
  for (const row of rows) {
    const kind = row.query === null ? null : kindOf(row.query);
    if (kind !== null) {
      byKind.set(kind, [...(byKind.get(kind) ?? []), row.id]);
    }
  }
  for (const [kind, ids] of byKind) {
    await tx.update(savedSearches).set({ marketKey: kind }).where(inArray(savedSearches.id, ids));
  }
}
