// Account rules: registration, sign-in with rate limits and device cookies, sign-out, language preference.
import type { z } from 'zod';
import type { TUser, ZRegister } from '../../contract/auth';
import type { Language } from '../../contract/common';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { AppError } from '../http/errors';
import { presentUser } from '../users/users.present';
import { deleteDevicesOfUser, findDevice, issueDevice } from './device-cookies';
import { createLoginThrottle } from './login-throttle';
import { checkPassword, hashPassword } from './passwords';
import { createSession, deleteSessionByToken, deleteSessionsOfUser } from './sessions';
import {
  findUserById,
  findUserByUsername,
  insertUser,
  setLanguage,
  setPasswordHash,
  usernameKey,
} from './user-accounts';

type RegisterInput = z.output<typeof ZRegister>;

/** The signed-in user as GET /api/user and the served pages show it; null when the account is gone. */
export async function currentUser(db: Tx, userId: number): Promise<TUser | null> {
  const row = await findUserById(db, userId);
  return row ? presentUser(row) : null;
}

export function createAuthService(ctx: AppContext) {
  const sessions = ctx.sessions;
  const throttle = createLoginThrottle(ctx.db);

  /** Tells every instance (this one at once) to forget the user's cached sessions: ended ones stop working. */
  async function endSession(token: string): Promise<void> {
    const userId = await ctx.db.transaction(async (tx) => {
      const owner = await deleteSessionByToken(tx, token);
      if (owner !== null) {
        await ctx.bus.publish(tx, { type: 'user', id: owner, userId: owner }, { userIds: [owner] });
      }
      return owner;
    });
    if (userId !== null) {
      sessions.dropUser(userId);
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
        // Public: the new user appears in the directory every signed-in user reads.
        await ctx.bus.publish(tx, { type: 'user', id: row.id }, 'public');
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
      const tryId = await throttle.start({ usernameKey: key, ip: meta.ip, deviceId });
      const ok = await checkPassword(user?.passwordHash ?? null, input.password);
      if (!user || !ok) {
        throw new AppError('unauthorized', 'errors.invalidCredentials');
      }
      await throttle.succeeded(tryId);
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
     * cookie; answers a fresh session and device cookie for this client. A wrong current password is a
     * failed sign-in of the account from this address (a stolen session must not be a free guessing oracle),
     * and the sign-in limits apply before it is checked.
     */
    async changePassword(
      userId: number,
      input: { currentPassword: string; newPassword: string },
      meta: { ip: string },
    ) {
      const user = await findUserById(ctx.db, userId);
      if (!user) {
        throw new AppError('forbidden', 'errors.wrongPassword');
      }
      const tryId = await throttle.start({ usernameKey: user.usernameKey, ip: meta.ip, deviceId: null });
      if (!(await checkPassword(user.passwordHash, input.currentPassword))) {
        throw new AppError('forbidden', 'errors.wrongPassword');
      }
      await throttle.succeeded(tryId);
      const passwordHash = await hashPassword(input.newPassword);
      const signedIn = await ctx.db.transaction(async (tx) => {
        await setPasswordHash(tx, userId, passwordHash);
        await deleteSessionsOfUser(tx, userId);
        await deleteDevicesOfUser(tx, userId);
        await ctx.bus.publish(tx, { type: 'user', id: userId, userId }, { userIds: [userId] });
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
        await ctx.bus.publish(tx, { type: 'user', id: userId, userId }, { userIds: [userId] });
        return updated;
      });
      sessions.dropUser(userId);
      return row;
    },
  };
}
