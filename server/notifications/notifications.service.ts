// A user's notifications: a page of them, where a short link leads, and marking them read (one's own only: an id
// that is not the caller's is 404, as if it did not exist).
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { inboxCache } from './inbox-cache';
import { listNotifications, markRead, ownIds, recipientLinkOf } from './notifications.repo';

export async function markNotificationsRead(
  ctx: AppContext,
  options: { user: SessionUser; ids: readonly number[] | 'all' },
): Promise<void> {
  const { user, ids } = options;
  inboxCache.of(ctx).expect([user.id]);
  await ctx.db.transaction(async (tx) => {
    if (ids !== 'all') {
      const own = await ownIds(tx, user.id, ids);
      if (own.length !== new Set(ids).size) {
        throw new AppError('notFound', 'notifications.errors.notFound');
      }
    }
    if ((await markRead(tx, user.id, ids)) > 0) {
      // The user's other pages (another tab, the phone) update their badge.
      await ctx.bus.publish(tx, { type: 'notification', id: 0 }, { userIds: [user.id] });
    }
  });
}

/** A page of the user's notifications after `cursor`, newest first (one row more than `limit` when there is more). */
export function notificationsAfter(ctx: AppContext, userId: number, limit: number, cursor: number) {
  return listNotifications(ctx.db, userId, limit, cursor);
}

/**
 * Where the short link `token` of one of the user's notifications leads: its link, null for the app's start, or
 * undefined when the token is no notification of this user's.
 */
export function shortLinkTarget(
  ctx: AppContext,
  userId: number,
  token: string,
): Promise<string | null | undefined> {
  return recipientLinkOf(ctx.db, userId, token);
}
