// What a co-operative's admin and an agent see of their people's reading: counts per lesson among those who share it
// (never who), withheld when too few share (contract/lesson-counts.ts says why); and the reader's choice to share.
import {
  LEARNING_COUNTS_MIN_SHARING,
  type TLearningCount,
  type TLearningCounts,
  type TLessonPrivacy,
} from '../../contract/lesson-counts';
import { representedFarmerIds } from '../agents';
import type { AppContext } from '../context';
import { membersCountedBy } from '../groups';
import type { SessionUser } from '../http/access';
import {
  isSharing,
  keepingPrivate,
  type LessonCountRow,
  lessonCounts,
  setSharing,
} from './learning-counts.repo';
import { textIn } from './lesson-text';

function countOf(row: LessonCountRow, language: 'en' | 'fr'): TLearningCount {
  const text = textIn(row.published, language)?.text;
  return {
    slug: row.slug,
    id: row.id,
    title: text?.title ?? row.slug,
    opened: row.opened,
    finished: row.finished,
  };
}

/** The counts among these people: the most opened lessons first. */
async function countsAmong(
  ctx: AppContext,
  people: readonly number[],
  language: 'en' | 'fr',
): Promise<TLearningCounts> {
  const kept = await keepingPrivate(ctx.db, people);
  const sharing = people.filter((id) => !kept.has(id));
  const withheld = sharing.length < LEARNING_COUNTS_MIN_SHARING;
  const rows = withheld ? [] : await lessonCounts(ctx.db, sharing);
  const data = rows
    .map((row) => countOf(row, language))
    .sort((a, b) => b.opened - a.opened || b.finished - a.finished || a.slug.localeCompare(b.slug));
  return { members: sharing.length, private: kept.size, withheld, data };
}

/** `GET /api/groups/:id/learning`: a co-operative's admin counts its other active members' reading. */
export async function coopLearning(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
): Promise<TLearningCounts> {
  return countsAmong(ctx, await membersCountedBy(ctx.db, user, groupId), user.language);
}

/** `GET /api/agents/learning`: an agent counts the reading of the farmers they represent now. */
export async function agentLearning(ctx: AppContext, user: SessionUser): Promise<TLearningCounts> {
  return countsAmong(ctx, await representedFarmerIds(ctx.db, user.id), user.language);
}

/** `GET /api/lessons/privacy`. */
export async function lessonPrivacyOf(ctx: AppContext, user: SessionUser): Promise<TLessonPrivacy> {
  return { shared: await isSharing(ctx.db, user.id) };
}

/** `PUT /api/lessons/privacy`. */
export async function chooseLessonPrivacy(
  ctx: AppContext,
  user: SessionUser,
  choice: TLessonPrivacy,
): Promise<TLessonPrivacy> {
  await setSharing(ctx.db, user.id, choice.shared);
  return { shared: choice.shared };
}
