// The lessons' working copies: made, changed, sent for review and published as the next version (kept), each step
// a conditional write, so that two reviewers (or an author and a reviewer) acting at once cannot both win.
import { and, asc, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { REVIEW_DECISIONS } from '../../contract/lesson-authoring';
import type { TLessonContent } from '../../contract/lessons';
import type { Tx } from '../db/client';
import { type LessonRow, searchTextOf } from './lessons.repo';
import { lessonReviews, lessons, lessonVersions } from './lessons.schema';

const nameOf = (id: typeof lessons.draftAuthorId) =>
  sql<string | null>`(select username from users where id = ${id})`;

export interface AuthoredLesson {
  lesson: LessonRow;
  authorName: string | null;
}

export async function lessonForAuthoring(db: Tx, slug: string): Promise<AuthoredLesson | null> {
  const [row] = await db
    .select({ lesson: lessons, authorName: nameOf(lessons.draftAuthorId) })
    .from(lessons)
    .where(eq(lessons.slug, slug))
    .limit(1);
  return row ?? null;
}

/** A new lesson's first draft; null when the slug is taken. */
export async function insertDraft(db: Tx, content: TLessonContent, authorId: number): Promise<boolean> {
  const rows = await db
    .insert(lessons)
    .values({
      slug: content.slug,
      topic: content.topic,
      crops: content.crops,
      stages: content.stages,
      status: 'draft',
      draft: content,
      authorId,
      draftAuthorId: authorId,
    })
    .onConflictDoNothing({ target: lessons.slug })
    .returning({ id: lessons.id });
  return rows.length > 0;
}

/**
 * Writes the working copy, as its author: a draft of theirs, or the next version of a published lesson nobody is
 * writing. False when it was not in that state any more (someone else started it, or it went to review).
 */
export async function writeDraft(db: Tx, lessonId: number, content: TLessonContent, authorId: number) {
  const rows = await db
    .update(lessons)
    .set({ draft: content, draftAuthorId: authorId, status: 'draft', updatedAt: sql`now()` })
    .where(
      and(
        eq(lessons.id, lessonId),
        or(
          and(eq(lessons.status, 'draft'), eq(lessons.draftAuthorId, authorId)),
          and(eq(lessons.status, 'published'), isNull(lessons.draft)),
        ),
      ),
    )
    .returning({ id: lessons.id });
  return rows.length > 0;
}

/** Sends the author's draft for review; false when it was not their draft. */
export async function submitDraft(db: Tx, lessonId: number, authorId: number): Promise<boolean> {
  const rows = await db
    .update(lessons)
    .set({ status: 'in_review', updatedAt: sql`now()` })
    .where(
      and(
        eq(lessons.id, lessonId),
        eq(lessons.status, 'draft'),
        eq(lessons.draftAuthorId, authorId),
        isNotNull(lessons.draft),
      ),
    )
    .returning({ id: lessons.id });
  return rows.length > 0;
}

type Decision = (typeof REVIEW_DECISIONS)[number];

/**
 * A review of the working copy in review, by someone other than its author: approved, it is published as the next
 * version (kept in lesson_versions); sent back, it is a draft again. False when it was not in review any more.
 */
export async function reviewDraft(
  db: Tx,
  lessonId: number,
  reviewerId: number,
  decision: Decision,
  comment: string | null,
): Promise<boolean> {
  const inReview = and(
    eq(lessons.id, lessonId),
    eq(lessons.status, 'in_review'),
    sql`${lessons.draftAuthorId} is distinct from ${reviewerId}`,
  );
  const [row] =
    decision === 'approve'
      ? await db
          .update(lessons)
          .set({
            status: 'published',
            published: sql`${lessons.draft}`,
            draft: null,
            version: sql`${lessons.version} + 1`,
            publishedAt: sql`now()`,
            reviewedBy: reviewerId,
            topic: sql`${lessons.draft}->>'topic'`,
            crops: sql`array(select jsonb_array_elements_text(${lessons.draft}->'crops'))`,
            stages: sql`array(select jsonb_array_elements_text(${lessons.draft}->'stages'))`,
            updatedAt: sql`now()`,
          })
          .where(inReview)
          .returning({ id: lessons.id, version: lessons.version, published: lessons.published })
      : await db
          .update(lessons)
          .set({ status: 'draft', updatedAt: sql`now()` })
          .where(inReview)
          .returning({ id: lessons.id, version: lessons.version, published: lessons.published });
  if (!row) {
    return false;
  }
  if (decision === 'approve' && row.published) {
    await db
      .update(lessons)
      .set({ searchText: searchTextOf(row.published) })
      .where(eq(lessons.id, lessonId));
    await db.insert(lessonVersions).values({
      lessonId,
      version: row.version,
      content: row.published,
      reviewedBy: reviewerId,
    });
  }
  // A review belongs to the version it led to (approved) or to the one being written (sent back).
  const version = decision === 'approve' ? row.version : row.version + 1;
  await db.insert(lessonReviews).values({ lessonId, reviewerId, decision, comment, version });
  return true;
}

/** The reviews of the version being written (or just published), oldest first. */
export async function reviewsOf(db: Tx, lessonId: number, version: number) {
  return db
    .select({
      reviewer: sql<string>`coalesce((select username from users where id = ${lessonReviews.reviewerId}), '')`,
      decision: lessonReviews.decision,
      comment: lessonReviews.comment,
      at: lessonReviews.at,
    })
    .from(lessonReviews)
    .where(and(eq(lessonReviews.lessonId, lessonId), eq(lessonReviews.version, version)))
    .orderBy(asc(lessonReviews.at), asc(lessonReviews.id));
}

/** Working copies the user may see: their own, and (a reviewer) those others sent for review. Newest first. */
export async function visibleDrafts(db: Tx, userId: number, reviewer: boolean) {
  const mine = eq(lessons.draftAuthorId, userId);
  return db
    .select({ lesson: lessons, authorName: nameOf(lessons.draftAuthorId) })
    .from(lessons)
    .where(and(isNotNull(lessons.draft), reviewer ? or(mine, eq(lessons.status, 'in_review')) : mine))
    .orderBy(desc(lessons.updatedAt), asc(lessons.id))
    .limit(200);
}

/** Every published version of a lesson, newest first, titled in the language (else the one it has). */
export async function versionsOf(db: Tx, lessonId: number, language: 'en' | 'fr') {
  const c = lessonVersions.content;
  return db
    .select({
      version: lessonVersions.version,
      publishedAt: lessonVersions.publishedAt,
      title: sql<string>`coalesce(${c}->${language}->>'title', ${c}->'en'->>'title', ${c}->'fr'->>'title', '')`,
      reviewedBy: sql<string | null>`(select username from users where id = ${lessonVersions.reviewedBy})`,
    })
    .from(lessonVersions)
    .where(eq(lessonVersions.lessonId, lessonId))
    .orderBy(desc(lessonVersions.version));
}
