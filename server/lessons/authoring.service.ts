// Writing and reviewing lessons: managers and the experts they name write a lesson (or the next version of one),
// submit it, and another of them approves it (published as the next version, every version kept) or sends it back
// with a comment. A working copy is shown only to its author and, once in review, to the reviewers.
import type { TLessonDraft, TLessonDraftList, TLessonReviewInput } from '../../contract/lesson-authoring';
import type { TLessonContent, TLessonPatch } from '../../contract/lessons';
import { ZLessonContent } from '../../contract/lessons';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import {
  type AuthoredLesson,
  insertDraft,
  lessonForAuthoring,
  reviewDraft,
  reviewsOf,
  submitDraft,
  versionsOf,
  visibleDrafts,
  writeDraft,
} from './authoring.repo';
import { isExpert } from './experts.repo';
import { textIn } from './lesson-text';

/** Managers write and review lessons; so do the users a manager named experts. */
async function writes(ctx: AppContext, user: SessionUser): Promise<boolean> {
  return user.role === 'manager' || isExpert(ctx.db, user.id);
}

async function requireWriter(ctx: AppContext, user: SessionUser): Promise<void> {
  if (!(await writes(ctx, user))) {
    throw forbidden('lessons.errors.notExpert');
  }
}

/** The content a writer works on: the working copy, else what readers read. */
function workingContent(lesson: AuthoredLesson['lesson']): TLessonContent | null {
  return lesson.draft ?? lesson.published;
}

/**
 * Whether the user may see the lesson's working copy: its author always; a writer when it is in review or when there
 * is none (a published lesson, whose next version they may start). Nobody else learns that a draft exists.
 */
function sees(found: AuthoredLesson, user: SessionUser, writer: boolean): boolean {
  const { lesson } = found;
  if (lesson.draft !== null && lesson.draftAuthorId === user.id) {
    return true;
  }
  return writer && (lesson.status !== 'draft' || lesson.draft === null);
}

async function visible(ctx: AppContext, user: SessionUser, slug: string) {
  const [found, writer] = await Promise.all([lessonForAuthoring(ctx.db, slug), writes(ctx, user)]);
  if (!found || !sees(found, user, writer)) {
    throw notFound('lessons.errors.notFound');
  }
  return { found, writer };
}

async function draftOf(ctx: AppContext, user: SessionUser, found: AuthoredLesson, writer: boolean) {
  const { lesson, authorName } = found;
  const content = workingContent(lesson);
  if (!content) {
    throw notFound('lessons.errors.notFound');
  }
  const mine = lesson.draft !== null && lesson.draftAuthorId === user.id;
  const reviews = await reviewsOf(ctx.db, lesson.id, lesson.draft ? lesson.version + 1 : lesson.version);
  const draft: TLessonDraft = {
    id: lesson.id,
    slug: lesson.slug,
    state: lesson.status,
    content,
    author:
      lesson.draft !== null && lesson.draftAuthorId !== null
        ? { id: lesson.draftAuthorId, name: authorName ?? '' }
        : null,
    version: lesson.version,
    publishedAt: lesson.publishedAt?.toISOString() ?? null,
    updatedAt: lesson.updatedAt.toISOString(),
    reviews: reviews.map((r) => ({ ...r, at: r.at.toISOString() })),
    can: {
      edit: writer && (lesson.status === 'published' || (lesson.status === 'draft' && mine)),
      submit: writer && lesson.status === 'draft' && mine,
      review: writer && lesson.status === 'in_review' && !mine,
    },
  };
  return draft;
}

async function reread(ctx: AppContext, user: SessionUser, slug: string): Promise<TLessonDraft> {
  const { found, writer } = await visible(ctx, user, slug);
  return draftOf(ctx, user, found, writer);
}

/** `GET /api/lesson-drafts`. */
export async function listDrafts(ctx: AppContext, user: SessionUser): Promise<TLessonDraftList> {
  const writer = await writes(ctx, user);
  const rows = await visibleDrafts(ctx.db, user.id, writer);
  return {
    canWrite: writer,
    data: rows.flatMap(({ lesson, authorName }) => {
      const content = lesson.draft;
      if (!content || lesson.status === 'published') {
        return [];
      }
      const text = textIn(content, user.language)?.text;
      return [
        {
          slug: lesson.slug,
          title: text?.title ?? lesson.slug,
          state: lesson.status,
          author: authorName,
          mine: lesson.draftAuthorId === user.id,
          updatedAt: lesson.updatedAt.toISOString(),
        },
      ];
    }),
  };
}

/** `GET /api/lessons/:slug/draft`. */
export function getDraft(ctx: AppContext, user: SessionUser, slug: string): Promise<TLessonDraft> {
  return reread(ctx, user, slug);
}

/** `POST /api/lessons`. */
export async function createLesson(
  ctx: AppContext,
  user: SessionUser,
  content: TLessonContent,
): Promise<TLessonDraft> {
  await requireWriter(ctx, user);
  if (!(await insertDraft(ctx.db, content, user.id))) {
    throw conflict('lessons.errors.slugTaken');
  }
  return reread(ctx, user, content.slug);
}

/** Why a write to the working copy was refused, read after the conditional write found nothing to change. */
function refusal(lesson: AuthoredLesson['lesson']) {
  return lesson.status === 'in_review'
    ? conflict('lessons.errors.inReview')
    : conflict('lessons.errors.notYours');
}

/** `PATCH /api/lessons/:slug`: the working copy changed (the next version started, on a published lesson). */
export async function patchLesson(
  ctx: AppContext,
  user: SessionUser,
  slug: string,
  patch: TLessonPatch,
): Promise<TLessonDraft> {
  await requireWriter(ctx, user);
  const { found } = await visible(ctx, user, slug);
  const base = workingContent(found.lesson);
  // The patch is checked whole with what it does not change: a lesson that would lose its last language is refused.
  const merged = ZLessonContent.safeParse({ ...base, ...patch, slug });
  if (!merged.success) {
    throw badRequest('lessons.validation.language');
  }
  if (!(await writeDraft(ctx.db, found.lesson.id, merged.data, user.id))) {
    throw refusal(found.lesson);
  }
  return reread(ctx, user, slug);
}

/** `POST /api/lessons/:slug/submit`. */
export async function submitLesson(ctx: AppContext, user: SessionUser, slug: string): Promise<TLessonDraft> {
  await requireWriter(ctx, user);
  const { found } = await visible(ctx, user, slug);
  if (!(await submitDraft(ctx.db, found.lesson.id, user.id))) {
    throw found.lesson.status === 'in_review'
      ? conflict('lessons.errors.inReview')
      : conflict('lessons.errors.nothingToSubmit');
  }
  return reread(ctx, user, slug);
}

/** `POST /api/lessons/:slug/review`. */
export async function reviewLesson(
  ctx: AppContext,
  user: SessionUser,
  slug: string,
  review: TLessonReviewInput,
): Promise<TLessonDraft> {
  await requireWriter(ctx, user);
  const { found } = await visible(ctx, user, slug);
  if (found.lesson.draftAuthorId === user.id && found.lesson.draft !== null) {
    throw forbidden('lessons.errors.ownReview');
  }
  const done = await ctx.db.transaction(async (tx) => {
    const reviewed = await reviewDraft(tx, found.lesson.id, user.id, review.decision, review.comment ?? null);
    if (reviewed && review.decision === 'approve') {
      // A new version is published: every reader's lists, on every instance, show it.
      await ctx.bus.publish(tx, { type: 'lesson', id: found.lesson.id }, 'public');
    }
    return reviewed;
  });
  if (!done) {
    throw conflict('lessons.errors.notInReview');
  }
  // Sent back, the draft is its author's again and no longer shown to reviewers; the reviewer still gets what it is.
  const after = await lessonForAuthoring(ctx.db, slug);
  if (!after) {
    throw notFound('lessons.errors.notFound');
  }
  return draftOf(ctx, user, after, true);
}

/** `GET /api/lessons/:slug/versions`: every published version of a published lesson. */
export async function lessonVersions(ctx: AppContext, user: SessionUser, slug: string) {
  const found = await lessonForAuthoring(ctx.db, slug);
  if (!found || found.lesson.version === 0) {
    throw notFound('lessons.errors.notFound');
  }
  const rows = await versionsOf(ctx.db, found.lesson.id, user.language);
  return { data: rows.map((r) => ({ ...r, publishedAt: r.publishedAt.toISOString() })) };
}
