// What co-operative admins and agents see of their people's reading: how many opened and finished each lesson, never
// who; and each reader's choice to be left out of those counts.
import { z } from 'zod';

/**
 * Counts are shown only when at least this many people share their reading (the viewer not among them): below it,
 * a count could be one person's (or, the viewer knowing their own, two people's) reading. This is k-anonymity with
 * k = 3 (Sweeney L., 2002, "k-anonymity: a model for protecting privacy", International Journal of Uncertainty,
 * Fuzziness and Knowledge-Based Systems 10(5)); 3 is our choice of k, the smallest that hides one person among
 * others. The cost is said, not hidden: the admin of a co-operative of two or three members, or an agent with one or
 * two farmers, sees how many share but no counts.
 */
export const LEARNING_COUNTS_MIN_SHARING = 3;

/** One lesson's counts among the people who share their reading. */
export const ZLearningCount = z.object({
  slug: z.string(),
  /** The lesson's number. */
  id: z.number().int(),
  /** In the reader's language, else the language the lesson has. */
  title: z.string(),
  opened: z.number().int(),
  finished: z.number().int(),
});
export type TLearningCount = z.infer<typeof ZLearningCount>;

/**
 * `GET /api/groups/:id/learning` (a co-operative's admins: its other active members) and `GET /api/agents/learning`
 * (an agent: the farmers they represent now). Lessons nobody opened are left out; `data` is empty when `withheld`.
 */
export const ZLearningCounts = z.object({
  /** People whose reading is counted (they share it). */
  members: z.number().int(),
  /** People who keep their reading to themselves: not counted. */
  private: z.number().int(),
  /** Fewer than LEARNING_COUNTS_MIN_SHARING people share: no counts are given. */
  withheld: z.boolean(),
  data: z.array(ZLearningCount),
});
export type TLearningCounts = z.infer<typeof ZLearningCounts>;

/** `GET` and `PUT /api/lessons/privacy`: whether the reader's co-operatives and agent count what they read. */
export const ZLessonPrivacy = z.object({ shared: z.boolean() }).strict();
export type TLessonPrivacy = z.infer<typeof ZLessonPrivacy>;
