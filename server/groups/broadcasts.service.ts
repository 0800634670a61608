// A co-operative admin's message to its members (all, or those with a crop in its lots): in-app and by SMS or
// WhatsApp through the notifications (which keep each member's quiet hours), in each member's language when the admin
// wrote it (else the other, marked untranslated), at most one broadcast a day per member, with its SMS cost shown first.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZBroadcastInput, ZBroadcastResult } from '../../contract/groups';
import type { AppContext } from '../context';
import { rowsOf, type Tx } from '../db/client';
import type { SessionUser } from '../http/access';
import { conflict } from '../http/errors';
import { goesByPhoneSql, notifyEach } from '../notifications';
import { coopFor } from './group-access';
import { broadcastReceipts, broadcasts } from './groups.schema';

type Result = z.output<typeof ZBroadcastResult>;

interface Recipient {
  id: number;
  language: 'en' | 'fr';
  sms: boolean;
  reachedToday: boolean;
}

/** Active members (with the crop still in the co-operative's lots, when named), and who was reached today. */
async function recipientsOf(
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

export async function broadcast(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  input: z.output<typeof ZBroadcastInput>,
): Promise<Result> {
  const day = new Date().toISOString().slice(0, 10);
  return ctx.db.transaction(async (tx) => {
    const coop = await coopFor(tx, user, groupId, 'manage');
    const everyone = await recipientsOf(tx, groupId, input.crop, day);
    const reach = everyone.filter((r) => !r.reachedToday && r.id !== user.id);
    const text = (lang: 'en' | 'fr') => (input[lang] ?? '').trim();
    const untranslated = reach.filter((r) => text(r.language) === '').length;
    const smsOn = ctx.config.channels.sms !== null;
    const sms = smsOn ? reach.filter((r) => r.sms).length : 0;
    const result: Result = {
      recipients: reach.length,
      skippedToday: everyone.filter((r) => r.reachedToday).length,
      untranslated,
      sms,
      cost: sms * ctx.config.smsPriceCents,
      sent: false,
    };
    if (input.dryRun) {
      return result;
    }
    if (reach.length === 0) {
      throw conflict('groups.errors.noRecipients');
    }
    const [row] = await tx
      .insert(broadcasts)
      .values({
        groupId,
        en: text('en') || null,
        fr: text('fr') || null,
        crop: input.crop ?? null,
        recipients: reach.length,
        sentBy: user.id,
      })
      .returning({ id: broadcasts.id });
    if (!row) {
      throw new Error('broadcast not inserted');
    }
    // The daily limit holds across instances and groups: a member already reached today is left out here.
    const reached = await tx
      .insert(broadcastReceipts)
      .values(reach.map((r) => ({ broadcastId: row.id, userId: r.id, day })))
      .onConflictDoNothing()
      .returning({ userId: broadcastReceipts.userId });
    const sendTo = new Set(reached.map((r) => r.userId));
    await notifyEach(
      tx,
      ctx,
      reach
        .filter((r) => sendTo.has(r.id))
        .map((r) => {
          const own = text(r.language);
          const other = text(r.language === 'en' ? 'fr' : 'en');
          return {
            userId: r.id,
            type: 'coop_broadcast' as const,
            data: {
              group: coop.group.name,
              text: own || other,
              ...(own === '' ? { reason: 'untranslated' } : {}),
            },
            link: `/groups/${groupId}`,
          };
        }),
    );
    return { ...result, recipients: sendTo.size, sent: true };
  });
}
