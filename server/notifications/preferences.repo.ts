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

/** Sets the given types' channels (others kept) and, when given, the quiet hours (null clears them). */
export async function savePreferences(
  db: Tx,
  userId: number,
  change: {
    types: Partial<Record<string, TChannelChoice>>;
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
  await db
    .insert(notificationPreferences)
    .values({ userId, channels: change.types, ...quiet })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: {
        channels: sql`${notificationPreferences.channels} || ${JSON.stringify(change.types)}::jsonb`,
        ...quiet,
        updatedAt: new Date(),
      },
    });
}

/** SQL condition: the notification (a row of `notifications`) is one its user wants in the app. */
export const wantedInApp = sql`not exists (select 1 from notification_preferences p
  where p.user_id = notifications.user_id and p.channels -> notifications.type ->> 'inApp' = 'false')`;
