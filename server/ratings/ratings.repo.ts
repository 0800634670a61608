// Ratings: reads and writes of this module's table.
import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { RATING_EDIT_DAYS } from '../../contract/ratings';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { ratings } from './ratings.schema';

export type RatingRow = typeof ratings.$inferSelect;
export type RatingView = { rating: RatingRow; raterUsername: string; rateeUsername: string };

const rater = alias(users, 'rater_user');
const ratee = alias(users, 'ratee_user');

function views(db: Tx) {
  return db
    .select({ rating: ratings, raterUsername: rater.username, rateeUsername: ratee.username })
    .from(ratings)
    .innerJoin(rater, eq(rater.id, ratings.raterId))
    .innerJoin(ratee, eq(ratee.id, ratings.rateeId));
}

export async function findRatingView(db: Tx, id: number): Promise<RatingView | null> {
  const [row] = await views(db).where(eq(ratings.id, id));
  return row ?? null;
}

/** The ratings given on one order (at most one per side). */
export function ratingsOfOrder(db: Tx, orderId: number): Promise<RatingView[]> {
  return views(db).where(eq(ratings.orderId, orderId)).orderBy(ratings.id);
}

/** The latest ratings a user received, newest first. */
export function ratingsReceived(db: Tx, rateeId: number, limit: number): Promise<RatingView[]> {
  return views(db).where(eq(ratings.rateeId, rateeId)).orderBy(desc(ratings.id)).limit(limit);
}

/**
 * Gives the rater's rating of the order, or changes it while its edit window is open (counted from when it was
 * first given, on the database's clock so every instance agrees). Null when the window has closed: nothing written.
 */
export async function upsertRating(
  tx: Tx,
  values: {
    orderId: number;
    raterId: number;
    rateeId: number;
    raterSide: 'buyer' | 'seller';
    commodityName: string;
    score: number;
    note: string | null;
  },
): Promise<RatingRow | null> {
  const [row] = await tx
    .insert(ratings)
    .values(values)
    .onConflictDoUpdate({
      target: [ratings.orderId, ratings.raterId],
      set: { score: values.score, note: values.note, updatedAt: sql`now()` },
      setWhere: sql`${ratings.createdAt} > now() - make_interval(days => ${RATING_EDIT_DAYS})`,
    })
    .returning();
  return row ?? null;
}

/** Hides a note (recording who hid it) or shows it again; null when there is no such rating. */
export async function setRatingHidden(
  tx: Tx,
  id: number,
  hiddenBy: number | null,
): Promise<RatingRow | null> {
  const [row] = await tx
    .update(ratings)
    .set(hiddenBy === null ? { hiddenAt: null, hiddenBy: null } : { hiddenAt: sql`now()`, hiddenBy })
    .where(eq(ratings.id, id))
    .returning();
  return row ?? null;
}
