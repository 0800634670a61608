// Queries for a buyer's saved marketplace searches.
import { and, asc, count, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { savedSearches } from './users.schema';

export type SavedSearchRow = typeof savedSearches.$inferSelect;

export async function listSavedSearches(db: Tx, userId: number, limit: number) {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.id))
    .limit(limit);
}

export async function countSavedSearches(db: Tx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
  return row?.n ?? 0;
}

export async function insertSavedSearch(tx: Tx, row: typeof savedSearches.$inferInsert) {
  const [created] = await tx.insert(savedSearches).values(row).returning();
  if (!created) {
    throw new Error('saved search insert returned nothing');
  }
  return created;
}

export async function deleteSavedSearch(db: Tx, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return deleted.length > 0;
}
