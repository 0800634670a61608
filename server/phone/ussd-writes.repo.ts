// The closing screens of USSD writes, by session and path: a request the network sends again gets the answer the
// first one got, and a write is done by the one request that claims its key.
import { eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { ussdWrites } from './phone.schema';

/** The answer already given for this key ('' while its write is still running), or null. */
export async function findUssdWrite(db: Tx, key: string): Promise<string | null> {
  const [row] = await db
    .select({ answer: ussdWrites.answer })
    .from(ussdWrites)
    .where(eq(ussdWrites.key, key));
  return row?.answer ?? null;
}

/** Claims the key for this request's write; false when another request has it. Day-old keys are let go. */
export async function claimUssdWrite(db: Tx, key: string): Promise<boolean> {
  // A USSD session lasts minutes; a day covers any resend.
  await db.delete(ussdWrites).where(lt(ussdWrites.createdAt, sql`now() - interval '1 day'`));
  const rows = await db
    .insert(ussdWrites)
    .values({ key, answer: '' })
    .onConflictDoNothing()
    .returning({ key: ussdWrites.key });
  return rows.length > 0;
}

export async function saveUssdWrite(db: Tx, key: string, answer: string): Promise<void> {
  await db.update(ussdWrites).set({ answer }).where(eq(ussdWrites.key, key));
}
