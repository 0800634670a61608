// Queries for posts, comments and reactions; a feed page is read in a fixed number of queries (no N+1).
import { and, asc, count, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { PostType } from '../../contract/network';
import type { ReactionType } from '../../contract/network-constants';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { comments, posts, reactions } from './network.schema';

export type PostRow = typeof posts.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;

export interface PostWithAuthor {
  post: PostRow;
  username: string;
}
export interface CommentWithAuthor {
  comment: CommentRow;
  username: string;
}
export interface ReactionTally {
  postId: number;
  type: ReactionType;
  count: number;
  mine: boolean;
}

/** One page of posts, newest first: ids below `cursor`, at most `limit`. */
export async function listPostsPage(db: Tx, options: { limit: number; cursor?: number | undefined }) {
  const where: SQL | undefined = options.cursor === undefined ? undefined : lt(posts.id, options.cursor);
  return db
    .select({ post: posts, username: users.username })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(where)
    .orderBy(desc(posts.id))
    .limit(options.limit);
}

export async function findPostWithAuthor(db: Tx, id: number): Promise<PostWithAuthor | null> {
  const [row] = await db
    .select({ post: posts, username: users.username })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(eq(posts.id, id))
    .limit(1);
  return row ?? null;
}

/** Comments of these posts with their authors, oldest first. */
export async function listCommentsOf(db: Tx, postIds: number[]): Promise<CommentWithAuthor[]> {
  if (postIds.length === 0) {
    return [];
  }
  return db
    .select({ comment: comments, username: users.username })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(inArray(comments.postId, postIds))
    .orderBy(asc(comments.id));
}

/** Reaction counts per post and type, and whether `userId` is among them: one grouped query. */
/** Who reacted how to these posts (the feed cache tallies them per viewer in memory). */
export async function listReactionsOf(db: Tx, postIds: number[]) {
  if (postIds.length === 0) {
    return [];
  }
  return db
    .select({ postId: reactions.postId, userId: reactions.userId, type: reactions.type })
    .from(reactions)
    .where(inArray(reactions.postId, postIds));
}

export async function tallyReactions(db: Tx, postIds: number[], userId: number): Promise<ReactionTally[]> {
  if (postIds.length === 0) {
    return [];
  }
  return db
    .select({
      postId: reactions.postId,
      type: reactions.type,
      count: count(),
      mine: sql<boolean>`bool_or(${reactions.userId} = ${userId})`,
    })
    .from(reactions)
    .where(inArray(reactions.postId, postIds))
    .groupBy(reactions.postId, reactions.type);
}

export async function insertPost(
  db: Tx,
  post: { authorId: number; content: string; type: PostType; attachments: string[]; createdAt?: Date },
) {
  const [row] = await db.insert(posts).values(post).returning();
  if (!row) {
    throw new Error('post insert returned nothing');
  }
  return row;
}

/** Inserts a post and runs `announce(id)` (its NOTIFY) in one statement, atomic without a transaction. */
export async function insertPostAnnounced(
  db: Tx,
  post: { authorId: number; content: string; type: PostType; attachments: string[] },
  announce: (id: SQL) => SQL,
) {
  const inserted = db.$with('inserted').as(db.insert(posts).values(post).returning());
  const [row] = await db
    .with(inserted)
    .select({
      id: inserted.id,
      authorId: inserted.authorId,
      content: inserted.content,
      type: inserted.type,
      attachments: inserted.attachments,
      createdAt: inserted.createdAt,
      announced: sql<string>`${announce(sql`${inserted.id}`)}::text`,
    })
    .from(inserted);
  if (!row) {
    throw new Error('post insert returned nothing');
  }
  const { announced: _, ...created } = row;
  return created;
}

export async function countPostsBy(db: Tx, authorId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(posts).where(eq(posts.authorId, authorId));
  return row?.n ?? 0;
}

export async function deletePost(db: Tx, id: number) {
  const rows = await db.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
  return rows.length > 0;
}

/** Locks the post row so that a concurrent delete cannot leave an orphan comment or reaction. */
export async function lockPost(db: Tx, id: number) {
  const [row] = await db
    .select({ id: posts.id, authorId: posts.authorId })
    .from(posts)
    .where(eq(posts.id, id))
    .for('share')
    .limit(1);
  return row ?? null;
}

export async function insertComment(
  db: Tx,
  comment: { postId: number; authorId: number; content: string; createdAt?: Date },
) {
  const [row] = await db.insert(comments).values(comment).returning();
  if (!row) {
    throw new Error('comment insert returned nothing');
  }
  return row;
}

export async function findComment(db: Tx, id: number) {
  const [row] = await db.select().from(comments).where(eq(comments.id, id)).limit(1);
  return row ?? null;
}

export async function deleteComment(db: Tx, id: number) {
  const rows = await db.delete(comments).where(eq(comments.id, id)).returning({ id: comments.id });
  return rows.length > 0;
}

const reactionMatch = (postId: number, userId: number, type: ReactionType) =>
  and(eq(reactions.postId, postId), eq(reactions.userId, userId), eq(reactions.type, type));

export async function removeReaction(db: Tx, postId: number, userId: number, type: ReactionType) {
  const rows = await db
    .delete(reactions)
    .where(reactionMatch(postId, userId, type))
    .returning({ id: reactions.id });
  return rows.length > 0;
}

/** Adds the reaction; false when it already exists (a concurrent toggle committed it first). */
export async function addReaction(
  db: Tx,
  reaction: { postId: number; userId: number; type: ReactionType; createdAt?: Date },
) {
  const rows = await db
    .insert(reactions)
    .values(reaction)
    .onConflictDoNothing()
    .returning({ id: reactions.id });
  return rows.length > 0;
}

/** The author's post with exactly this content (the demo seed uses it to stay idempotent). */
export async function findPostByContent(db: Tx, authorId: number, content: string) {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.authorId, authorId), eq(posts.content, content)))
    .limit(1);
  return row ?? null;
}

export async function findCommentByContent(db: Tx, postId: number, authorId: number, content: string) {
  const [row] = await db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.postId, postId), eq(comments.authorId, authorId), eq(comments.content, content)))
    .limit(1);
  return row ?? null;
}

/** Adds several reactions at once, skipping those that exist (the demo seed). */
export async function addReactions(db: Tx, rows: { postId: number; userId: number; type: ReactionType }[]) {
  if (rows.length > 0) {
    await db.insert(reactions).values(rows).onConflictDoNothing();
  }
}
