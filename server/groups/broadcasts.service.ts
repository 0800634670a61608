// A co-operative admin's message to its members (all, or those with a crop in its lots): in-app and by SMS or
// WhatsApp through the notifications (which keep each member's quiet hours), in each member's language when the admin
// wrote it (else the other, marked untranslated), at most one broadcast a day per member, with its SMS cost shown first.
import type { z } from 'zod';
import type { ZBroadcastInput, ZBroadcastResult } from '../../contract/groups';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { conflict } from '../http/errors';
import { notifyEach } from '../notifications';
import { claimReceipts, insertBroadcast, recipientsOf } from './broadcasts.repo';
import { coopFor } from './group-access';

type Result = z.output<typeof ZBroadcastResult>;

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
    const id = await insertBroadcast(tx, {
      groupId,
      en: text('en') || null,
      fr: text('fr') || null,
      crop: input.crop ?? null,
      recipients: reach.length,
      sentBy: user.id,
    });
    // The daily limit holds across instances and groups: a member already reached today is left out here.
    const reached = await claimReceipts(
      tx,
      id,
      reach.map((r) => r.id),
      day,
    );
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
