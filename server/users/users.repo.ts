// Queries for the users directory, roles, profiles and achievements.
import { and, asc, count, eq, gt, ilike, type SQL, sql } from 'drizzle-orm';
import type { Role } from '../../contract/constants';
import type { UserRow } from '../auth';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { profiles, userAchievements } from './users.schema';

export type ProfileRow = typeof profiles.$inferSelect;
export type DirectoryRow = { user: UserRow; showContact: boolean | null };

/** `%` and `_` typed by a user are literal characters, not patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function directoryFilter(filter: { search?: string | undefined; role?: Role | undefined }): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.search) {
    parts.push(ilike(users.usernameKey, `%${escapeLike(filter.search.toLowerCase())}%`));
  }
  if (filter.role) {
    parts.push(eq(users.role, filter.role));
  }
  return parts.length ? and(...parts) : undefined;
}

export async function listDirectory(
  db: Tx,
  filter: {
    search?: string | undefined;
    role?: Role | undefined;
    cursor?: number | undefined;
    limit: number;
  },
): Promise<DirectoryRow[]> {
  const where = and(directoryFilter(filter), filter.cursor ? gt(users.id, filter.cursor) : undefined);
  return db
    .select({ user: users, showContact: profiles.showContact })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(where)
    .orderBy(asc(users.id))
    .limit(filter.limit + 1);
}

export async function countDirectory(
  db: Tx,
  filter: { search?: string | undefined; role?: Role | undefined },
): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(directoryFilter(filter));
  return row?.n ?? 0;
}

export async function findDirectoryUser(db: Tx, id: number) {
  const [row] = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

/** Locks the manager rows, so two managers cannot demote each other at once and leave none. */
export async function lockManagers(tx: Tx): Promise<number[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'manager')).for('update');
  return rows.map((r) => r.id);
}

export async function setRole(tx: Tx, id: number, role: Role) {
  const [row] = await tx.update(users).set({ role }).where(eq(users.id, id)).returning();
  return row ?? null;
}

export async function findProfile(db: Tx, userId: number): Promise<ProfileRow | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row ?? null;
}

export type ProfileChanges = Partial<Omit<ProfileRow, 'userId' | 'updatedAt'>>;

export async function upsertProfile(tx: Tx, userId: number, changes: ProfileChanges): Promise<ProfileRow> {
  const [row] = await tx
    .insert(profiles)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...changes, updatedAt: sql`now()` } })
    .returning();
  if (!row) {
    throw new Error('profile upsert returned nothing');
  }
  return row;
}

export async function listAchievements(db: Tx, userId: number) {
  return db
    .select({ code: userAchievements.code, earnedAt: userAchievements.earnedAt })
    .from(userAchievements)
    .where(eq(userAchievements.userId, userId))
    .orderBy(asc(userAchievements.earnedAt), asc(userAchievements.code));
}
