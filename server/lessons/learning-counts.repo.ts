// Reading counted among people (how many opened and finished each published lesson, never who) and each reader's
// choice to keep their reading out of those counts.
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { headSql, type LessonHead } from './lessons.repo';
import { lessonPrivacy, lessonProgress, lessons } from './lessons.schema';

/** Of these people, those who keep their reading to themselves. */
export async function keepingPrivate(db: Tx, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) {
    return new Set();
  }
  const rows = await db
    .select({ userId: lessonPrivacy.userId })
    .from(lessonPrivacy)
    .where(inArray(lessonPrivacy.userId, [...userIds]));
  return new Set(rows.map((r) => r.userId));
}

export interface LessonCountRow {
  id: number;
  slug: string;
  /** Its titles (a count never reads the lessons' sections). */
  published: LessonHead;
  opened: number;
  finished: number;
}

/** Each published lesson some of these people opened: how many opened it and how many finished it. */
export async function lessonCounts(db: Tx, userIds: readonly number[]): Promise<LessonCountRow[]> {
  if (userIds.length === 0) {
    return [];
  }
  const rows = await db
    .select({
      id: lessons.id,
      slug: lessons.slug,
      published: headSql,
      opened: count(),
      finished: count(lessonProgress.finishedAt),
    })
    .from(lessonProgress)
    .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
    .where(and(inArray(lessonProgress.userId, [...userIds]), isNotNull(lessons.published)))
    .groupBy(lessons.id);
  return rows as LessonCountRow[];
}

/** Whether the reader lets their co-operatives and agent count what they read (yes unless they said no). */
export async function isSharing(db: Tx, userId: number): Promise<boolean> {
  return !(await keepingPrivate(db, [userId])).has(userId);
}

/** Records the reader's choice; choosing again what they chose changes nothing (not even since when). */
export async function setSharing(db: Tx, userId: number, shared: boolean): Promise<void> {
  if (shared) {
    await db.delete(lessonPrivacy).where(eq(lessonPrivacy.userId, userId));
  } else {
    await db.insert(lessonPrivacy).values({ userId }).onConflictDoNothing();
  }
}
