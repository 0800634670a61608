// Queries for accounts and failed sign-ins.
import { and, count, eq, gt, min, sql } from 'drizzle-orm';
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

export async function recentFailures(
  db: Tx,
  by: { usernameKey: string } | { ip: string },
  windowMinutes: number,
): Promise<FailureWindow> {
  const match = 'ip' in by ? eq(loginFailures.ip, by.ip) : eq(loginFailures.usernameKey, by.usernameKey);
  const [row] = await db
    .select({ count: count(), oldest: min(loginFailures.createdAt) })
    .from(loginFailures)
    .where(and(match, gt(loginFailures.createdAt, sql`now() - make_interval(mins => ${windowMinutes})`)));
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

export async function recordFailure(db: Tx, key: string, ip: string) {
  await db.insert(loginFailures).values({ usernameKey: key, ip });
}
