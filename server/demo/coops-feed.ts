// The co-operatives demo's conversations and dates: the co-operative's members-only feed, the public group of young
// farmers of the West (made and joined through the groups services), and the dates of what happened before the
// app (the co-operative's founding, its members' joining), so that they read in order with the season's intakes.
import { and, eq, inArray } from 'drizzle-orm';
import { HOUR_MS } from '../../contract/constants';
import { ZGroupInput } from '../../contract/groups';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { addDays } from '../finance/periods';
import { insertComment, insertPost } from '../groups/groups.repo';
import { groupMembers, groups } from '../groups/groups.schema';
import { addMember, createGroup } from '../groups/groups.service';
import {
  ASKS_TO_JOIN,
  COOP_POSTS,
  COOP_STORE_KEEPER,
  type DemoGroupPost,
  FOUNDED_DAYS_AGO,
  INVITED,
  YOUTH_GROUP,
  YOUTH_POSTS,
} from './coops-data';
import type { Cast, CoopRun } from './coops-run';

const MINUTE_MS = 60_000;
/** amina, moussa and esther joined the co-operative this long before the demo, ahead of the season. */
const JOINED_DAYS_AGO = 75;

/** What happened before the season is dated then (the services wrote it as of now). */
export async function backdateMembers(run: CoopRun): Promise<void> {
  const at = (daysAgo: number) => new Date(`${addDays(run.today, -daysAgo)}T08:00:00Z`);
  await run.ctx.db
    .update(groups)
    .set({ createdAt: at(FOUNDED_DAYS_AGO) })
    .where(eq(groups.id, run.groupId));
  const joined = [ASKS_TO_JOIN, INVITED, COOP_STORE_KEEPER].map((name) => run.cast(name).id);
  await run.ctx.db
    .update(groupMembers)
    .set({ createdAt: at(JOINED_DAYS_AGO), joinedAt: at(JOINED_DAYS_AGO) })
    .where(and(eq(groupMembers.groupId, run.groupId), inArray(groupMembers.userId, joined)));
}

/** Posts with their comments 47 minutes apart, dated back from now, oldest first (ids follow time). */
async function writePosts(
  tx: Tx,
  groupId: number,
  cast: Cast,
  posts: readonly DemoGroupPost[],
): Promise<void> {
  const now = Date.now();
  for (const post of posts) {
    const createdAt = new Date(now - post.hoursAgo * HOUR_MS);
    const row = await insertPost(tx, { groupId, authorId: cast(post.author).id, body: post.body, createdAt });
    for (const [i, comment] of post.comments.entries()) {
      const at = Math.min(createdAt.getTime() + (i + 1) * 47 * MINUTE_MS, now);
      await insertComment(tx, {
        postId: row.id,
        authorId: cast(comment.author).id,
        body: comment.body,
        createdAt: new Date(at),
      });
    }
  }
}

export async function writeCoopFeed(run: CoopRun): Promise<void> {
  await run.ctx.db.transaction((tx) => writePosts(tx, run.groupId, run.cast, COOP_POSTS));
}

/** nana.boris opens the public group; the others join it (at once: it is public) and talk. */
export async function writeYouthGroup(ctx: AppContext, cast: Cast): Promise<void> {
  const view = await createGroup(
    ctx,
    cast(YOUTH_GROUP.founder),
    ZGroupInput.parse({
      name: YOUTH_GROUP.name,
      kind: 'discussion',
      description: YOUTH_GROUP.description,
      region: YOUTH_GROUP.region,
      visibility: 'public',
    }),
  );
  for (const joiner of YOUTH_GROUP.joiners) {
    await addMember(ctx, cast(joiner), view.group.id, {});
  }
  const opened = new Date(Date.now() - YOUTH_GROUP.daysOld * 24 * HOUR_MS);
  await ctx.db.update(groups).set({ createdAt: opened }).where(eq(groups.id, view.group.id));
  await ctx.db
    .update(groupMembers)
    .set({ createdAt: opened, joinedAt: opened })
    .where(eq(groupMembers.groupId, view.group.id));
  await ctx.db.transaction((tx) => writePosts(tx, view.group.id, cast, YOUTH_POSTS));
}
