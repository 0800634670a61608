// Broadcasts: whom a co-operative's message would reach, the message sent, and who it reached each day.
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../db/client';
import { goesByPhoneSql } from '../notifications';
import { broadcastReceipts, broadcasts } from './groups.schema';

export interface Recipient {
  id: number;
  language: 'en' | 'fr';
  sms: boolean;
  reachedToday: boolean;
}

/** Active members (with the crop still in the co-operative's lots, when named), and who was reached today. */
export async function recipientsOf(
  tx: Tx,
  groupId: number,
  crop: string | undefined,
  day: string,
): Promise<Recipient[]> {
  const withCrop =
    crop === undefined
      ? sql``
      : sql`and exists(select 1 from intakes i join lots l on l.id = i.lot_id
          where i.group_id = ${groupId} and i.member_id = m.user_id and lower(i.crop) = lower(${crop})
          and l.quantity_kg > 0)`;
  // `sms`: whether the notice would be queued by SMS (their number, their choices), which the cost counts.
  return rowsOf<Recipient>(
    await tx.execute(sql`
      select u.id, u.language, ${goesByPhoneSql(sql`${'coop_broadcast'}`, sql`'sms'`)} as sms,
        exists(select 1 from broadcast_receipts r where r.user_id = u.id and r.day = ${day}) as "reachedToday"
      from group_members m join users u on u.id = m.user_id
      left join notification_preferences p on p.user_id = u.id
      where m.group_id = ${groupId} and m.status = 'active' ${withCrop}
      order by u.id`),
  );
}

export async function insertBroadcast(tx: Tx, values: typeof broadcasts.$inferInsert): Promise<number> {
  const [row] = await tx.insert(broadcasts).values(values).returning({ id: broadcasts.id });
  if (!row) {
    throw new Error('broadcast not inserted');
  }
  return row.id;
}

/** Records who the broadcast reaches today; answers those not already reached by another one today. */
export async function claimReceipts(
  tx: Tx,
  broadcastId: number,
  userIds: readonly number[],
  day: string,
): Promise<{ userId: number }[]> {
  if (userIds.length === 0) {
    return [];
  }
  return tx
    .insert(broadcastReceipts)
    .values(userIds.map((userId) => ({ broadcastId, userId, day })))
    .onConflictDoNothing()
    .returning({ userId: broadcastReceipts.userId });
}
