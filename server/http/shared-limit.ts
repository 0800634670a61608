// Limits that hold across every app instance on one database (codes sent per number, requests per phone number,
// password resets per address): sliding windows over the hits recorded in `rate_events`.
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { rateEvents } from '../db/schema';

/** At most `count` hits in any `windowMs`. */
export interface WindowLimit {
  count: number;
  windowMs: number;
}

/** How long hits are kept: no limit may have a longer window. */
export const LONGEST_WINDOW_MS = 24 * 60 * 60_000;

/** The advisory-lock class of these limits (the two-key lock space, apart from the migration's one-key lock). */
const LIMIT_LOCK_CLASS = 7_301;

/**
 * Takes one hit of `bucket` for `key` if every limit has room: answers 0 and records the hit, or the seconds until
 * the tightest full limit has room again and records nothing (a refused hit cannot extend the wait). Concurrent
 * takers of one key, on any instance, wait for each other (an advisory lock held until the caller's transaction
 * ends), so the count is never overshot. Run it in the transaction of what the hit pays for: when that rolls
 * back, so does the hit.
 */
export async function takeSharedSlot(
  tx: Tx,
  hit: { bucket: string; key: string; limits: readonly WindowLimit[] },
): Promise<number> {
  const { bucket, key, limits } = hit;
  if (limits.some((limit) => limit.windowMs > LONGEST_WINDOW_MS)) {
    throw new Error(`a shared limit's window is at most ${LONGEST_WINDOW_MS} ms`);
  }
  await tx.execute(sql`select pg_advisory_xact_lock(${LIMIT_LOCK_CLASS}, hashtext(${`${bucket}:${key}`}))`);
  let waitMs = 0;
  for (const limit of limits) {
    waitMs = Math.max(waitMs, await untilRoom(tx, bucket, key, limit));
  }
  if (waitMs > 0) {
    return Math.max(1, Math.ceil(waitMs / 1000));
  }
  // Every key's expired hits, not only this one's: keys seen once (an address) would otherwise stay for ever.
  await tx
    .delete(rateEvents)
    .where(lt(rateEvents.createdAt, sql`now() - make_interval(secs => ${LONGEST_WINDOW_MS / 1000})`));
  await tx.insert(rateEvents).values({ bucket, key });
  return 0;
}

/** Milliseconds until the window has room (the count-th latest hit leaves it); 0 when it has room now. */
async function untilRoom(tx: Tx, bucket: string, key: string, limit: WindowLimit): Promise<number> {
  const [row] = await tx
    .select({
      leavesInMs:
        sql<number>`extract(epoch from (${rateEvents.createdAt} + make_interval(secs => ${limit.windowMs / 1000}) - now())) * 1000`.mapWith(
          Number,
        ),
    })
    .from(rateEvents)
    .where(
      and(
        eq(rateEvents.bucket, bucket),
        eq(rateEvents.key, key),
        sql`${rateEvents.createdAt} > now() - make_interval(secs => ${limit.windowMs / 1000})`,
      ),
    )
    .orderBy(desc(rateEvents.createdAt), desc(rateEvents.id))
    .offset(limit.count - 1)
    .limit(1);
  return row ? Math.max(1, row.leavesInMs) : 0;
}
