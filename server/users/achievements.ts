// Awards an achievement inside the transaction of the event that earned it; each is awarded at most once.
import { type AchievementCode, achievementId } from '../../contract/achievements';
import type { Tx } from '../db/client';
import type { EventBus } from '../events/bus';
import { userAchievements } from './users.schema';

const MAX_KNOWN = 100_000;
/**
 * Achievements known to be held, per app instance (keyed by its bus): achievements are never taken back, so a
 * user who holds one needs no database round trip on every later post, bid or sale. Only a conflict with a
 * committed row marks one as held (no write awards the same one twice in a transaction): an insert of our own
 * could still roll back with its transaction.
 */
const held = new WeakMap<EventBus, Set<string>>();

function knownHeld(bus: EventBus): Set<string> {
  let known = held.get(bus);
  if (!known) {
    known = new Set();
    held.set(bus, known);
  }
  return known;
}

/** True when this instance has seen the user hold the achievement (so awarding it again would do nothing). */
export function holdsAchievement(bus: EventBus, userId: number, code: AchievementCode): boolean {
  return knownHeld(bus).has(`${userId}:${code}`);
}

/** Returns true when the achievement was new (and announces it on the event bus). */
export async function awardAchievement(
  tx: Tx,
  bus: EventBus,
  userId: number,
  code: AchievementCode,
): Promise<boolean> {
  if (holdsAchievement(bus, userId, code)) {
    return false;
  }
  const inserted = await tx
    .insert(userAchievements)
    .values({ userId, code })
    .onConflictDoNothing()
    .returning({ code: userAchievements.code });
  if (inserted.length === 0) {
    const known = knownHeld(bus);
    if (known.size >= MAX_KNOWN) {
      known.clear();
    }
    known.add(`${userId}:${code}`);
    return false;
  }
  await bus.publish(tx, { type: 'achievement', id: achievementId(code), userId }, { userIds: [userId] });
  return true;
}
