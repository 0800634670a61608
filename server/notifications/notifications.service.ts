// Marking notifications read: one's own only (an id that is not the caller's is 404, as if it did not exist).

import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { inboxCache } from './inbox-cache';
import { markRead, ownIds } from './notifications.repo';

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
