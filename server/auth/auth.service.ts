// Account rules: registration, sign-in with rate limits and device cookies, sign-out, language preference.
import type { z } from 'zod';
import type { TUser, ZRegister } from '../../contract/auth';
import type { Language } from '../../contract/common';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { AppError } from '../http/errors';
import { tooManyRequests } from '../http/rate-limit';
import { presentUser } from '../users/users.present';
import {
  findUserById,
  findUserByUsername,
  insertUser,
  recentFailures,
  recordFailure,
  setLanguage,
  setPasswordHash,
  usernameKey,
} from './auth.repo';
import { deleteDevicesOfUser, findDevice, issueDevice } from './device-cookies';
import { checkPassword, hashPassword } from './passwords';
import { sessionCache } from './session-cache';
import { createSession, deleteSessionByToken, deleteSessionsOfUser } from './sessions';

export const LOGIN_WINDOW_MINUTES = 15;
export const LOGIN_FAILURES_PER_USERNAME = 10;
export const LOGIN_FAILURES_PER_IP = 100;
/** Failures allowed per device cookie before that cookie is locked too (for the rest of the window). */
export const LOGIN_FAILURES_PER_DEVICE = 10;

type RegisterInput = z.output<typeof ZRegister>;

/** The signed-in user as GET /api/user and the served pages show it; null when the account is gone. */
export async function currentUser(db: Tx, userId: number): Promise<TUser | null> {
  const row = await findUserById(db, userId);
  return row ? presentUser(row) : null;
}

export function createAuthService(ctx: AppContext) {
  const sessions = sessionCache(ctx.bus);

  /** Tells every instance (this one at once) to forget the user's cached sessions: ended ones stop working. */
  async function endSession(token: string): Promise<void> {
    const userId = await ctx.db.transaction(async (tx) => {
      const owner = await deleteSessionByToken(tx, token);
      if (owner !== null) {
        await ctx.bus.publish(tx, { type: 'user', id: owner, userId: owner });
      }
      return owner;
    });
    if (userId !== null) {
      sessions.dropUser(userId);
    }
  }

  /**
   * OWASP device cookies: a client with a valid device cookie for this user is limited per cookie, every
   * other client per username, so an attacker locking the username does not lock out the user's own
   * browsers. Refused tries are not counted (they cannot extend a lock). The per-address limit holds for all.
   */
  async function assertMayTry(scope: { key: string; ip: string; deviceId: number | null }): Promise<void> {
    const checks = [
      scope.deviceId === null
        ? { by: { usernameKey: scope.key }, limit: LOGIN_FAILURES_PER_USERNAME }
        : { by: { deviceId: scope.deviceId }, limit: LOGIN_FAILURES_PER_DEVICE },
      { by: { ip: scope.ip }, limit: LOGIN_FAILURES_PER_IP },
    ];
    for (const { by, limit } of checks) {
      const window = await recentFailures(ctx.db, by, LOGIN_WINDOW_MINUTES);
      if (window.count >= limit && window.oldest) {
        const reopensAt = window.oldest.getTime() + LOGIN_WINDOW_MINUTES * 60_000;
        throw tooManyRequests(Math.ceil((reopensAt - Date.now()) / 1000));
      }
    }
  }

  return {
    async register(input: RegisterInput, meta: { language: Language }) {
      const passwordHash = await hashPassword(input.password);
      const user = await ctx.db.transaction(async (tx) => {
        const row = await insertUser(tx, {
          username: input.username,
          passwordHash,
          role: input.role,
          email: input.email,
          phoneNumber: input.phoneNumber,
          countryCode: input.countryCode,
          language: input.language ?? meta.language,
        });
        if (!row) {
          throw new AppError('conflict', 'errors.usernameTaken');
        }
        await ctx.bus.publish(tx, { type: 'user', id: row.id });
        return row;
      });
      const signedIn = await ctx.db.transaction(async (tx) => ({
        token: await createSession(tx, user.id),
        deviceToken: await issueDevice(tx, user.id, null),
      }));
      return { user, ...signedIn };
    },

    async login(
      input: { username: string; password: string },
      meta: { ip: string; previousToken?: string | undefined; deviceToken?: string | undefined },
    ) {
      const key = usernameKey(input.username);
      const user = await findUserByUsername(ctx.db, input.username);
      const deviceId = user && meta.deviceToken ? await findDevice(ctx.db, meta.deviceToken, user.id) : null;
      await assertMayTry({ key, ip: meta.ip, deviceId });
      const ok = await checkPassword(user?.passwordHash ?? null, input.password);
      if (!user || !ok) {
        await recordFailure(ctx.db, { usernameKey: key, ip: meta.ip, deviceId });
        throw new AppError('unauthorized', 'errors.invalidCredentials');
      }
      if (meta.previousToken) {
        await endSession(meta.previousToken);
      }
      const signedIn = await ctx.db.transaction(async (tx) => ({
        token: await createSession(tx, user.id),
        deviceToken: await issueDevice(tx, user.id, deviceId),
      }));
      return { user, ...signedIn };
    },

    async logout(token: string | undefined) {
      if (token) {
        await endSession(token);
      }
    },

    /**
     * Checks the current password, stores the new one, ends every session and forgets every device
     * cookie; answers a fresh session and device cookie for this client.
     */
    async changePassword(userId: number, input: { currentPassword: string; newPassword: string }) {
      const user = await findUserById(ctx.db, userId);
      if (!user || !(await checkPassword(user.passwordHash, input.currentPassword))) {
        throw new AppError('forbidden', 'errors.wrongPassword');
      }
      const passwordHash = await hashPassword(input.newPassword);
      const signedIn = await ctx.db.transaction(async (tx) => {
        await setPasswordHash(tx, userId, passwordHash);
        await deleteSessionsOfUser(tx, userId);
        await deleteDevicesOfUser(tx, userId);
        await ctx.bus.publish(tx, { type: 'user', id: userId, userId });
        return { token: await createSession(tx, userId), deviceToken: await issueDevice(tx, userId, null) };
      });
      sessions.dropUser(userId);
      return signedIn;
    },

    async setLanguage(userId: number, language: Language) {
      const row = await ctx.db.transaction(async (tx) => {
        const updated = await setLanguage(tx, userId, language);
        if (!updated) {
          throw new AppError('notFound', 'errors.notFound');
        }
        await ctx.bus.publish(tx, { type: 'user', id: userId, userId });
        return updated;
      });
      sessions.dropUser(userId);
      return row;
    },
  };
}
