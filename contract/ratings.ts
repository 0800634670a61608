// Ratings after a completed order: buyer and seller each rate the other (1–5 and a short note); profiles and
// marketplace cards show the aggregate.
import { z } from 'zod';
import { zMultiLine } from './text';

/** A rating may be changed by its author for this many days after it was first given; then it stands. */
export const RATING_EDIT_DAYS = 7;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** A short note: a line or two, as a review on a phone. */
export const RATING_NOTE_MAX = 280;

/** PUT /api/orders/:id/rating: the score and an optional note (empty means none). */
export const ZRatingInput = z.object({
  score: z
    .number({ error: 'ratings.validation.score' })
    .int('ratings.validation.score')
    .min(RATING_MIN, 'ratings.validation.score')
    .max(RATING_MAX, 'ratings.validation.score'),
  note: zMultiLine({ error: 'ratings.validation.note' })
    .max(RATING_NOTE_MAX, 'ratings.validation.note')
    .optional()
    .transform((v) => (v ? v : null)),
});

/** PATCH /api/ratings/:id: a manager hides an abusive note (the score still counts) or shows it again. */
export const ZRatingModeration = z.object({ hidden: z.boolean({ error: 'ratings.validation.hidden' }) });

/** A user's aggregate: the mean score (one decimal) and how many ratings it rests on; null average with none. */
export const ZRatingSummary = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
});
export type TRatingSummary = z.infer<typeof ZRatingSummary>;

const ZParty = z.object({ id: z.number().int(), username: z.string() });

export const ZRating = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  /** What was sold, as the order names it. */
  commodityName: z.string(),
  score: z.number().int(),
  /** The note; null when there is none, or when a manager hid it and the reader is not a manager. */
  note: z.string().nullable(),
  /** A manager hid the note: the score still counts, the text is shown to managers only. */
  hidden: z.boolean(),
  /** Whether the rater was the order's buyer or its seller. */
  raterSide: z.enum(['buyer', 'seller']),
  rater: ZParty,
  ratee: ZParty,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Until when its author may change it. */
  editableUntil: z.string(),
});
export type TRating = z.infer<typeof ZRating>;

/** GET /api/orders/:id/ratings: the caller's rating of the other side, theirs of the caller, and what may be done. */
export const ZOrderRatings = z.object({
  mine: ZRating.nullable(),
  theirs: ZRating.nullable(),
  /** The caller is the order's buyer or seller and the order is completed. */
  canRate: z.boolean(),
  /** The caller may still give or change their rating now. */
  canEdit: z.boolean(),
});
export type TOrderRatings = z.infer<typeof ZOrderRatings>;

/** The record of a user's orders (as buyer or seller): completed, cancelled, and ever disputed. */
export const ZOrderRecord = z.object({
  completed: z.number().int(),
  cancelled: z.number().int(),
  disputed: z.number().int(),
});

/** GET /api/users/:id/ratings: the aggregate, the order record and the latest ratings received. */
export const ZUserRatings = z.object({
  userId: z.number().int(),
  summary: ZRatingSummary,
  record: ZOrderRecord,
  items: z.array(ZRating),
});
export type TUserRatings = z.infer<typeof ZUserRatings>;

/** The mean of scores rounded to one decimal (what cards show), null with none. */
export function roundedAverage(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}

/** Whether a rating given at `createdAt` may still be changed at `now`. */
export function ratingEditable(createdAt: Date, now: Date): boolean {
  return now.getTime() < ratingEditableUntil(createdAt).getTime();
}

export function ratingEditableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + RATING_EDIT_DAYS * 86_400_000);
}
