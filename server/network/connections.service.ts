// Rules for connections: ask (no self, no duplicate), answer (only the user asked), remove (either side).
import type { TConnection, TConnections } from '../../contract/network';
import type { SessionUser } from '../auth/sessions';
import { findUserById } from '../auth/user-accounts';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { AppError } from '../http/errors';
import { awardAchievement } from '../users/achievements';
import {
  type ConnectionRow,
  deleteConnection,
  insertConnection,
  listConnectionsOf,
  lockConnection,
  setConnectionStatus,
} from './connections.repo';
import { presentConnection } from './network.present';

const notFound = () => new AppError('notFound', 'network.errors.connectionNotFound');

export function createConnectionsService(ctx: AppContext) {
  /** A connection concerns its two users only: each hears about it on their own stream. */
  async function announce(tx: Tx, row: ConnectionRow) {
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

  async function present(viewer: SessionUser, row: ConnectionRow, other: string): Promise<TConnection> {
    const mineIsFollower = row.followerId === viewer.id;
    return presentConnection({
      id: row.id,
      status: row.status,
      createdAt: row.createdAt,
      followerId: row.followerId,
      followerName: mineIsFollower ? viewer.username : other,
      followingId: row.followingId,
      followingName: mineIsFollower ? other : viewer.username,
    });
  }

  return {
    async list(viewer: SessionUser): Promise<TConnections> {
      const rows = await listConnectionsOf(ctx.db, viewer.id);
      return {
        followers: rows.filter((r) => r.followingId === viewer.id).map(presentConnection),
        following: rows.filter((r) => r.followerId === viewer.id).map(presentConnection),
      };
    },

    async ask(viewer: SessionUser, userId: number): Promise<TConnection> {
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
        await announce(tx, inserted);
        return inserted;
      });
      return present(viewer, row, target.username);
    },

    async answer(viewer: SessionUser, id: number, status: 'accepted' | 'declined'): Promise<TConnection> {
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
        }
        await announce(tx, updated);
        return updated;
      });
      const other = await findUserById(ctx.db, row.followerId);
      return present(viewer, row, other?.username ?? '');
    },

    async remove(viewer: SessionUser, id: number): Promise<void> {
      await ctx.db.transaction(async (tx) => {
        const found = await lockConnection(tx, id);
        if (!found || (found.followerId !== viewer.id && found.followingId !== viewer.id)) {
          throw notFound();
        }
        await deleteConnection(tx, id);
        await announce(tx, found);
      });
    },
  };
}
