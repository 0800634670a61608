// Calendar feeds (only each token's hash is kept) and the reminders sent, claimed once across instances.
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../db/client';
import { calendarFeeds } from './calendar.schema';

/** The user's feed is this token's hash now (the old one, if any, no longer opens anything). */
export async function replaceFeed(db: Tx, userId: number, tokenHash: string): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: new Date() } });
}

export async function deleteFeed(db: Tx, userId: number): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

export async function hasFeed(db: Tx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row !== undefined;
}

/** The owner of a feed token's hash, with what the feed is read as (their role and language). */
export async function feedOwner(
  db: Tx,
  tokenHash: string,
): Promise<{ id: number; role: string; language: 'en' | 'fr' } | null> {
  const [row] = rowsOf<{ id: number; role: string; language: 'en' | 'fr' }>(
    await db.execute(sql`
      select u.id, u.role, u.language from calendar_feeds f join users u on u.id = f.user_id
      where f.token_hash = ${tokenHash}`),
  );
  return row ?? null;
}

// ---- Reminders ----

export interface DueReminder {
  event_id: number;
  lead_hours: number;
}

/**
 * Claims the reminders due at `now`: each event not cancelled starting within `lead` hours (and not yet started)
 * whose reminder at that lead is not sent, one row inserted per (event, lead). Another instance inserting the same
 * row waits on it, then skips it: each reminder is claimed once. The 2 h reminder also claims a 24 h one not yet
 * sent (an event announced late gets one reminder, not two at once).
 */
export async function claimDueReminders(db: Tx, now: Date, leads: readonly number[]): Promise<DueReminder[]> {
  const claimed: DueReminder[] = [];
  const sorted = [...leads].sort((a, b) => a - b);
  for (const lead of sorted) {
    const longer = sorted.filter((l) => l > lead);
    const rows = rowsOf<DueReminder>(
      await db.execute(sql`
        insert into calendar_reminders (event_id, lead_hours)
        select e.id, ${lead}::int from calendar_events e
        where e.cancelled_at is null and e.starts_at > ${now.toISOString()}::timestamptz
          and e.starts_at <= ${now.toISOString()}::timestamptz + make_interval(hours => ${lead}::int)
          and not exists (select 1 from calendar_reminders s where s.event_id = e.id and s.lead_hours <= ${lead}::int)
        on conflict do nothing
        returning event_id, lead_hours`),
    );
    claimed.push(...rows);
    for (const row of rows) {
      for (const other of longer) {
        await db.execute(
          sql`insert into calendar_reminders (event_id, lead_hours) values (${row.event_id}, ${other}) on conflict do nothing`,
        );
      }
    }
  }
  return claimed;
}

/** The event moved: its reminders go again at the new time. */
export async function forgetReminders(db: Tx, eventId: number): Promise<void> {
  await db.execute(sql`delete from calendar_reminders where event_id = ${eventId}`);
}
