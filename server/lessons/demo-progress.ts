// Reading as the demo's people did it, on the days it happened: what server/demo/lessons.ts writes through the
// face (a reader's progress from the app is recorded now, by lessons.service.ts).
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { setSharing } from './learning-counts.repo';
import { lessonProgress, lessons } from './lessons.schema';

export interface DemoReading {
  userId: number;
  slug: string;
  openedAt: Date;
  finishedAt: Date | null;
}

/** Records each reading of a published lesson (a slug not published is skipped); one already there is kept. */
export async function recordDemoReading(db: Tx, readings: readonly DemoReading[]): Promise<number> {
  const slugs = [...new Set(readings.map((r) => r.slug))];
  if (slugs.length === 0) {
    return 0;
  }
  const found = await db
    .select({ id: lessons.id, slug: lessons.slug })
    .from(lessons)
    .where(and(inArray(lessons.slug, slugs), isNotNull(lessons.published)));
  const ids = new Map(found.map((l) => [l.slug, l.id]));
  const values = readings.flatMap((r) => {
    const lessonId = ids.get(r.slug);
    return lessonId === undefined
      ? []
      : [{ userId: r.userId, lessonId, openedAt: r.openedAt, finishedAt: r.finishedAt }];
  });
  if (values.length === 0) {
    return 0;
  }
  const written = await db
    .insert(lessonProgress)
    .values(values)
    .onConflictDoNothing()
    .returning({ userId: lessonProgress.userId });
  return written.length;
}

/** These readers keep their reading out of their co-operatives' and agents' counts (as each could choose). */
export async function keepDemoReadingPrivate(db: Tx, userIds: readonly number[]): Promise<void> {
  for (const userId of userIds) {
    await setSharing(db, userId, false);
  }
}
