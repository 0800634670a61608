// Limits on password guessing (sign-in, and the current password at a password change) that nobody can turn
// into a lock-out of the account's owner.
import type { Tx } from '../db/client';
import { tooManyRequests } from '../http/rate-limit';
import {
  accountFailures,
  type FailureFilter,
  type FailureWindow,
  forgetFailure,
  recentFailures,
  recordFailure,
} from './auth.repo';

export const LOGIN_WINDOW_MINUTES = 15;
/** Failures one address may make on one account (without a device cookie) in the window. */
export const LOGIN_FAILURES_PER_USERNAME = 10;
/** Failures one address may make on all accounts together in the window. */
export const LOGIN_FAILURES_PER_IP = 100;
/** Failures allowed per device cookie before that cookie is refused too (for the rest of the window). */
export const LOGIN_FAILURES_PER_DEVICE = 10;
/** The longest an account makes clients without a device cookie wait between tries. */
export const LOGIN_DELAY_CAP_SECONDS = 60;

/**
 * Who is trying: the account's username key, the client's address, and the id of the client's valid device
 * cookie for that account (OWASP device cookies: it signed in as this user before), null for any other client.
 */
export interface TryScope {
  usernameKey: string;
  ip: string;
  deviceId: number | null;
}

/**
 * The account-wide delay for clients without a device cookie, in seconds still to wait (0: may try now).
 *
 * `n` counts the account's failures in the window, each address counting at most LOGIN_FAILURES_PER_USERNAME
 * (the most it can make there before it is refused). Once `n` exceeds LOGIN_FAILURES_PER_USERNAME, the next try
 * waits min(2^(n − LOGIN_FAILURES_PER_USERNAME), LOGIN_DELAY_CAP_SECONDS) seconds after the latest failure.
 * - One address alone never makes another wait: it cannot bring `n` past the threshold.
 * - The requester's own failures count too, so two addresses cannot take ten tries each without delay.
 * - Guessers on any number of addresses get about 30 tries in a first window, then about 16 per window
 *   (while the window holds 10 + k failures, each try waits 2^k s); the owner waits seconds, never a window.
 * - A guesser who tries again the moment each delay ends keeps other clients without a device cookie waiting
 *   too, at most LOGIN_DELAY_CAP_SECONDS a try; the owner's browsers that signed in before are never delayed.
 */
export function accountDelaySeconds(account: FailureWindow): number {
  const excess = account.count - LOGIN_FAILURES_PER_USERNAME;
  if (excess <= 0 || account.latest === null) {
    return 0;
  }
  const waitMs = Math.min(2 ** excess, LOGIN_DELAY_CAP_SECONDS) * 1000;
  const remainingMs = account.latest.getTime() + waitMs - account.now.getTime();
  return remainingMs > 0 ? Math.ceil(remainingMs / 1000) : 0;
}

/** Seconds until a window limit has room again, 0 when it has room now. */
function windowDelaySeconds(window: FailureWindow, limit: number): number {
  if (window.count < limit || window.oldest === null) {
    return 0;
  }
  const reopensMs = window.oldest.getTime() + LOGIN_WINDOW_MINUTES * 60_000;
  return Math.max(1, Math.ceil((reopensMs - window.now.getTime()) / 1000));
}

/**
 * Tries are counted per address (LOGIN_FAILURES_PER_IP, whatever the usernames) and then either per device cookie
 * (LOGIN_FAILURES_PER_DEVICE) or, for every other client, per address on the account
 * (LOGIN_FAILURES_PER_USERNAME) and by the account-wide delay above. Each refuses only what it counts, so
 * failures from one address never refuse a correct password from another. Refused tries are not counted (they
 * cannot extend anything), and unknown usernames are counted like known ones (the answers reveal nothing).
 *
 * `startLoginTry` refuses the try with a 429 (and Retry-After) while a limit holds; otherwise records it as a
 * failure until `loginTrySucceeded` takes it back, and answers its id. Recorded first and checked again against
 * the tries recorded before it, so a burst of concurrent tries cannot all pass the same check.
 */
export async function startLoginTry(db: Tx, scope: TryScope): Promise<number> {
  const waiting = await waitSeconds(db, scope, null);
  if (waiting > 0) {
    throw tooManyRequests(waiting);
  }
  const id = await recordFailure(db, scope);
  const overtaken = await waitSeconds(db, scope, id);
  if (overtaken > 0) {
    await forgetFailure(db, id);
    throw tooManyRequests(overtaken);
  }
  return id;
}

/** The password was right: the try was no failure. */
export async function loginTrySucceeded(db: Tx, tryId: number): Promise<void> {
  await forgetFailure(db, tryId);
}

async function waitSeconds(db: Tx, scope: TryScope, before: number | null): Promise<number> {
  const filter: FailureFilter = { windowMinutes: LOGIN_WINDOW_MINUTES, before };
  const address = await recentFailures(db, { ip: scope.ip }, filter);
  const waits = [windowDelaySeconds(address, LOGIN_FAILURES_PER_IP)];
  if (scope.deviceId !== null) {
    const device = await recentFailures(db, { deviceId: scope.deviceId }, filter);
    waits.push(windowDelaySeconds(device, LOGIN_FAILURES_PER_DEVICE));
  } else {
    const here = await recentFailures(db, { ip: scope.ip, usernameKey: scope.usernameKey }, filter);
    const account = await accountFailures(db, scope.usernameKey, LOGIN_FAILURES_PER_USERNAME, filter);
    waits.push(windowDelaySeconds(here, LOGIN_FAILURES_PER_USERNAME), accountDelaySeconds(account));
  }
  return Math.max(...waits);
}
