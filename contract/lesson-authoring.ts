// Writing lessons: experts (named by a manager) and managers write a lesson or a new version of one, submit it, and
// another of them reviews it: approved, it is published (every published version kept); sent back, it returns to
// its author with the reviewer's comment. A working copy is seen only by its author and, in review, the reviewers.
import { z } from 'zod';
import { ZId } from './common';
import { ZLessonContent } from './lessons';
import { zMultiLine } from './text';

/** Where a lesson's working copy is: being written, waiting for a review, or none (what readers read is current). */
export const LESSON_DRAFT_STATES = ['draft', 'in_review', 'published'] as const;

export const REVIEW_DECISIONS = ['approve', 'send_back'] as const;

/** `POST /api/lessons/:slug/review`: approve (publishes it) or send it back, saying why. */
export const ZLessonReviewInput = z
  .object({
    decision: z.enum(REVIEW_DECISIONS),
    comment: zMultiLine().max(2000).optional(),
  })
  .strict()
  .refine((r) => r.decision === 'approve' || (r.comment ?? '').length > 0, {
    message: 'lessons.validation.commentNeeded',
    path: ['comment'],
  });
export type TLessonReviewInput = z.infer<typeof ZLessonReviewInput>;

export const ZLessonReview = z.object({
  reviewer: z.string(),
  decision: z.enum(REVIEW_DECISIONS),
  comment: z.string().nullable(),
  at: z.string(),
});

/** A lesson as its writers and reviewers see it: the working copy (or, with none, what is published). */
export const ZLessonDraft = z.object({
  id: z.number().int(),
  slug: z.string(),
  state: z.enum(LESSON_DRAFT_STATES),
  content: ZLessonContent,
  /** Who wrote the working copy (null: none, or one of the lessons the app ships). */
  author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The published version's number (0: never published). */
  version: z.number().int(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** Reviews of the working copy, oldest first. */
  reviews: z.array(ZLessonReview),
  /** What the caller may do now (the server checks each again). */
  can: z.object({ edit: z.boolean(), submit: z.boolean(), review: z.boolean() }),
});
export type TLessonDraft = z.infer<typeof ZLessonDraft>;

/** `GET /api/lesson-drafts`: the working copies the caller may see, and whether they may write lessons. */
export const ZLessonDraftList = z.object({
  data: z.array(
    z.object({
      slug: z.string(),
      title: z.string(),
      state: z.enum(['draft', 'in_review']),
      author: z.string().nullable(),
      mine: z.boolean(),
      updatedAt: z.string(),
    }),
  ),
  canWrite: z.boolean(),
});
export type TLessonDraftList = z.infer<typeof ZLessonDraftList>;

/** `GET /api/lessons/:slug/versions`: every published version, newest first. */
export const ZLessonVersions = z.object({
  data: z.array(
    z.object({
      version: z.number().int(),
      publishedAt: z.string(),
      reviewedBy: z.string().nullable(),
      title: z.string(),
    }),
  ),
});

/** `GET /api/lesson-experts` (managers): who may write and review lessons besides managers. */
export const ZLessonExperts = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), namedAt: z.string() })),
});

export const ZLessonExpertParams = z.object({ userId: ZId });
