// Lessons as a reader gets them: in their language (else the language the lesson has, named), with their progress;
// the lessons that fit the reader's crops now (their farms' open plans and the stage each is at).
import type { StageKey } from '../../contract/crop-plans';
import type { TLesson, TLessonSummary, TLessonsQuery } from '../../contract/lessons';
import type { AppContext } from '../context';
import { openPlansOf } from '../crops';
import { farmsReachedBy } from '../farms';
import { today } from '../finance';
import type { SessionUser } from '../http/access';
import { notFound } from '../http/errors';
import { lessonHeads } from './lesson-heads';
import { textIn } from './lesson-text';
import {
  type LessonFilter,
  type ListedLesson,
  publishedLesson,
  publishedLessons,
  type ReadLesson,
  recordProgress,
} from './lessons.repo';

function summaryOf(listed: ListedLesson, language: 'en' | 'fr'): TLessonSummary {
  const { lesson, progress } = listed;
  const content = lesson.published;
  const read = textIn(content, language);
  return {
    id: lesson.id,
    slug: lesson.slug,
    topic: lesson.topic,
    crops: content.crops,
    stages: content.stages,
    readingMinutes: content.readingMinutes,
    language: read?.shown ?? language,
    title: read?.text.title ?? lesson.slug,
    summary: read?.text.summary ?? '',
    version: lesson.version,
    publishedAt: lesson.publishedAt.toISOString(),
    progress: progress
      ? { openedAt: progress.openedAt.toISOString(), finishedAt: progress.finishedAt?.toISOString() ?? null }
      : null,
  };
}

/** Each crop the reader grows now with the stage it is at, from the open plans of the farms they reach. */
async function cropsNow(ctx: AppContext, userId: number): Promise<{ crop: string; stage: StageKey }[]> {
  const farms = await farmsReachedBy(ctx.db, userId, []);
  const day = today();
  const plans = await openPlansOf(
    ctx.db,
    farms.map((f) => f.id),
    day,
  );
  return plans.map((plan) => ({
    crop: plan.crop.toLowerCase(),
    // A plan not yet sown is about to start its first stage; one past its stages is at its last.
    stage:
      plan.stages.find((s) => s.start <= day && day <= s.end)?.key ??
      (plan.status === 'planned' ? 'initial' : 'late'),
  }));
}

/** `GET /api/lessons`. */
export async function listLessons(
  ctx: AppContext,
  user: SessionUser,
  query: TLessonsQuery,
): Promise<TLessonSummary[]> {
  const filter: LessonFilter = { topic: query.topic, crop: query.crop, stage: query.stage, words: query.q };
  if (query.for === 'me') {
    filter.fits = await cropsNow(ctx, user.id);
  }
  const found = await publishedLessons(ctx.db, user.id, filter);
  const rows = await lessonHeads.of(ctx).add(ctx.db, found);
  return rows.map((row) => summaryOf(row, user.language));
}

async function readable(ctx: AppContext, user: SessionUser, slug: string): Promise<ReadLesson> {
  const read = await publishedLesson(ctx.db, user.id, slug);
  if (!read) {
    throw notFound('lessons.errors.notFound');
  }
  return read;
}

/** `GET /api/lessons/:slug`. */
export async function getLesson(ctx: AppContext, user: SessionUser, slug: string): Promise<TLesson> {
  const read = await readable(ctx, user, slug);
  const summary = summaryOf(read, user.language);
  const content = read.lesson.published;
  const text = textIn(content, summary.language)?.text;
  return {
    ...summary,
    sections: text?.sections ?? [],
    keySteps: text?.keySteps ?? [],
    sources: content.sources,
    languages: (['en', 'fr'] as const).filter((l) => content[l] !== undefined),
    reviewedBy: read.reviewer,
  };
}

/** `POST /api/lessons/:slug/progress`. */
export async function markProgress(
  ctx: AppContext,
  user: SessionUser,
  slug: string,
  finished: boolean,
): Promise<void> {
  const read = await readable(ctx, user, slug);
  await recordProgress(ctx.db, user.id, read.lesson.id, finished);
}
