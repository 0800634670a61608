// Writes asked for by SMS or WhatsApp that wait for `YES <PIN>`: one per user and channel, the newest replacing.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { PhoneChannel } from '../../contract/notifications';
import { CONFIRM_WINDOW_MS } from '../../contract/phone';
import type { Tx } from '../db/client';
import { phonePending } from './phone.schema';
import type { PhoneWrite } from './phone-writes';

export async function savePending(db: Tx, userId: number, channel: PhoneChannel, write: PhoneWrite) {
  const expiresAt = new Date(Date.now() + CONFIRM_WINDOW_MS);
  await db
    .insert(phonePending)
    .values({ userId, channel, write, expiresAt })
    .onConflictDoUpdate({ target: [phonePending.userId, phonePending.channel], set: { write, expiresAt } });
}

/** The write waiting on this channel, if it has not expired. */
export async function findPending(db: Tx, userId: number, channel: PhoneChannel): Promise<PhoneWrite | null> {
  const [row] = await db
    .select({ write: phonePending.write })
    .from(phonePending)
    .where(
      and(
        eq(phonePending.userId, userId),
        eq(phonePending.channel, channel),
        gt(phonePending.expiresAt, sql`now()`),
      ),
    );
  return row?.write ?? null;
}

/**
 * Takes the waiting write away: the one caller that gets it back does it, so a confirmation delivered twice
 * (or two at once) does it once.
 */
export async function takePending(db: Tx, userId: number, channel: PhoneChannel): Promise<PhoneWrite | null> {
  const [row] = await db
    .delete(phonePending)
    .where(
      and(
        eq(phonePending.userId, userId),
        eq(phonePending.channel, channel),
        gt(phonePending.expiresAt, sql`now()`),
      ),
    )
    .returning({ write: phonePending.write });
  return row?.write ?? null;
}

export async function dropPending(db: Tx, userId: number, channel: PhoneChannel): Promise<boolean> {
  const rows = await db
    .delete(phonePending)
    .where(and(eq(phonePending.userId, userId), eq(phonePending.channel, channel)))
    .returning({ userId: phonePending.userId });
  return rows.length > 0;
}
