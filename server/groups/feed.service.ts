// A group's own feed: posts and comments its active members write and its readers read (a public discussion
// group's feed is anyone's). Membership is read at each request, so a removed member loses the feed at once.
import type { TGroupComment, TGroupPost } from '../../contract/groups';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { type FeedPageBody, groupFeedCache } from './feed-cache';
import { groupFor, groupForReading } from './group-access';
import { presentPost } from './groups.present';
import {
  activeMembersSql,
  commentsOf,
  insertComment,
  insertPost,
  postOfGroup,
  postPage,
} from './groups.repo';

/** A page of the group's feed, serialised: who may read is checked at each request, the page is cached. */
export async function feedPage(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  page: { cursor?: number | undefined; limit: number },
): Promise<FeedPageBody> {
  await groupForReading(ctx, user, groupId, 'read');
  return groupFeedCache.of(ctx).page(groupId, page, async () => {
    const rows = await postPage(ctx.db, groupId, page);
    const posts = rows.slice(0, page.limit);
    const comments = await commentsOf(
      ctx.db,
      posts.map((p) => p.post.id),
    );
    return {
      items: posts.map((p) =>
        presentPost(
          p,
          comments.filter((c) => c.comment.postId === p.post.id),
        ),
      ),
      next: rows.length > page.limit ? (posts.at(-1)?.post.id ?? null) : null,
    };
  });
}

/**
 * A write to a group's feed in one transaction, with its event (the members' open pages refetch; every instance
 * drops the group's cached pages); once it commits, this instance drops them at once, so the writer's next read
 * sees the write.
 */
async function feedWrite<T>(ctx: AppContext, groupId: number, work: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await ctx.db.transaction(async (tx) => {
    const done = await work(tx);
    await ctx.bus.publish(tx, { type: 'group_feed', id: groupId }, { userIdsSql: activeMembersSql(groupId) });
    return done;
  });
  groupFeedCache.of(ctx).drop(groupId);
  return result;
}

export async function writePost(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  body: string,
): Promise<TGroupPost> {
  return feedWrite(ctx, groupId, async (tx) => {
    await groupFor(tx, user, groupId, 'post');
    const post = await insertPost(tx, { groupId, authorId: user.id, body });
    return presentPost({ post, username: user.username }, []);
  });
}

export async function writeComment(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  postId: number,
  body: string,
): Promise<TGroupComment> {
  return feedWrite(ctx, groupId, async (tx) => {
    await groupFor(tx, user, groupId, 'post');
    if (!(await postOfGroup(tx, groupId, postId))) {
      throw new AppError('notFound', 'groups.errors.notFound');
    }
    const comment = await insertComment(tx, { postId, authorId: user.id, body });
    return {
      id: comment.id,
      author: { id: user.id, username: user.username },
      body: comment.body,
      createdAt: comment.createdAt.toISOString(),
    };
  });
}
