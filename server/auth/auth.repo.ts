// Queries for accounts and failed sign-ins.
import { and, count, eq, gt, inArray, isNull, min, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { loginFailures, users } from '../db/schema';

export const usernameKey = (username: string) => username.trim().toLowerCase();

export async function findUserByUsername(db: Tx, username: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.usernameKey, usernameKey(username)))
    .limit(1);
  return row ?? null;
}

/** Users by the usernames asked for (the map's keys), in one query. */
export async function findUsersByUsernames(db: Tx, usernames: readonly string[]) {
  const rows =
    usernames.length === 0
      ? []
      : await db
          .select()
          .from(users)
          .where(inArray(users.usernameKey, usernames.map(usernameKey)));
  const byKey = new Map(rows.map((row) => [row.usernameKey, row]));
  const found = new Map<string, (typeof rows)[number]>();
  for (const username of usernames) {
    const row = byKey.get(usernameKey(username));
    if (row) {
      found.set(username, row);
    }
  }
  return found;
}

export async function findUserById(db: Tx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export type NewUser = typeof users.$inferInsert;

/** Inserts unless the username is taken (case-insensitively); null when taken. */
export async function insertUser(db: Tx, user: Omit<NewUser, 'usernameKey'>) {
  const [row] = await db
    .insert(users)
    .values({ ...user, usernameKey: usernameKey(user.username) })
    .onConflictDoNothing({ target: users.usernameKey })
    .returning();
  return row ?? null;
}

export async function setPasswordHash(db: Tx, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function setLanguage(db: Tx, userId: number, language: 'en' | 'fr') {
  const [row] = await db.update(users).set({ language }).where(eq(users.id, userId)).returning();
  return row ?? null;
}

export interface FailureWindow {
  count: number;
  oldest: Date | null;
}

/** Whose failures to count: an untrusted client's for a username, an address's, or one device cookie's. */
export type FailureScope = { usernameKey: string } | { ip: string } | { deviceId: number };

function scopeMatch(by: FailureScope) {
  if ('ip' in by) {
    return eq(loginFailures.ip, by.ip);
  }
  if ('deviceId' in by) {
    return eq(loginFailures.deviceId, by.deviceId);
  }
  // Failures that came with a known device count against that device, not against the username.
  return and(eq(loginFailures.usernameKey, by.usernameKey), isNull(loginFailures.deviceId));
}

export async function recentFailures(
  db: Tx,
  by: FailureScope,
  windowMinutes: number,
): Promise<FailureWindow> {
  const [row] = await db
    .select({ count: count(), oldest: min(loginFailures.createdAt) })
    .from(loginFailures)
    .where(
      and(scopeMatch(by), gt(loginFailures.createdAt, sql`now() - make_interval(mins => ${windowMinutes})`)),
    );
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

export async function recordFailure(
  db: Tx,
  failure: { usernameKey: string; ip: string; deviceId: number | null },
) {
  await db.insert(loginFailures).values(failure);
}
