// Server-side sessions: an opaque random token in a cookie, only its hash in the database.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import type { SessionUser } from '../http/access';
import { sessions } from './auth.schema';

export const SESSION_IDLE_DAYS = 30;
export const SESSION_ABSOLUTE_DAYS = 90;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_AFTER_MS = 60 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Tx, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId });
  return token;
}

export async function findSession(db: Tx, token: string): Promise<SessionUser | null> {
  const rows = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      id: users.id,
      username: users.username,
      role: users.role,
      language: users.language,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        gt(sessions.lastSeenAt, sql`now() - make_interval(days => ${SESSION_IDLE_DAYS})`),
        gt(sessions.createdAt, sql`now() - make_interval(days => ${SESSION_ABSOLUTE_DAYS})`),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row) {
    return null;
  }
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, row.sessionId));
  }
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    language: row.language,
    sessionId: row.sessionId,
  };
}

/** Ends every session of a user (password change): on every instance, since sessions live in the database. */
export async function deleteSessionsOfUser(db: Tx, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Ends one session; answers whose it was (null if there was none). */
export async function deleteSessionByToken(db: Tx, token: string): Promise<number | null> {
  const [row] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .returning({ userId: sessions.userId });
  return row?.userId ?? null;
}
