// Account rules: registration, sign-in with rate limits, sign-out, language preference.
import type { z } from 'zod';
import type { ZRegister } from '../../contract/auth';
import type { Language } from '../../contract/common';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { tooManyRequests } from '../http/rate-limit';
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
import { checkPassword, hashPassword } from './passwords';
import { sessionCache } from './session-cache';
import { createSession, deleteSessionByToken, deleteSessionsOfUser } from './sessions';

export const LOGIN_WINDOW_MINUTES = 15;
export const LOGIN_FAILURES_PER_USERNAME = 10;
export const LOGIN_FAILURES_PER_IP = 100;

type RegisterInput = z.output<typeof ZRegister>;

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

  async function assertNotLocked(key: string, ip: string): Promise<void> {
    const checks = [
      {
        window: await recentFailures(ctx.db, { usernameKey: key }, LOGIN_WINDOW_MINUTES),
        limit: LOGIN_FAILURES_PER_USERNAME,
      },
      { window: await recentFailures(ctx.db, { ip }, LOGIN_WINDOW_MINUTES), limit: LOGIN_FAILURES_PER_IP },
    ];
    for (const { window, limit } of checks) {
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
      const token = await createSession(ctx.db, user.id);
      return { user, token };
    },

    async login(
      input: { username: string; password: string },
      meta: { ip: string; previousToken?: string | undefined },
    ) {
      const key = usernameKey(input.username);
      await assertNotLocked(key, meta.ip);
      const user = await findUserByUsername(ctx.db, input.username);
      const ok = await checkPassword(user?.passwordHash ?? null, input.password);
      if (!user || !ok) {
        await recordFailure(ctx.db, key, meta.ip);
        throw new AppError('unauthorized', 'errors.invalidCredentials');
      }
      if (meta.previousToken) {
        await endSession(meta.previousToken);
      }
      const token = await createSession(ctx.db, user.id);
      return { user, token };
    },

    async logout(token: string | undefined) {
      if (token) {
        await endSession(token);
      }
    },

    /** Checks the current password, stores the new one and ends every session; answers a fresh session. */
    async changePassword(userId: number, input: { currentPassword: string; newPassword: string }) {
      const user = await findUserById(ctx.db, userId);
      if (!user || !(await checkPassword(user.passwordHash, input.currentPassword))) {
        throw new AppError('forbidden', 'errors.wrongPassword');
      }
      const passwordHash = await hashPassword(input.newPassword);
      const token = await ctx.db.transaction(async (tx) => {
        await setPasswordHash(tx, userId, passwordHash);
        await deleteSessionsOfUser(tx, userId);
        await ctx.bus.publish(tx, { type: 'user', id: userId, userId });
        return createSession(tx, userId);
      });
      sessions.dropUser(userId);
      return token;
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
