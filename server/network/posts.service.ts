// Rules for posts, comments and reactions: who may delete, reaction toggles, achievements, live events.
import type { z } from 'zod';
import type { ReactionType, TComment, TPost, TReactionResult, ZPostInput } from '../../contract/network';
import type { SessionUser } from '../auth/sessions';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { AppError } from '../http/errors';
import { awardAchievement } from '../users/achievements';
import { feedBody } from './feed-cache';
import { canModerate, presentComment, presentPost, summariseReactions, viewerOf } from './network.present';
import {
  addReaction,
  countPostsBy,
  deleteComment,
  deletePost,
  findComment,
  findPostWithAuthor,
  insertComment,
  insertPost,
  insertPostAnnounced,
  lockPost,
  removeReaction,
  tallyReactions,
} from './posts.repo';

export const TEN_POSTS = 10;

type PostInput = z.output<typeof ZPostInput>;

const postNotFound = () => new AppError('notFound', 'network.errors.postNotFound');

export function createPostsService(ctx: AppContext) {
  const feed = ctx.feed;
  return {
    /** A page of the feed as JSON, and the cursor of the next one (null on the last page). */
    async feed(viewer: SessionUser, options: { limit: number; cursor?: number | undefined }) {
      // One row more than asked tells whether another page exists; the first pages come from memory.
      const page = await feed.page(options.limit, options.cursor);
      const last = page.rows[options.limit - 1];
      return {
        body: feedBody(page, viewerOf(viewer)),
        nextCursor: page.rows.length > options.limit && last ? last.post.id : null,
      };
    },

    async create(viewer: SessionUser, input: PostInput): Promise<TPost> {
      const values = {
        authorId: viewer.id,
        content: input.content,
        type: input.type,
        attachments: input.attachments,
      };
      // Posts, comments and reactions are public: the feed is the same for every signed-in user.
      // An author known to hold both post achievements needs only the insert and its NOTIFY: one statement.
      const post = ctx.achievements.has(viewer.id, 'ten_posts')
        ? await insertPostAnnounced(ctx.db, values, (id) => ctx.bus.notifySql({ type: 'post', id }, 'public'))
        : await ctx.db.transaction(async (tx) => {
            const row = await insertPost(tx, values);
            await awardPostAchievements(tx, ctx, viewer.id);
            await ctx.bus.publish(tx, { type: 'post', id: row.id }, 'public');
            return row;
          });
      feed.drop();
      return presentPost({ post, username: viewer.username }, viewerOf(viewer), {
        comments: [],
        tallies: [],
      });
    },

    async remove(viewer: SessionUser, id: number): Promise<void> {
      await ctx.db.transaction(async (tx) => {
        const found = await findPostWithAuthor(tx, id);
        if (!found) {
          throw postNotFound();
        }
        if (!canModerate(viewerOf(viewer), found.post.authorId)) {
          throw new AppError('forbidden', 'network.errors.notYourPost');
        }
        await deletePost(tx, id);
        await ctx.bus.publish(tx, { type: 'post', id }, 'public');
      });
      feed.drop();
    },

    async comment(viewer: SessionUser, postId: number, content: string): Promise<TComment> {
      const comment = await ctx.db.transaction(async (tx) => {
        if (!(await lockPost(tx, postId))) {
          throw postNotFound();
        }
        const row = await insertComment(tx, { postId, authorId: viewer.id, content });
        await ctx.bus.publish(tx, { type: 'comment', id: row.id }, 'public');
        return row;
      });
      feed.drop();
      return presentComment({ comment, username: viewer.username }, viewerOf(viewer));
    },

    async removeComment(viewer: SessionUser, id: number): Promise<void> {
      await ctx.db.transaction(async (tx) => {
        const found = await findComment(tx, id);
        if (!found) {
          throw new AppError('notFound', 'network.errors.commentNotFound');
        }
        if (!canModerate(viewerOf(viewer), found.authorId)) {
          throw new AppError('forbidden', 'network.errors.notYourComment');
        }
        await deleteComment(tx, id);
        await ctx.bus.publish(tx, { type: 'comment', id }, 'public');
      });
      feed.drop();
    },

    /** Toggles the viewer's reaction of this type and answers the post's new counts. */
    async react(viewer: SessionUser, postId: number, type: ReactionType): Promise<TReactionResult> {
      const result = await ctx.db.transaction(async (tx) => {
        if (!(await lockPost(tx, postId))) {
          throw postNotFound();
        }
        const active = await toggleReaction(tx, postId, viewer.id, type);
        await ctx.bus.publish(tx, { type: 'reaction', id: postId }, 'public');
        const summary = summariseReactions(await tallyReactions(tx, [postId], viewer.id));
        return { postId, type, active, ...summary };
      });
      feed.drop();
      return result;
    },
  };
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
  if (!ctx.achievements.has(userId, 'ten_posts') && (await countPostsBy(tx, userId)) >= TEN_POSTS) {
    await awardAchievement(tx, ctx, userId, 'ten_posts');
  }
}
