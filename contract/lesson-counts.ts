// What co-operative admins and agents see of their people's reading: how many opened and finished each lesson, never
// who; and each reader's choice to be left out of those counts.
import { z } from 'zod';

export { LEARNING_COUNTS_MIN_SHARING } from './lesson-counts-constants';

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
