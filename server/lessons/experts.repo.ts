// Who writes and reviews lessons besides managers: the experts a manager names.
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { lessonExperts } from './lessons.schema';

export async function isExpert(db: Tx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: lessonExperts.userId })
    .from(lessonExperts)
    .where(eq(lessonExperts.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** Names the user an expert (again: nothing changes). False when no such user exists. */
export async function nameExpert(db: Tx, userId: number, namedBy: number | null): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) {
    return false;
  }
  await db.insert(lessonExperts).values({ userId, namedBy }).onConflictDoNothing();
  return true;
}

export async function removeExpert(db: Tx, userId: number): Promise<void> {
  await db.delete(lessonExperts).where(eq(lessonExperts.userId, userId));
}

export async function listExperts(db: Tx): Promise<{ id: number; name: string; namedAt: Date }[]> {
  return db
    .select({ id: users.id, name: users.username, namedAt: lessonExperts.namedAt })
    .from(lessonExperts)
    .innerJoin(users, eq(users.id, lessonExperts.userId))
    .orderBy(asc(sql`lower(${users.username})`));
}
