// Demo data for the network: members, a few dozen posts in English and French, comments, reactions, connections.
// Idempotent: users are found by username; posts, comments, reactions and connections are written once.

import { HOUR_MS } from '../../contract/constants';
import { findUsersByUsernames } from '../auth/user-accounts';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { insertConnection } from '../network/connections.repo';
import {
  addReactions,
  countPostsBy,
  findCommentByContent,
  findPostByContent,
  insertComment,
  insertPost,
} from '../network/posts.repo';
import { TEN_POSTS } from '../network/posts.service';
import { storePhotoPairs } from '../photos';
import { awardAchievement } from '../users/achievements';
import { accountOf, ensureDemoUsers } from './accounts';
import { demoPhoto } from './demo-photos';
import { NETWORK_USERS, SEED_CONNECTIONS, SEED_POSTS, type SeedPost, seedReactions } from './network-data';

async function ensureUsers(ctx: AppContext): Promise<Map<string, number>> {
  await ensureDemoUsers(ctx, NETWORK_USERS.map(accountOf));
  const names = new Set([...SEED_POSTS.map((p) => p.author), ...SEED_CONNECTIONS.flat(), 'amina', 'kofi']);
  const users = await findUsersByUsernames(ctx.db, [...names]);
  return new Map([...users].map(([name, user]) => [name, user.id]));
}

/** What the writing shares: the transaction, ids by username, who may react, one clock. */
interface Run {
  tx: Tx;
  ctx: AppContext;
  ids: Map<string, number>;
  reactors: string[];
  now: number;
}

export async function seed(ctx: AppContext): Promise<void> {
  const ids = await ensureUsers(ctx);
  const reactors = [...ids.keys()].sort();
  const now = Date.now();
  // Oldest first, so that ids follow time and the feed (newest id first) reads in order.
  const ordered = SEED_POSTS.map((post, index) => ({ post, index })).sort(
    (a, b) => b.post.hoursAgo - a.post.hoursAgo,
  );
  const first = ordered[0]?.post;
  const firstAuthor = first ? ids.get(first.author) : undefined;
  // Everything below is written in one transaction: when its first post exists, it all does. Skipping it then
  // keeps what users deleted since (a post, a reaction, a connection) deleted across restarts.
  if (!first || firstAuthor === undefined || (await findPostByContent(ctx.db, firstAuthor, first.content))) {
    return;
  }
  await ctx.db.transaction(async (tx) => {
    const run: Run = { tx, ctx, ids, reactors, now };
    for (const { post, index } of ordered) {
      await writePost(run, post, index);
    }
    await awardPosters(run);
    await writeConnections(run);
  });
}

/** A post (unless it exists), its comments 47 minutes apart and its reactions. */
async function writePost(run: Run, post: SeedPost, index: number): Promise<void> {
  const { tx, ids, now } = run;
  const authorId = ids.get(post.author);
  if (authorId === undefined) {
    return;
  }
  const createdAt = new Date(now - post.hoursAgo * HOUR_MS);
  const found = await findPostByContent(tx, authorId, post.content);
  const row =
    found ??
    (await insertPost(tx, {
      authorId,
      content: post.content,
      type: post.type,
      attachments: post.attachments ?? [],
      createdAt,
    }));
  if (!found && post.photos) {
    await storePhotoPairs(tx, run.ctx, {
      ownerKind: 'post',
      ownerId: row.id,
      uploadedBy: authorId,
      photos: post.photos.map(demoPhoto),
    });
  }
  for (const [i, comment] of (post.comments ?? []).entries()) {
    const commenter = ids.get(comment.author);
    if (commenter === undefined || (await findCommentByContent(tx, row.id, commenter, comment.content))) {
      continue;
    }
    const at = new Date(row.createdAt.getTime() + (i + 1) * 47 * 60_000);
    await insertComment(tx, {
      postId: row.id,
      authorId: commenter,
      content: comment.content,
      createdAt: new Date(Math.min(at.getTime(), now)),
    });
  }
  await addReactions(
    tx,
    seedReactions(index, run.reactors).flatMap(({ user, type }) => {
      const userId = ids.get(user);
      return userId !== undefined && userId !== authorId ? [{ postId: row.id, userId, type }] : [];
    }),
  );
}

async function awardPosters({ tx, ctx, ids }: Run): Promise<void> {
  for (const [name, userId] of ids) {
    if (SEED_POSTS.some((p) => p.author === name)) {
      await awardAchievement(tx, ctx, userId, 'first_post');
      if ((await countPostsBy(tx, userId)) >= TEN_POSTS) {
        await awardAchievement(tx, ctx, userId, 'ten_posts');
      }
    }
  }
}

/** The connections a day apart from 30 days ago; an accepted one earns both sides the achievement. */
async function writeConnections({ tx, ctx, ids, now }: Run): Promise<void> {
  for (const [i, [asker, asked, status]] of SEED_CONNECTIONS.entries()) {
    const followerId = ids.get(asker);
    const followingId = ids.get(asked);
    if (followerId === undefined || followingId === undefined) {
      continue;
    }
    const row = await insertConnection(tx, {
      followerId,
      followingId,
      status,
      createdAt: new Date(now - (30 - i) * 24 * HOUR_MS),
    });
    if (row && status === 'accepted') {
      await awardAchievement(tx, ctx, followerId, 'first_connection');
      await awardAchievement(tx, ctx, followingId, 'first_connection');
    }
  }
}
