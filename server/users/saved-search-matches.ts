// What the marketplace may ask of buyers' saved searches, by name: which of them a new listing matches.
import { and, asc, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { savedSearches } from './users.schema';

export interface SavedSearchMatch {
  userId: number;
  /** The name the buyer gave the search, and what it asks. */
  name: string;
  query: string | null;
  grade: 'A' | 'B' | 'C' | null;
  maxPriceCents: number | null;
}

/**
 * The saved searches a new listing matches, one per buyer (their first): its name contains the search's text in any
 * case (no text: any name), its grade is the one asked (or any), its price is at most the maximum (or any). The
 * listing's owner is left out.
 */
export async function savedSearchesMatching(
  db: Tx,
  listing: { name: string; grade: 'A' | 'B' | 'C'; priceCents: number; ownerId: number },
): Promise<SavedSearchMatch[]> {
  const rows = await db
    .selectDistinctOn([savedSearches.userId], {
      userId: savedSearches.userId,
      name: savedSearches.name,
      query: savedSearches.query,
      grade: savedSearches.grade,
      maxPriceCents: savedSearches.maxPriceCents,
    })
    .from(savedSearches)
    .where(
      and(
        ne(savedSearches.userId, listing.ownerId),
        or(
          isNull(savedSearches.query),
          sql`strpos(lower(${listing.name}::text), lower(trim(${savedSearches.query}))) > 0`,
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
