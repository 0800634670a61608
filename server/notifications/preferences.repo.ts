// Reads and writes of a user's notification preferences (only what they changed from the defaults is stored).
import { eq, sql } from 'drizzle-orm';
import type { TChannelChoice } from '../../contract/notifications';
import type { Tx } from '../db/client';
import { notificationPreferences } from './notifications.schema';

export type PreferencesRow = typeof notificationPreferences.$inferSelect;

export async function findPreferences(db: Tx, userId: number): Promise<PreferencesRow | null> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ?? null;
}

/**
 * Sets the given channels of the given types (the others kept; one never set follows the default) and, when given,
 * the quiet hours (null clears them).
 */
export async function savePreferences(
  db: Tx,
  userId: number,
  change: {
    types: Partial<Record<string, Partial<TChannelChoice>>>;
    quiet?: { start: string; end: string; timeZone: string } | null;
  },
): Promise<void> {
  const quiet =
    change.quiet === undefined
      ? {}
      : {
          quietStart: change.quiet?.start ?? null,
          quietEnd: change.quiet?.end ?? null,
          timeZone: change.quiet?.timeZone ?? null,
        };
  // Per type, the channels given over those stored: jsonb's `||` merges one level, so each type is merged itself.
  const merged = sql`(select coalesce(jsonb_object_agg(key, coalesce(${notificationPreferences.channels} -> key, '{}'::jsonb) || value), '{}'::jsonb)
    from jsonb_each(${JSON.stringify(change.types)}::jsonb))`;
  await db
    .insert(notificationPreferences)
    .values({ userId, channels: change.types, ...quiet })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: {
        channels: sql`${notificationPreferences.channels} || ${merged}`,
        ...quiet,
        updatedAt: new Date(),
      },
    });
}

/** SQL condition: the notification (a row of `notifications`) is one its user wants in the app. */
export const wantedInApp = sql`not exists (select 1 from notification_preferences p
  where p.user_id = notifications.user_id and p.channels -> notifications.type ->> 'inApp' = 'false')`;
