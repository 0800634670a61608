// What other modules may ask of ratings, by name: the aggregate of many users in one query (cards and bid lists).
import { inArray, sql } from 'drizzle-orm';
import { roundedAverage, type TRatingSummary } from '../../contract/ratings';
import type { Tx } from '../db/client';
import { ratings } from './ratings.schema';

export const NO_RATINGS: TRatingSummary = { average: null, count: 0 };

/**
 * Each user's rating aggregate (hidden notes' scores included), read in one grouped query over the ratee index
 * whatever the number of users: a page of cards costs one query, never one per card.
 */
export async function ratingSummaries(
  db: Tx,
  userIds: readonly number[],
): Promise<Map<number, TRatingSummary>> {
  const ids = [...new Set(userIds)];
  const out = new Map<number, TRatingSummary>();
  if (ids.length === 0) {
    return out;
  }
  const rows = await db
    .select({
      userId: ratings.rateeId,
      count: sql<number>`count(*)::int`,
      sum: sql<number>`sum(${ratings.score})::int`,
    })
    .from(ratings)
    .where(inArray(ratings.rateeId, ids))
    .groupBy(ratings.rateeId);
  for (const row of rows) {
    const count = Number(row.count);
    out.set(row.userId, { average: roundedAverage(Number(row.sum), count), count });
  }
  return out;
}

/** One user's aggregate. */
export async function ratingSummaryOf(db: Tx, userId: number): Promise<TRatingSummary> {
  return (await ratingSummaries(db, [userId])).get(userId) ?? NO_RATINGS;
}
