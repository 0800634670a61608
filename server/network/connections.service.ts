// Rules for connections: ask (no self, no duplicate), answer (only the user asked), remove (either side).

import { findUserById } from '../auth';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { notify } from '../notifications';
import { awardAchievement } from '../users';
import {
  type ConnectionRow,
  deleteConnection,
  insertConnection,
  listConnectionsOf,
  lockConnection,
  setConnectionStatus,
} from './connections.repo';
import type { ConnectionWithUsers } from './network.present';

const notFound = () => new AppError('notFound', 'network.errors.connectionNotFound');

/** A connection concerns its two users only: each hears about it on their own stream. */
async function announce(ctx: AppContext, tx: Tx, row: ConnectionRow) {
  await ctx.bus.publish(
    tx,
    { type: 'connection', id: row.id, userId: row.followerId },
    { userIds: [row.followerId] },
  );
  await ctx.bus.publish(
    tx,
    { type: 'connection', id: row.id, userId: row.followingId },
    { userIds: [row.followingId] },
  );
}

/** The connection with both usernames: the viewer's own, and `other` for the user at the other end. */
function withUsernames(viewer: SessionUser, row: ConnectionRow, other: string): ConnectionWithUsers {
  const mineIsFollower = row.followerId === viewer.id;
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt,
    followerId: row.followerId,
    followerName: mineIsFollower ? viewer.username : other,
    followingId: row.followingId,
    followingName: mineIsFollower ? other : viewer.username,
  };
}

export async function listConnections(
  ctx: AppContext,
  options: { viewer: SessionUser },
): Promise<{ followers: ConnectionWithUsers[]; following: ConnectionWithUsers[] }> {
  const { viewer } = options;
  const rows = await listConnectionsOf(ctx.db, viewer.id);
  return {
    followers: rows.filter((r) => r.followingId === viewer.id),
    following: rows.filter((r) => r.followerId === viewer.id),
  };
}

export async function askConnection(
  ctx: AppContext,
  options: { viewer: SessionUser; userId: number },
): Promise<ConnectionWithUsers> {
  const { viewer, userId } = options;
  if (userId === viewer.id) {
    throw new AppError('badRequest', 'network.errors.selfConnection');
  }
  const target = await findUserById(ctx.db, userId);
  if (!target) {
    throw new AppError('notFound', 'errors.userNotFound');
  }
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertConnection(tx, { followerId: viewer.id, followingId: userId });
    if (!inserted) {
      throw new AppError('conflict', 'network.errors.alreadyConnected');
    }
    await announce(ctx, tx, inserted);
    await notify(tx, ctx, [userId], {
      type: 'connection_requested',
      data: { user: viewer.username },
      link: '/network',
    });
    return inserted;
  });
  return withUsernames(viewer, row, target.username);
}

export async function answerConnection(
  ctx: AppContext,
  options: { viewer: SessionUser; id: number; status: 'accepted' | 'declined' },
): Promise<ConnectionWithUsers> {
  const { viewer, id, status } = options;
  const row = await ctx.db.transaction(async (tx) => {
    const found = await lockConnection(tx, id);
    if (!found || (found.followerId !== viewer.id && found.followingId !== viewer.id)) {
      throw notFound();
    }
    if (found.followingId !== viewer.id) {
      throw new AppError('forbidden', 'network.errors.onlyAskedUser');
    }
    if (found.status !== 'pending') {
      throw new AppError('conflict', 'network.errors.alreadyAnswered');
    }
    const updated = await setConnectionStatus(tx, id, status);
    if (!updated) {
      throw notFound();
    }
    if (status === 'accepted') {
      await awardAchievement(tx, ctx, updated.followerId, 'first_connection');
      await awardAchievement(tx, ctx, updated.followingId, 'first_connection');
      await notify(tx, ctx, [updated.followerId], {
        type: 'connection_accepted',
        data: { user: viewer.username },
        link: '/network',
      });
    }
    await announce(ctx, tx, updated);
    return updated;
  });
  const other = await findUserById(ctx.db, row.followerId);
  return withUsernames(viewer, row, other?.username ?? '');
}

export async function removeConnection(
  ctx: AppContext,
  options: { viewer: SessionUser; id: number },
): Promise<void> {
  const { viewer, id } = options;
  await ctx.db.transaction(async (tx) => {
    const found = await lockConnection(tx, id);
    if (!found || (found.followerId !== viewer.id && found.followingId !== viewer.id)) {
      throw notFound();
    }
    await deleteConnection(tx, id);
    await announce(ctx, tx, found);
  });
}
