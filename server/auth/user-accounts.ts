// Accounts (the users table, owned by auth): the lookups and writes other modules call by name.
import { eq, inArray } from 'drizzle-orm';
import type { Role } from '../../contract/constants';
import type { Tx } from '../db/client';
import { users } from '../db/schema';

export const usernameKey = (username: string) => username.trim().toLowerCase();

/** Whether any account exists (a fresh database gets the demo data). */
export async function anyUserExists(db: Tx): Promise<boolean> {
  const [any] = await db.select({ id: users.id }).from(users).limit(1);
  return any !== undefined;
}

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

/** The ids of every account holding one of these roles (those a matter is for: e.g. the managers of the catalogue). */
export async function userIdsWithRoles(db: Tx, roles: readonly Role[]): Promise<number[]> {
  const rows =
    roles.length === 0
      ? []
      : await db
          .select({ id: users.id })
          .from(users)
          .where(inArray(users.role, [...roles]));
  return rows.map((row) => row.id);
}

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Inserts unless the username or a look-alike of it is taken (case-insensitively); null when taken. */
export async function insertUser(db: Tx, user: Omit<NewUser, 'usernameKey'>) {
  // Either unique name index may refuse it: the case-folded key or the confusable skeleton.
  const [row] = await db
    .insert(users)
    .values({ ...user, usernameKey: usernameKey(user.username) })
    .onConflictDoNothing()
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

/** The account that proved this number (E.164), or null: the one a phone channel acts for. */
export async function accountByPhone(db: Tx, phone: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, role: users.role, language: users.language })
    .from(users)
    .where(eq(users.verifiedPhone, phone))
    .orderBy(users.id)
    .limit(1);
  return row ?? null;
}
