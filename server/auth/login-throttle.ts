// Limits on password guessing (sign-in, and the current password at a password change) that nobody can turn
// into a lock-out of the account's owner.
import { isIPv4, isIPv6 } from 'node:net';
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

/** Hextets of an IPv6 address that name its network: a /64 is what one subscriber (one attacker) is given. */
const IPV6_NETWORK_HEXTETS = 4;

/**
 * The source a try is counted against: the client's IPv4 address (an IPv4-mapped IPv6 one too), or the /64 network
 * of its IPv6 address, since one subscriber holds a whole /64 and could otherwise change address at every try.
 * `ip` is the address Fastify resolved (the proxy's forwarded one when TRUST_PROXY says so).
 */
export function networkSource(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1] && isIPv4(mapped[1])) {
    return mapped[1];
  }
  if (!isIPv6(ip)) {
    return ip;
  }
  return `${hextetsOf(ip).slice(0, IPV6_NETWORK_HEXTETS).join(':')}::/64`;
}

/**
 * The eight hextets of an IPv6 address, `::` filled in, without leading zeros, lower case (one spelling each); an
 * embedded IPv4 tail (`::ffff:1.2.3.4`), which never reaches the network half, counts as two zero hextets.
 */
function hextetsOf(ip: string): string[] {
  const [head = '', tail] = (ip.toLowerCase().split('%')[0] ?? '').split('::');
  const split = (text: string) =>
    text === '' ? [] : text.split(':').flatMap((h) => (isIPv4(h) ? ['0', '0'] : [h]));
  const left = split(head);
  const right = tail === undefined ? [] : split(tail);
  const filled = Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...filled, ...right].map((h) => Number.parseInt(h, 16).toString(16));
}

/**
 * Who is trying: the account's username key, the client's address (counted by its network: `networkSource`), and
 * the id of the client's valid device cookie for that account (OWASP device cookies: it signed in as this user
 * before), null for any other client.
 */
export interface TryScope {
  usernameKey: string;
  ip: string;
  deviceId: number | null;
}

/**
 * The account-wide delay for a source that already failed on the account in the window (and has no device cookie),
 * in seconds still to wait (0: may try now). A source's first try on an account never waits for it, so failures
 * from elsewhere never refuse a correct password from a network that did not fail there (the owner's new browser).
 *
 * `n` counts the account's failures in the window, each source counting at most LOGIN_FAILURES_PER_USERNAME
 * (the most it can make there before it is refused). Once `n` exceeds LOGIN_FAILURES_PER_USERNAME, a source's next
 * try waits min(2^(n − LOGIN_FAILURES_PER_USERNAME), LOGIN_DELAY_CAP_SECONDS) seconds after the account's latest
 * failure.
 * - One source alone never makes another wait: it cannot bring `n` past the threshold.
 * - Guessers on k networks get one try per network and window, plus about 16 per window between them all
 *   (while the window holds 10 + j failures, each try waits 2^j s), where without it they would get 10 per network.
 * - The owner is never refused on a device that signed in before (its cookie) nor from a network with no failure
 *   on the account in the window; only from a network where they themselves failed, for at most the window.
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
 * Tries are counted per source (LOGIN_FAILURES_PER_IP, whatever the usernames) and then either per device cookie
 * (LOGIN_FAILURES_PER_DEVICE) or, for every other client, per source on the account (LOGIN_FAILURES_PER_USERNAME)
 * and, once that source failed there, by the account-wide delay above. Each refuses only what it counts, so
 * failures from one source never refuse a correct password from another. Refused tries are not counted (they
 * cannot extend anything), and unknown usernames are counted like known ones (the answers reveal nothing). The
 * counts live in the database: every instance sees every try.
 *
 * `startLoginTry` refuses the try with a 429 (and Retry-After) while a limit holds; otherwise records it as a
 * failure until `loginTrySucceeded` takes it back, and answers its id. Recorded first and checked again against
 * the tries recorded before it, so a burst of concurrent tries cannot all pass the same check.
 */
export async function startLoginTry(db: Tx, client: TryScope): Promise<number> {
  const scope = { ...client, ip: networkSource(client.ip) };
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
    waits.push(windowDelaySeconds(here, LOGIN_FAILURES_PER_USERNAME));
    if (here.count > 0) {
      const account = await accountFailures(db, scope.usernameKey, LOGIN_FAILURES_PER_USERNAME, filter);
      waits.push(accountDelaySeconds(account));
    }
  }
  return Math.max(...waits);
}
