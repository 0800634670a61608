// The phone PIN: set in the app (proven by the password), checked for every write from a phone, locked after
// PIN_TRIES wrong ones in a row until a new one is set.
import { PIN_TRIES, type TPinInput, ZPinInput } from '../../contract/phone';
import { checkPassword, findUserById, hashPassword, loginTrySucceeded, startLoginTry } from '../auth';
import type { Tx } from '../db/client';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { clearPinFailures, countPinFailure, findPin, savePin } from './pin.repo';

export type PinCheck =
  | { ok: true }
  | { ok: false; reason: 'unset' | 'locked' }
  | { ok: false; reason: 'wrong'; left: number };

export const hashPin = (pin: string) => hashPassword(pin);

/**
 * Sets a new PIN (and so unlocks phone writes); 403 when the password is wrong, which counts as a failed sign-in
 * from this address, as a password change does (a stolen session must not be a free guessing oracle).
 */
export async function setPin(
  db: Tx,
  options: { user: SessionUser; input: TPinInput; ip: string },
): Promise<void> {
  const { pin, currentPassword } = ZPinInput.parse(options.input);
  const { user } = options;
  const row = await findUserById(db, user.id);
  if (!row) {
    throw new AppError('forbidden', 'errors.wrongPassword');
  }
  const tryId = await startLoginTry(db, { usernameKey: row.usernameKey, ip: options.ip, deviceId: null });
  if (!(await checkPassword(row.passwordHash, currentPassword))) {
    throw new AppError('forbidden', 'errors.wrongPassword');
  }
  await loginTrySucceeded(db, tryId);
  await savePin(db, user.id, await hashPin(pin));
}

export async function pinState(
  db: Tx,
  userId: number,
): Promise<{ set: boolean; locked: boolean; triesLeft: number }> {
  const row = await findPin(db, userId);
  const failures = row?.failures ?? 0;
  return {
    set: Boolean(row?.pinHash),
    locked: failures >= PIN_TRIES,
    triesLeft: Math.max(0, PIN_TRIES - failures),
  };
}

/**
 * Checks a PIN given by phone. A wrong one is counted in the same statement that reads the count, so two at
 * once cannot both slip under the limit; a right one clears the count (not when already locked).
 */
export async function checkPin(db: Tx, userId: number, pin: string): Promise<PinCheck> {
  const row = await findPin(db, userId);
  if (!row?.pinHash) {
    return { ok: false, reason: 'unset' };
  }
  if (row.failures >= PIN_TRIES) {
    return { ok: false, reason: 'locked' };
  }
  if (/^[0-9]{4}$/.test(pin) && (await checkPassword(row.pinHash, pin))) {
    await clearPinFailures(db, userId);
    return { ok: true };
  }
  const failures = (await countPinFailure(db, userId)) ?? PIN_TRIES;
  return failures >= PIN_TRIES
    ? { ok: false, reason: 'locked' }
    : { ok: false, reason: 'wrong', left: PIN_TRIES - failures };
}
