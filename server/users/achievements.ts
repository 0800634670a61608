// Awards an achievement inside the transaction of the event that earned it; each is awarded at most once.
import { type AchievementCode, achievementId } from '../../contract/achievements';
import type { Tx } from '../db/client';
import type { EventBus } from '../events/bus';
import { userAchievements } from './users.schema';

/** Returns true when the achievement was new (and announces it on the event bus). */
export async function awardAchievement(
  tx: Tx,
  bus: EventBus,
  userId: number,
  code: AchievementCode,
): Promise<boolean> {
  const inserted = await tx
    .insert(userAchievements)
    .values({ userId, code })
    .onConflictDoNothing()
    .returning({ code: userAchievements.code });
  if (inserted.length === 0) {
    return false;
  }
  await bus.publish(tx, { type: 'achievement', id: achievementId(code), userId });
  return true;
}
