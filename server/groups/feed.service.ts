// A group's own feed: posts and comments its active members write and its readers read (a public discussion
// group's feed is anyone's). Membership is read at each request, so a removed member loses the feed at once.
import type { TGroupComment, TGroupPost } from '../../contract/groups';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { groupFor } from './group-access';
import { presentPost } from './groups.present';
import { commentsOf, insertComment, insertPost, postOfGroup, postPage } from './groups.repo';

export async function feedPage(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  page: { cursor?: number | undefined; limit: number },
): Promise<{ items: TGroupPost[]; next: number | null }> {
  await groupFor(ctx.db, user, groupId, 'read');
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
}

export async function writePost(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  body: string,
): Promise<TGroupPost> {
  return ctx.db.transaction(async (tx) => {
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
  return ctx.db.transaction(async (tx) => {
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
