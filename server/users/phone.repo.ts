// Reads and writes of phone verification: the pending code per user, and the proven number on the account.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { PhoneChannel } from '../../contract/notifications';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { phoneVerifications } from './users.schema';

export type VerificationRow = typeof phoneVerifications.$inferSelect;

export async function findVerification(
  db: Tx,
  userId: number,
  lock = false,
): Promise<VerificationRow | null> {
  const query = db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function saveVerification(db: Tx, row: typeof phoneVerifications.$inferInsert): Promise<void> {
  const { userId, ...rest } = row;
  await db
    .insert(phoneVerifications)
    .values(row)
    .onConflictDoUpdate({ target: phoneVerifications.userId, set: rest });
}

export async function countWrongTry(db: Tx, userId: number): Promise<void> {
  await db
    .update(phoneVerifications)
    .set({ tries: sql`${phoneVerifications.tries} + 1` })
    .where(eq(phoneVerifications.userId, userId));
}

export async function deleteVerification(db: Tx, userId: number): Promise<void> {
  await db.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
}

/**
 * Makes the number the user's proven one (and their listed one); a number belongs to one account, so another that
 * proved it earlier loses it.
 */
export async function setVerifiedPhone(
  db: Tx,
  userId: number,
  phone: { e164: string; countryCode: string; phoneNumber: string; via: PhoneChannel },
): Promise<void> {
  await db
    .update(users)
    .set({ verifiedPhone: null, phoneVerifiedVia: null })
    .where(and(eq(users.verifiedPhone, phone.e164), ne(users.id, userId)));
  await db
    .update(users)
    .set({
      verifiedPhone: phone.e164,
      phoneVerifiedVia: phone.via,
      countryCode: phone.countryCode,
      phoneNumber: phone.phoneNumber,
    })
    .where(eq(users.id, userId));
}

export async function clearVerifiedPhone(db: Tx, userId: number): Promise<void> {
  await db.update(users).set({ verifiedPhone: null, phoneVerifiedVia: null }).where(eq(users.id, userId));
}
