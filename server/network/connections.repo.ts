// Queries for connections between users (one per pair, whichever of the two asked).
import { desc, eq, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import type { ConnectionWithUsers } from './network.present';
import { connections } from './network.schema';

export type ConnectionRow = typeof connections.$inferSelect;

const follower = alias(users, 'follower');
const following = alias(users, 'following');

/** Every connection the user is part of, newest first, with both usernames. */
export async function listConnectionsOf(db: Tx, userId: number): Promise<ConnectionWithUsers[]> {
  return db
    .select({
      id: connections.id,
      status: connections.status,
      createdAt: connections.createdAt,
      followerId: connections.followerId,
      followerName: follower.username,
      followingId: connections.followingId,
      followingName: following.username,
    })
    .from(connections)
    .innerJoin(follower, eq(follower.id, connections.followerId))
    .innerJoin(following, eq(following.id, connections.followingId))
    .where(or(eq(connections.followerId, userId), eq(connections.followingId, userId)))
    .orderBy(desc(connections.id));
}

/** Inserts a pending request; null when the pair is already connected (either way round). */
export async function insertConnection(
  db: Tx,
  values: { followerId: number; followingId: number; status?: ConnectionRow['status']; createdAt?: Date },
) {
  const [row] = await db.insert(connections).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** The connection, locked for the rest of the transaction. */
export async function lockConnection(db: Tx, id: number) {
  const [row] = await db.select().from(connections).where(eq(connections.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function setConnectionStatus(db: Tx, id: number, status: 'accepted' | 'declined') {
  const [row] = await db
    .update(connections)
    .set({ status, respondedAt: new Date() })
    .where(eq(connections.id, id))
    .returning();
  return row ?? null;
}

export async function deleteConnection(db: Tx, id: number) {
  await db.delete(connections).where(eq(connections.id, id));
}
