// Rules for posts, comments and reactions: who may delete, reaction toggles, achievements, live events.
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { ZPostInput } from '../../contract/network';
import type { ReactionType } from '../../contract/network-constants';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { notify } from '../notifications';
import { deletePhotosOf, type PhotoPair, photoPairsOf, sendPhoto, storePhotoPairs } from '../photos';
import { awardAchievement, heldAchievements } from '../users';
import type { FeedPage } from './feed-cache';
import { feedCache } from './feed-cache';
import { canModerate, viewerOf } from './network.present';
import {
  addReaction,
  type CommentWithAuthor,
  countPostsBy,
  deleteComment as deleteCommentRow,
  deletePost as deletePostRow,
  findComment,
  findPostWithAuthor,
  insertComment,
  insertPost,
  insertPostAnnounced,
  lockPost,
  type PostWithAuthor,
  type ReactionTally,
  removeReaction,
  tallyReactions,
} from './posts.repo';

export const TEN_POSTS = 10;

const postNotFound = () => new AppError('notFound', 'network.errors.postNotFound');

/** A page of the feed, and the cursor of the next one (null on the last page). */
export async function listFeed(
  ctx: AppContext,
  options: { limit: number; cursor?: number | undefined },
): Promise<{ page: FeedPage; nextCursor: number | null }> {
  // One row more than asked tells whether another page exists; the first pages come from memory.
  const page = await feedCache.of(ctx).page(options.limit, options.cursor);
  const last = page.rows[options.limit - 1];
  return { page, nextCursor: page.rows.length > options.limit && last ? last.post.id : null };
}

/**
 * A new post, with its pictures stored in the same transaction (a refused picture refuses the post). Answers the
 * post, its author's name and its pictures' hashes.
 */
export async function createPost(
  ctx: AppContext,
  options: { viewer: SessionUser } & z.output<typeof ZPostInput>,
): Promise<PostWithAuthor & { photos: PhotoPair[] }> {
  const { viewer } = options;
  const values = {
    authorId: viewer.id,
    content: options.content,
    type: options.type,
    attachments: options.attachments,
  };
  // Posts, comments and reactions are public: the feed is the same for every signed-in user.
  // An author known to hold both post achievements needs only the insert and its NOTIFY: one statement.
  const post =
    heldAchievements.of(ctx).has(viewer.id, 'ten_posts') && options.photos.length === 0
      ? await insertPostAnnounced(ctx.db, values, (id) => ctx.bus.notifySql({ type: 'post', id }, 'public'))
      : await ctx.db.transaction(async (tx) => {
          const row = await insertPost(tx, values);
          await storePhotoPairs(tx, ctx, {
            ownerKind: 'post',
            ownerId: row.id,
            uploadedBy: viewer.id,
            photos: options.photos,
          });
          await awardPostAchievements(tx, ctx, viewer.id);
          await ctx.bus.publish(tx, { type: 'post', id: row.id }, 'public');
          return row;
        });
  feedCache.of(ctx).drop();
  const photos =
    options.photos.length === 0 ? [] : ((await photoPairsOf(ctx.db, 'post', [post.id])).get(post.id) ?? []);
  return { post, username: viewer.username, photos };
}

/**
 * Sends a post's picture or thumbnail: posts are public to every signed-in user, so any of them may have it while
 * the post exists; a deleted post's, or a hash the post has no photo under, is not found (404).
 */
export async function sendPostPhoto(
  ctx: AppContext,
  reply: FastifyReply,
  options: { id: number; hash: string },
): Promise<void> {
  const found = await findPostWithAuthor(ctx.db, options.id);
  if (
    !found ||
    !(await sendPhoto(ctx, reply, { ownerKind: 'post', ownerIds: [found.post.id], hash: options.hash }))
  ) {
    throw new AppError('notFound', 'photos.errors.notFound');
  }
}

export async function deletePost(
  ctx: AppContext,
  options: { viewer: SessionUser; id: number },
): Promise<void> {
  const { id } = options;
  await ctx.db.transaction(async (tx) => {
    const found = await findPostWithAuthor(tx, id);
    if (!found) {
      throw postNotFound();
    }
    if (!canModerate(viewerOf(options.viewer), found.post.authorId)) {
      throw new AppError('forbidden', 'network.errors.notYourPost');
    }
    await deletePostRow(tx, id);
    await deletePhotosOf(tx, ctx, 'post', id);
    await ctx.bus.publish(tx, { type: 'post', id }, 'public');
  });
  feedCache.of(ctx).drop();
}

export async function addComment(
  ctx: AppContext,
  options: { viewer: SessionUser; postId: number; content: string },
): Promise<CommentWithAuthor> {
  const { viewer, postId } = options;
  const comment = await ctx.db.transaction(async (tx) => {
    const post = await lockPost(tx, postId);
    if (!post) {
      throw postNotFound();
    }
    const row = await insertComment(tx, { postId, authorId: viewer.id, content: options.content });
    await ctx.bus.publish(tx, { type: 'comment', id: row.id }, 'public');
    if (post.authorId !== viewer.id) {
      await notify(tx, ctx, [post.authorId], {
        type: 'post_comment',
        data: { user: viewer.username, excerpt: excerpt(options.content) },
        link: '/network',
      });
    }
    return row;
  });
  feedCache.of(ctx).drop();
  return { comment, username: viewer.username };
}

export async function deleteComment(
  ctx: AppContext,
  options: { viewer: SessionUser; id: number },
): Promise<void> {
  const { id } = options;
  await ctx.db.transaction(async (tx) => {
    const found = await findComment(tx, id);
    if (!found) {
      throw new AppError('notFound', 'network.errors.commentNotFound');
    }
    if (!canModerate(viewerOf(options.viewer), found.authorId)) {
      throw new AppError('forbidden', 'network.errors.notYourComment');
    }
    await deleteCommentRow(tx, id);
    await ctx.bus.publish(tx, { type: 'comment', id }, 'public');
  });
  feedCache.of(ctx).drop();
}

/** Toggles the viewer's reaction of this type; answers whether it is on now and the post's new tallies. */
export async function reactToPost(
  ctx: AppContext,
  options: { viewer: SessionUser; postId: number; type: ReactionType },
): Promise<{ postId: number; type: ReactionType; active: boolean; tallies: ReactionTally[] }> {
  const { viewer, postId, type } = options;
  const result = await ctx.db.transaction(async (tx) => {
    if (!(await lockPost(tx, postId))) {
      throw postNotFound();
    }
    const active = await toggleReaction(tx, postId, viewer.id, type);
    await ctx.bus.publish(tx, { type: 'reaction', id: postId }, 'public');
    const tallies = await tallyReactions(tx, [postId], viewer.id);
    return { postId, type, active, tallies };
  });
  feedCache.of(ctx).drop();
  return result;
}

/**
 * Removes the reaction if it is there, else adds it. Under concurrency (PostgreSQL, READ COMMITTED) an insert can
 * lose to a toggle that committed meanwhile; the next statement sees that row and removes it, so N concurrent
 * toggles always end in the state N sequential toggles would.
 */
export async function toggleReaction(
  tx: Tx,
  postId: number,
  userId: number,
  type: ReactionType,
): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (await removeReaction(tx, postId, userId, type)) {
      return false;
    }
    if (await addReaction(tx, { postId, userId, type })) {
      return true;
    }
  }
  throw new AppError('conflict', 'errors.conflict');
}

async function awardPostAchievements(tx: Tx, ctx: AppContext, userId: number): Promise<void> {
  await awardAchievement(tx, ctx, userId, 'first_post');
  if (!heldAchievements.of(ctx).has(userId, 'ten_posts') && (await countPostsBy(tx, userId)) >= TEN_POSTS) {
    await awardAchievement(tx, ctx, userId, 'ten_posts');
  }
}

/** The start of a comment, for a notification's one line. */
function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}
