// Lessons as a reader gets them: in their language (else the language the lesson has, named), with their progress;
// the lessons that fit the reader's crops now (their farms' open plans and the stage each is at).
import type { StageKey } from '../../contract/crop-plans';
import {
  type TLesson,
  type TLessonSummary,
  type TLessonsQuery,
  ZLessonsAnswer,
} from '../../contract/lessons';
import type { AppContext } from '../context';
import { openPlansOf } from '../crops';
import { farmsReachedBy } from '../farms';
import { today } from '../finance';
import type { SessionUser } from '../http/access';
import { notFound } from '../http/errors';
import { jsonText } from '../http/json-body';
import { lessonHeads } from './lesson-heads';
import { textIn } from './lesson-text';
import {
  type LessonFilter,
  type ListedLesson,
  progressOf,
  publishedLesson,
  publishedLessons,
  type ReadLesson,
  recordProgress,
} from './lessons.repo';
import { lessonsCache } from './lessons-cache';

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

/**
 * `GET /api/lessons` as sent: a search of the whole catalogue is kept per reader (see LessonsCache); the lessons for
 * the reader's crops now are read afresh, their crops' stages moving with the days and their plans.
 */
export async function lessonsAnswer(
  ctx: AppContext,
  user: SessionUser,
  query: TLessonsQuery,
): Promise<Buffer> {
  const answer = async () =>
    Buffer.from(jsonText(ZLessonsAnswer, { data: await listLessons(ctx, user, query) }));
  if (query.for === 'me') {
    return answer();
  }
  const key = JSON.stringify([user.id, user.language, query.topic, query.crop, query.stage, query.q]);
  return lessonsCache.of(ctx).answer(user.id, key, answer);
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
  const cache = lessonsCache.of(ctx);
  const lessons = await cache.found(filter, () => publishedLessons(ctx.db, filter));
  const progress = new Map(
    (await cache.progressOf(user.id, () => progressOf(ctx.db, user.id))).map((p) => [p.lessonId, p]),
  );
  const found = lessons.map((lesson) => ({ lesson, progress: progress.get(lesson.id) ?? null }));
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
  await ctx.db.transaction(async (tx) => {
    await recordProgress(tx, user.id, read.lesson.id, finished);
    // The reader's lists on every instance (and their other open pages) take the progress.
    await ctx.bus.publish(
      tx,
      { type: 'lesson', id: read.lesson.id, userId: user.id },
      { userIds: [user.id] },
    );
  });
}
