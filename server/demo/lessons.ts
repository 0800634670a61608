// Demo reading, written through the lessons face on the days it happened: amina's (the late-blight lesson opened
// yesterday), the Mifi co-operative's members' over the season (two of them keeping theirs private), so that its
// admin celestin sees real counts; and fatou, amina's agent, named an expert by claire, a manager.
import { findUsersByUsernames } from '../auth/user-accounts';
import type { AppContext } from '../context';
import { type DemoReading, keepDemoReadingPrivate, nameExpert, recordDemoReading } from '../lessons';
import {
  AMINA_READING,
  COOP_READERS,
  coopReadings,
  DEMO_EXPERT,
  KEEPING_PRIVATE,
  type Reading,
} from './lessons-data';

const DAY_MS = 86_400_000;

/** Idempotent: a reading already there is kept, a private choice or an expert named again changes nothing. */
export async function seed(ctx: AppContext): Promise<void> {
  const names = ['amina', ...COOP_READERS, DEMO_EXPERT.username, DEMO_EXPERT.namedBy];
  const users = await findUsersByUsernames(ctx.db, names);
  const idOf = (username: string) => users.get(username)?.id;
  const now = Date.now();
  // A person the demo has not made (the co-operatives demo not run) reads nothing.
  const readings = [...AMINA_READING, ...coopReadings()].flatMap((r: Reading): DemoReading[] => {
    const userId = idOf(r.username);
    const at = new Date(now - r.daysAgo * DAY_MS);
    return userId === undefined
      ? []
      : [{ userId, slug: r.slug, openedAt: at, finishedAt: r.finished ? at : null }];
  });
  await ctx.db.transaction(async (tx) => {
    await recordDemoReading(tx, readings);
    await keepDemoReadingPrivate(
      tx,
      KEEPING_PRIVATE.flatMap((username) => idOf(username) ?? []),
    );
    const expert = idOf(DEMO_EXPERT.username);
    if (expert !== undefined) {
      await nameExpert(tx, expert, idOf(DEMO_EXPERT.namedBy) ?? null);
    }
  });
}
