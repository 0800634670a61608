// "Recently read": the reader's lessons with progress, the one opened last first.
import type { TLessonSummary } from '../../../contract/lessons';

/** At most this many: one sideways row on a phone. */
const RECENT = 4;

export function recentlyRead(lessons: readonly TLessonSummary[]): TLessonSummary[] {
  return lessons
    .flatMap((lesson) => (lesson.progress ? [{ lesson, openedAt: lesson.progress.openedAt }] : []))
    .sort((a, b) => b.openedAt.localeCompare(a.openedAt))
    .slice(0, RECENT)
    .map(({ lesson }) => lesson);
}
