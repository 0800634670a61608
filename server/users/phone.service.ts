// Proving a phone number: a 6-digit code sent to it (by SMS, or WhatsApp if asked) through the outbound queue;
// it expires in 10 minutes and allows 5 tries; codes may be asked again only so often. Only a proven number gets
// messages.
import { createHash, randomInt } from 'node:crypto';
import { e164, type TPhoneInput, type TPhoneStatus, ZPhoneInput } from '../../contract/notifications';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { translate } from '../http/i18n';
import { botStatus, channelStates, dropQueuedMessages, queueCode } from '../notifications';
import {
  clearVerifiedPhone,
  countWrongTry,
  deleteVerification,
  findVerification,
  saveVerification,
  setVerifiedPhone,
  type VerificationRow,
} from './phone.repo';
import { pinState } from './pin.service';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_TRIES = 5;
/** A new code at most once a minute, and five an hour. */
export const RESEND_AFTER_MS = 60_000;
export const SENDS_PER_WINDOW = 5;
const SEND_WINDOW_MS = 60 * 60_000;

const hashCode = (userId: number, code: string) =>
  createHash('sha256').update(`${userId}:${code}`).digest('hex');

function pendingOf(row: VerificationRow | null, now: Date): TPhoneStatus['pending'] {
  if (!row || row.expiresAt <= now || row.tries >= CODE_TRIES) {
    return null;
  }
  return {
    phone: row.phone,
    channel: row.channel,
    expiresAt: row.expiresAt.toISOString(),
    triesLeft: CODE_TRIES - row.tries,
    resendAt: new Date(nextSendAt(row, now)).toISOString(),
  };
}

/** The first instant another code may be sent (the minute since the last, and the hour's allowance). */
function nextSendAt(row: VerificationRow, now: Date): number {
  const afterLast = row.lastSentAt.getTime() + RESEND_AFTER_MS;
  const windowOver = row.windowStart.getTime() + SEND_WINDOW_MS;
  const full = row.sends >= SENDS_PER_WINDOW && now.getTime() < windowOver;
  return full ? Math.max(afterLast, windowOver) : afterLast;
}

export async function phoneStatus(ctx: AppContext, db: Tx, user: SessionUser): Promise<TPhoneStatus> {
  const [states, row, pin] = await Promise.all([
    channelStates(db, ctx.config.channels, user),
    findVerification(db, user.id),
    pinState(db, user.id),
  ]);
  const bot = await botStatus(db, user, states.verifiedPhone);
  return { ...states, pending: pendingOf(row, new Date()), pin: { set: pin.set, locked: pin.locked }, bot };
}

/** Sends a new code to the number (202); 409 when that channel is off here, 429 when asked again too soon. */
export async function requestCode(
  ctx: AppContext,
  user: SessionUser,
  input: TPhoneInput,
): Promise<TPhoneStatus> {
  const { countryCode, phoneNumber, channel } = ZPhoneInput.parse(input);
  if (ctx.config.channels[channel] === null) {
    throw new AppError('conflict', 'notifications.errors.channelOff');
  }
  const phone = e164(countryCode, phoneNumber);
  return ctx.db.transaction(async (tx) => {
    const now = new Date();
    const earlier = await findVerification(tx, user.id, true);
    if (earlier && nextSendAt(earlier, now) > now.getTime()) {
      const wait = Math.ceil((nextSendAt(earlier, now) - now.getTime()) / 1000);
      throw new AppError(
        'rateLimited',
        'notifications.errors.resendTooSoon',
        { seconds: wait },
        {
          'retry-after': String(wait),
        },
      );
    }
    const sameWindow = earlier && now.getTime() < earlier.windowStart.getTime() + SEND_WINDOW_MS;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await saveVerification(tx, {
      userId: user.id,
      phone,
      countryCode,
      nationalNumber: phoneNumber,
      channel,
      codeHash: hashCode(user.id, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      tries: 0,
      sends: sameWindow ? earlier.sends + 1 : 1,
      windowStart: sameWindow ? earlier.windowStart : now,
      lastSentAt: now,
    });
    const numberFull = await queueCode(tx, {
      userId: user.id,
      channel,
      recipient: phone,
      body: translate(user.language, 'notifications.phone.codeMessage', {
        code,
        minutes: CODE_TTL_MS / 60_000,
      }),
    });
    if (numberFull > 0) {
      // Thrown inside the transaction: the code saved above is rolled back with it.
      throw new AppError(
        'rateLimited',
        'notifications.errors.numberCodeLimit',
        { minutes: Math.ceil(numberFull / 60) },
        { 'retry-after': String(numberFull) },
      );
    }
    return phoneStatus(ctx, tx, user);
  });
}

/** Checks a code: right → the number is the user's proven one; wrong → one try fewer (422), kept even so. */
export async function verifyCode(ctx: AppContext, user: SessionUser, code: string): Promise<TPhoneStatus> {
  type Verdict = { status: TPhoneStatus } | { error: string; left?: number };
  const verdict: Verdict = await ctx.db.transaction(async (tx): Promise<Verdict> => {
    const row = await findVerification(tx, user.id, true);
    if (!row) {
      return { error: 'notifications.errors.noCode' };
    }
    if (row.expiresAt <= new Date() || row.tries >= CODE_TRIES) {
      return { error: 'notifications.errors.codeExpired' };
    }
    if (row.codeHash !== hashCode(user.id, code)) {
      // The wrong try is counted (committed) even though the request fails.
      await countWrongTry(tx, user.id);
      return { error: 'notifications.errors.wrongCode', left: CODE_TRIES - row.tries - 1 };
    }
    await dropQueuedMessages(tx, user.id);
    await setVerifiedPhone(tx, user.id, {
      e164: row.phone,
      countryCode: row.countryCode,
      phoneNumber: row.nationalNumber,
      via: row.channel,
    });
    await deleteVerification(tx, user.id);
    return { status: await phoneStatus(ctx, tx, user) };
  });
  if ('status' in verdict) {
    return verdict.status;
  }
  throw verdict.left === undefined
    ? new AppError('conflict', verdict.error)
    : new AppError('unprocessable', verdict.error, { left: verdict.left });
}

/** Forgets the proven number: no more messages; what was queued for it is dropped. */
export async function removePhone(ctx: AppContext, user: SessionUser): Promise<TPhoneStatus> {
  return ctx.db.transaction(async (tx) => {
    await dropQueuedMessages(tx, user.id);
    await clearVerifiedPhone(tx, user.id);
    await deleteVerification(tx, user.id);
    return phoneStatus(ctx, tx, user);
  });
}
