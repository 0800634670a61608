// The experts a manager names: they write and review lessons, as managers do.
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { lessonExperts } from './lessons.schema';

/** Names the user an expert (naming one again keeps who named them first, and when). */
export async function nameExpert(db: Tx, userId: number, namedBy: number | null): Promise<void> {
  await db.insert(lessonExperts).values({ userId, namedBy }).onConflictDoNothing();
}

export async function isExpert(db: Tx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: lessonExperts.userId })
    .from(lessonExperts)
    .where(eq(lessonExperts.userId, userId))
    .limit(1);
  return row !== undefined;
}
