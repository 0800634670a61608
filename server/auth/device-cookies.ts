// Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a browser that signed in
// as a user before is limited per cookie and never waits for the account-wide delay (login-throttle.ts).
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { deviceCookies } from './auth.schema';
import { hashToken } from './sessions';

export const DEVICE_COOKIE = 'terroir_device';
/** Only the sign-in route needs to see it. */
export const DEVICE_COOKIE_PATH = '/api/login';
export const DEVICE_COOKIE_DAYS = 365;
/** A user's oldest device cookies are forgotten beyond this many (clients that never keep cookies). */
export const DEVICE_COOKIES_PER_USER = 20;

/** The id of the device cookie `token` if it is current and was issued to `userId`; null otherwise. */
export async function findDevice(db: Tx, token: string, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: deviceCookies.id })
    .from(deviceCookies)
    .where(
      and(
        eq(deviceCookies.tokenHash, hashToken(token)),
        eq(deviceCookies.userId, userId),
        gt(deviceCookies.createdAt, sql`now() - make_interval(days => ${DEVICE_COOKIE_DAYS})`),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * Issues a new device cookie after a successful sign-in; the one the client came with (`replaces`) is
 * dropped, so a cookie is good for one sign-in, and the user's expired and surplus ones are pruned.
 */
export async function issueDevice(db: Tx, userId: number, replaces: number | null): Promise<string> {
  if (replaces !== null) {
    await db.delete(deviceCookies).where(eq(deviceCookies.id, replaces));
  }
  const token = randomBytes(32).toString('base64url');
  await db.insert(deviceCookies).values({ tokenHash: hashToken(token), userId });
  const newest = db
    .select({ id: deviceCookies.id })
    .from(deviceCookies)
    .where(eq(deviceCookies.userId, userId))
    .orderBy(desc(deviceCookies.createdAt), desc(deviceCookies.id))
    .limit(DEVICE_COOKIES_PER_USER);
  await db
    .delete(deviceCookies)
    .where(
      and(
        eq(deviceCookies.userId, userId),
        or(
          lt(deviceCookies.createdAt, sql`now() - make_interval(days => ${DEVICE_COOKIE_DAYS})`),
          notInArray(deviceCookies.id, newest),
        ),
      ),
    );
  return token;
}

/** Forgets every device of a user (password change: a device that knew the old password is not trusted). */
export async function deleteDevicesOfUser(db: Tx, userId: number): Promise<void> {
  await db.delete(deviceCookies).where(eq(deviceCookies.userId, userId));
}
