// Queries of password-reset codes: one pending code per account, its wrong tries, and taking it once.
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { passwordResets } from './auth.schema';

export type ResetRow = typeof passwordResets.$inferSelect;

/** A new code replaces the account's earlier one (with its tries). */
export async function saveReset(
  db: Tx,
  row: { userId: number; codeHash: string; expiresAt: Date },
): Promise<void> {
  const { userId, ...rest } = row;
  await db
    .insert(passwordResets)
    .values(row)
    .onConflictDoUpdate({ target: passwordResets.userId, set: { ...rest, tries: 0, createdAt: sql`now()` } });
}

export async function findReset(db: Tx, userId: number): Promise<ResetRow | null> {
  const [row] = await db.select().from(passwordResets).where(eq(passwordResets.userId, userId)).for('update');
  return row ?? null;
}

export async function countWrongReset(db: Tx, userId: number): Promise<void> {
  await db
    .update(passwordResets)
    .set({ tries: sql`${passwordResets.tries} + 1` })
    .where(eq(passwordResets.userId, userId));
}

/** Takes the code if it is still the account's, unexpired and not tried too often: true once, for one taker. */
export async function takeReset(
  db: Tx,
  userId: number,
  codeHash: string,
  maxTries: number,
): Promise<boolean> {
  const taken = await db
    .delete(passwordResets)
    .where(
      and(
        eq(passwordResets.userId, userId),
        eq(passwordResets.codeHash, codeHash),
        gt(passwordResets.expiresAt, sql`now()`),
        lt(passwordResets.tries, maxTries),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return taken.length > 0;
}
