// Choosing a new password with a code sent to the account's proven number (for everyone, and the only way for a
// farmer registered by USSD, who never had a password). The answers never tell whether an account or a number
// exists; the code is single-use, expires, allows a few tries, and shares the number's code allowance.
import { createHash, randomInt } from 'node:crypto';
import type { TPasswordResetConfirm } from '../../contract/auth';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { translate } from '../http/i18n';
import { tooManyRequests } from '../http/rate-limit';
import { takeSharedSlot, type WindowLimit } from '../http/shared-limit';
import { queueCode } from '../notifications';
import type { SignedIn } from './auth.service';
import { deleteDevicesOfUser, issueDevice } from './device-cookies';
import { networkSource } from './login-throttle';
import { countWrongReset, findReset, saveReset, takeReset } from './password-reset.repo';
import { hashPassword } from './passwords';
import { sessionCache } from './session-cache';
import { createSession, deleteSessionsOfUser } from './sessions';
import {
  accountByPhone,
  findUserById,
  findUserByUsername,
  setPasswordHash,
  type UserRow,
} from './user-accounts';

export const RESET_CODE_TTL_MS = 10 * 60_000;
/** Wrong codes before the code is dead (as for the phone's own code). */
export const RESET_CODE_TRIES = 5;
/** Reset requests one network may make, whatever the accounts (each may send an SMS). */
export const RESET_REQUESTS_PER_SOURCE: readonly WindowLimit[] = [{ count: 10, windowMs: 60 * 60_000 }];
/** Codes one network may try, whatever the accounts. */
export const RESET_CONFIRMS_PER_SOURCE: readonly WindowLimit[] = [{ count: 30, windowMs: 60 * 60_000 }];

/** A number as the network gives it: E.164. */
const E164 = /^\+[1-9][0-9]{6,14}$/;

const hashCode = (userId: number, code: string) =>
  createHash('sha256').update(`reset:${userId}:${code}`).digest('hex');

/** One answer for a wrong, expired, used or never-sent code, and an unknown account alike. */
const invalidCode = () => new AppError('unprocessable', 'auth.reset.codeInvalid');

/** The number typed, in E.164: `+…` or `00…` as is, else the deployment's country code before it (leading 0 dropped). */
function asPhone(text: string, defaultCountryCode: string | null): string | null {
  const digits = text.replace(/[\s().-]/g, '');
  const phone = digits.startsWith('00')
    ? `+${digits.slice(2)}`
    : digits.startsWith('+') || defaultCountryCode === null
      ? digits
      : `${defaultCountryCode}${digits.replace(/^0/, '')}`;
  return E164.test(phone) ? phone : null;
}

/** The account named by its username, else by its proven number; null when there is none. */
async function accountNamed(ctx: AppContext, account: string): Promise<UserRow | null> {
  const byName = await findUserByUsername(ctx.db, account);
  if (byName) {
    return byName;
  }
  const phone = asPhone(account, ctx.config.defaultCountryCode);
  const owner = phone === null ? null : await accountByPhone(ctx.db, phone);
  return owner ? findUserById(ctx.db, owner.id) : null;
}

/** SMS when this server sends it, else WhatsApp when the number was proven there and it is on. */
function channelFor(ctx: AppContext, user: UserRow) {
  if (ctx.config.channels.sms !== null) {
    return 'sms' as const;
  }
  return user.phoneVerifiedVia === 'whatsapp' && ctx.config.channels.whatsapp !== null ? 'whatsapp' : null;
}

/**
 * Sends a code to the account's proven number if it has one and the number's allowance has room; answers the same
 * in every case. Only the network's own allowance (RESET_REQUESTS_PER_SOURCE) is refused out loud: it counts
 * every request, so its 429 tells nothing about the account.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  options: { account: string; ip: string },
): Promise<void> {
  const user = await accountNamed(ctx, options.account);
  await ctx.db.transaction(async (tx) => {
    const wait = await takeSharedSlot(tx, {
      bucket: 'reset-request',
      key: networkSource(options.ip),
      limits: RESET_REQUESTS_PER_SOURCE,
    });
    if (wait > 0) {
      throw tooManyRequests(wait);
    }
    const channel = user ? channelFor(ctx, user) : null;
    if (!user?.verifiedPhone || channel === null) {
      return;
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const numberFull = await queueCode(tx, {
      userId: user.id,
      channel,
      recipient: user.verifiedPhone,
      body: translate(user.language, 'auth.reset.codeMessage', {
        code,
        minutes: RESET_CODE_TTL_MS / 60_000,
      }),
    });
    // A number past its allowance gets nothing, silently: a 429 here would say the account has a proven number.
    if (numberFull === 0) {
      await saveReset(tx, {
        userId: user.id,
        codeHash: hashCode(user.id, code),
        expiresAt: new Date(Date.now() + RESET_CODE_TTL_MS),
      });
    }
  });
}

/** Checks the code (a wrong one is one try fewer, kept even though the request fails); the user it is for. */
async function checkCode(ctx: AppContext, options: { account: string; code: string }): Promise<UserRow> {
  const user = await accountNamed(ctx, options.account);
  if (!user) {
    throw invalidCode();
  }
  const right = await ctx.db.transaction(async (tx) => {
    const row = await findReset(tx, user.id);
    if (!row || row.expiresAt <= new Date() || row.tries >= RESET_CODE_TRIES) {
      return false;
    }
    if (row.codeHash !== hashCode(user.id, options.code)) {
      await countWrongReset(tx, user.id);
      return false;
    }
    return true;
  });
  if (!right) {
    throw invalidCode();
  }
  return user;
}

/**
 * Takes the code and sets the new password: every session and device cookie of the account ends (on every
 * instance: the bus tells them), and this client is signed in with a fresh session and device cookie.
 */
export async function confirmPasswordReset(
  ctx: AppContext,
  options: TPasswordResetConfirm & { ip: string },
): Promise<SignedIn & { user: UserRow }> {
  const wait = await ctx.db.transaction((tx) =>
    takeSharedSlot(tx, {
      bucket: 'reset-confirm',
      key: networkSource(options.ip),
      limits: RESET_CONFIRMS_PER_SOURCE,
    }),
  );
  if (wait > 0) {
    throw tooManyRequests(wait);
  }
  const user = await checkCode(ctx, options);
  // Hashed outside the transaction (it is slow); the code is taken inside, so only one request can use it.
  const passwordHash = await hashPassword(options.newPassword);
  const signedIn = await ctx.db.transaction(async (tx) => {
    if (!(await takeReset(tx, user.id, hashCode(user.id, options.code), RESET_CODE_TRIES))) {
      throw invalidCode();
    }
    await setPasswordHash(tx, user.id, passwordHash);
    await deleteSessionsOfUser(tx, user.id);
    await deleteDevicesOfUser(tx, user.id);
    await ctx.bus.publish(tx, { type: 'user', id: user.id, userId: user.id }, { userIds: [user.id] });
    return { token: await createSession(tx, user.id), deviceToken: await issueDevice(tx, user.id, null) };
  });
  sessionCache.of(ctx).dropUser(user.id);
  return { user, ...signedIn };
}
