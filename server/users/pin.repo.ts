// Reads and writes of the phone PIN on the account (the core accounts table): its hash and the wrong tries in a row.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { users } from '../db/schema';

export async function findPin(
  db: Tx,
  userId: number,
): Promise<{ pinHash: string | null; failures: number } | null> {
  const [row] = await db
    .select({ pinHash: users.pinHash, failures: users.pinFailures })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** A new PIN, with no wrong tries. */
export async function savePin(db: Tx, userId: number, pinHash: string): Promise<void> {
  await db.update(users).set({ pinHash, pinFailures: 0 }).where(eq(users.id, userId));
}

export async function clearPinFailures(db: Tx, userId: number): Promise<void> {
  await db.update(users).set({ pinFailures: 0 }).where(eq(users.id, userId));
}

/** Counts a wrong PIN in one statement (two at once cannot both read the old count); the count after it. */
export async function countPinFailure(db: Tx, userId: number): Promise<number | null> {
  const [row] = await db
    .update(users)
    .set({ pinFailures: sql`${users.pinFailures} + 1` })
    .where(eq(users.id, userId))
    .returning({ failures: users.pinFailures });
  return row?.failures ?? null;
}
