// Counts for the network overview: connected farmers, active discussions, recent events, each one query.
import { and, countDistinct, eq, gte, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { comments, connections, posts } from './network.schema';

/** Farmers who are on at least one side of an accepted connection. */
export async function countConnectedFarmers(db: Tx): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(users.id) })
    .from(users)
    .innerJoin(
      connections,
      and(
        eq(connections.status, 'accepted'),
        or(eq(connections.followerId, users.id), eq(connections.followingId, users.id)),
      ),
    )
    .where(eq(users.role, 'farmer'));
  return row?.n ?? 0;
}

/** Question posts asked since `since`, or with a comment since then. */
export async function countActiveDiscussions(db: Tx, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(posts.id) })
    .from(posts)
    .leftJoin(comments, and(eq(comments.postId, posts.id), gte(comments.createdAt, since)))
    .where(and(eq(posts.type, 'question'), or(gte(posts.createdAt, since), sql`${comments.id} is not null`)));
  return row?.n ?? 0;
}

/** Event posts announced since `since`. */
export async function countRecentEvents(db: Tx, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(posts.id) })
    .from(posts)
    .where(and(eq(posts.type, 'event'), gte(posts.createdAt, since)));
  return row?.n ?? 0;
}
