// Account rules: registration, sign-in with rate limits and device cookies, sign-out, language preference.
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { ZRegister } from '../../contract/auth';
import type { Language } from '../../contract/constants';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { deleteDevicesOfUser, findDevice, issueDevice } from './device-cookies';
import { loginTrySucceeded, startLoginTry } from './login-throttle';
import { checkPassword, hashPassword } from './passwords';
import { sessionCache } from './session-cache';
import { createSession, deleteSessionByToken, deleteSessionsOfUser } from './sessions';
import {
  findUserById,
  findUserByUsername,
  insertUser,
  setLanguage,
  setPasswordHash,
  type UserRow,
  usernameKey,
} from './user-accounts';

/** The cookies a sign-in leaves: the session token and this browser's device token. */
export interface SignedIn {
  token: string;
  deviceToken: string;
}

/** The signed-in user's account; null when it is gone. */
export async function findSignedInUser(
  ctx: AppContext,
  options: { userId: number },
): Promise<UserRow | null> {
  return findUserById(ctx.db, options.userId);
}

/** Tells every instance (this one at once) to forget the user's cached sessions: ended ones stop working. */
async function endSession(ctx: AppContext, token: string): Promise<void> {
  const userId = await ctx.db.transaction(async (tx) => {
    const owner = await deleteSessionByToken(tx, token);
    if (owner !== null) {
      await ctx.bus.publish(tx, { type: 'user', id: owner, userId: owner }, { userIds: [owner] });
    }
    return owner;
  });
  if (userId !== null) {
    sessionCache.of(ctx).dropUser(userId);
  }
}

/** `requestLanguage` is the client's language, kept when the form chose none. */
export async function registerUser(
  ctx: AppContext,
  options: z.output<typeof ZRegister> & { requestLanguage: Language },
): Promise<SignedIn & { user: UserRow }> {
  const passwordHash = await hashPassword(options.password);
  const user = await ctx.db.transaction(async (tx) => {
    const row = await insertUser(tx, {
      username: options.username,
      passwordHash,
      role: options.role,
      email: options.email,
      phoneNumber: options.phoneNumber,
      countryCode: options.countryCode,
      language: options.language ?? options.requestLanguage,
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
}

/**
 * A farmer who registers from a phone (USSD): the number the network gave is their proven one, the PIN confirms
 * their phone writes (hashed as a password is: pin.service.ts checks it so). Their password is random and known to nobody:
 * they use Terroir by phone until there is a way to choose one. Null when the name (or a look-alike) is taken.
 */
export async function registerByPhone(
  ctx: AppContext,
  options: { username: string; pin: string; language: Language; phone: string },
): Promise<UserRow | null> {
  const [passwordHash, pinHash] = await Promise.all([
    hashPassword(randomBytes(32).toString('base64url')),
    hashPassword(options.pin),
  ]);
  return ctx.db.transaction(async (tx) => {
    const row = await insertUser(tx, {
      username: options.username,
      passwordHash,
      pinHash,
      role: 'farmer',
      language: options.language,
      verifiedPhone: options.phone,
      phoneVerifiedVia: 'sms',
    });
    if (row) {
      await ctx.bus.publish(tx, { type: 'user', id: row.id }, 'public');
    }
    return row;
  });
}

/** `previousToken` is the session this client held (ended here); `deviceToken` its device cookie, if any. */
export async function signIn(
  ctx: AppContext,
  options: {
    username: string;
    password: string;
    ip: string;
    previousToken?: string | undefined;
    deviceToken?: string | undefined;
  },
): Promise<SignedIn & { user: UserRow }> {
  const key = usernameKey(options.username);
  const user = await findUserByUsername(ctx.db, options.username);
  const deviceId =
    user && options.deviceToken ? await findDevice(ctx.db, options.deviceToken, user.id) : null;
  const tryId = await startLoginTry(ctx.db, { usernameKey: key, ip: options.ip, deviceId });
  const ok = await checkPassword(user?.passwordHash ?? null, options.password);
  if (!user || !ok) {
    throw new AppError('unauthorized', 'errors.invalidCredentials');
  }
  await loginTrySucceeded(ctx.db, tryId);
  if (options.previousToken) {
    await endSession(ctx, options.previousToken);
  }
  const signedIn = await ctx.db.transaction(async (tx) => ({
    token: await createSession(tx, user.id),
    deviceToken: await issueDevice(tx, user.id, deviceId),
  }));
  return { user, ...signedIn };
}

export async function signOut(ctx: AppContext, options: { token: string | undefined }): Promise<void> {
  if (options.token) {
    await endSession(ctx, options.token);
  }
}

/**
 * Checks the current password, stores the new one, ends every session and forgets every device
 * cookie; answers a fresh session and device cookie for this client. A wrong current password is a
 * failed sign-in of the account from this address (a stolen session must not be a free guessing oracle),
 * and the sign-in limits apply before it is checked.
 */
export async function changePassword(
  ctx: AppContext,
  options: { userId: number; currentPassword: string; newPassword: string; ip: string },
): Promise<SignedIn> {
  const { userId } = options;
  const user = await findUserById(ctx.db, userId);
  if (!user) {
    throw new AppError('forbidden', 'errors.wrongPassword');
  }
  const tryId = await startLoginTry(ctx.db, {
    usernameKey: user.usernameKey,
    ip: options.ip,
    deviceId: null,
  });
  if (!(await checkPassword(user.passwordHash, options.currentPassword))) {
    throw new AppError('forbidden', 'errors.wrongPassword');
  }
  await loginTrySucceeded(ctx.db, tryId);
  const passwordHash = await hashPassword(options.newPassword);
  const signedIn = await ctx.db.transaction(async (tx) => {
    await setPasswordHash(tx, userId, passwordHash);
    await deleteSessionsOfUser(tx, userId);
    await deleteDevicesOfUser(tx, userId);
    await ctx.bus.publish(tx, { type: 'user', id: userId, userId }, { userIds: [userId] });
    return { token: await createSession(tx, userId), deviceToken: await issueDevice(tx, userId, null) };
  });
  sessionCache.of(ctx).dropUser(userId);
  return signedIn;
}

export async function changeLanguage(
  ctx: AppContext,
  options: { userId: number; language: Language },
): Promise<UserRow> {
  const { userId } = options;
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await setLanguage(tx, userId, options.language);
    if (!updated) {
      throw new AppError('notFound', 'errors.notFound');
    }
    await ctx.bus.publish(tx, { type: 'user', id: userId, userId }, { userIds: [userId] });
    return updated;
  });
  sessionCache.of(ctx).dropUser(userId);
  return row;
}
