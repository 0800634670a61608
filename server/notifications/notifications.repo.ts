// Reads and writes of the notifications table, always for one user.
import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { notifications } from './notifications.schema';
import { wantedInApp } from './preferences.repo';

export type NotificationRow = typeof notifications.$inferSelect;

/** One page of the user's notifications, newest first (one row more than `limit` when there is a next page). */
export function listNotifications(db: Tx, userId: number, limit: number, after: number | undefined) {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        after === undefined ? undefined : lt(notifications.id, after),
        wantedInApp,
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(limit + 1);
}

export async function unreadCount(db: Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), wantedInApp));
  return row?.n ?? 0;
}

/** Marks the user's own unread notifications read (those ids, or all); returns how many changed. */
export async function markRead(db: Tx, userId: number, ids: readonly number[] | 'all'): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, [...ids]),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Which of these ids are the user's (read or not). */
export async function ownIds(db: Tx, userId: number, ids: readonly number[]): Promise<number[]> {
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, [...ids])));
  return rows.map((r) => r.id);
}

/**
 * Where the notification of this short-link token points, when `userId` is its recipient: null when it points
 * nowhere, undefined when no notification of theirs has that token (someone else's, or none at all).
 */
export async function recipientLinkOf(
  db: Tx,
  userId: number,
  token: string,
): Promise<string | null | undefined> {
  const [row] = await db
    .select({ link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.token, token), eq(notifications.userId, userId)));
  return row === undefined ? undefined : row.link;
}
