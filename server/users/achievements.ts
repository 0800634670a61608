// Awards an achievement inside the transaction of the event that earned it; each is awarded at most once.
import { type AchievementCode, achievementId } from '../../contract/achievements';
import { KeyedCache } from '../cache/keyed-cache';
import type { Tx } from '../db/client';
import { held } from '../module';
import { type NotifyContext, notify } from '../notifications';
import { userAchievements } from './users.schema';

const MAX_KNOWN = 100_000;

/**
 * Achievements known to be held, per app instance: achievements are never taken back, so a user who holds one
 * needs no database round trip on every later post, bid or sale. Only a conflict with a committed row marks one
 * as held (no write awards the same one twice in a transaction): an insert of our own could still roll back
 * with its transaction.
 */
export class HeldAchievements {
  /** Never dropped (nothing takes an achievement back), only bounded. */
  private readonly known = new KeyedCache<true>({ maxEntries: MAX_KNOWN });

  /** True when this instance has seen the user hold the achievement (so awarding it again would do nothing). */
  has(userId: number, code: AchievementCode): boolean {
    return this.known.peek(`${userId}:${code}`) === true;
  }

  add(userId: number, code: AchievementCode): void {
    this.known.set(`${userId}:${code}`, true);
  }
}

/** What awarding needs: the bus to announce it, and what this instance knows is held. */
export type AwardContext = NotifyContext;

/** Returns true when the achievement was new (and announces it on the event bus). */
export async function awardAchievement(
  tx: Tx,
  ctx: AwardContext,
  userId: number,
  code: AchievementCode,
): Promise<boolean> {
  if (heldAchievements.of(ctx).has(userId, code)) {
    return false;
  }
  const inserted = await tx
    .insert(userAchievements)
    .values({ userId, code })
    .onConflictDoNothing()
    .returning({ code: userAchievements.code });
  if (inserted.length === 0) {
    heldAchievements.of(ctx).add(userId, code);
    return false;
  }
  await ctx.bus.publish(tx, { type: 'achievement', id: achievementId(code), userId }, { userIds: [userId] });
  await notify(tx, ctx, [userId], {
    type: 'achievement',
    data: { nameKey: `achievements.${code}.name` },
    link: '/profile',
  });
  return true;
}

/** This instance's HeldAchievements, built from its context on first use. */
export const heldAchievements = held('users.achievements', () => new HeldAchievements());
