// The outbound queue's reads and writes: claiming due messages, settling each attempt, applying what providers
// report, and the user's proven number and last deliveries (from the core accounts table and the queue).

import { and, eq, sql } from 'drizzle-orm';
import type { OutboundStatus, PhoneChannel, TNotificationData } from '../../contract/notifications';
import { rowsOf, type Tx } from '../db/client';
import { users } from '../db/schema';
import { DELIVERY_ERRORS } from './delivery-errors';
import { notificationPreferences, outboundMessages, providerEvents } from './notifications.schema';

/** A claimed message with what sending it needs: its text's parts, the user's language and quiet hours. */
export interface ClaimedMessage {
  id: number;
  /** null for a reply to a number no account has proven. */
  userId: number | null;
  channel: PhoneChannel;
  recipient: string;
  body: string | null;
  template: 'notification' | 'code';
  attempts: number;
  notificationId: number | null;
  type: string | null;
  data: TNotificationData | null;
  link: string | null;
  /** The notification's short-link token (null for a message of its own). */
  token: string | null;
  language: 'en' | 'fr';
  quietStart: string | null;
  quietEnd: string | null;
  timeZone: string | null;
  /** The recipient wrote to us on WhatsApp within 24 hours: free text may be sent. */
  inWindow: boolean;
  /** Send as a template even in the window (a text was refused as out of it). */
  templateOnly: boolean;
}

export async function verifiedPhoneOf(
  db: Tx,
  userId: number,
): Promise<{ phone: string | null; via: PhoneChannel | null }> {
  const [row] = await db
    .select({ phone: users.verifiedPhone, via: users.phoneVerifiedVia })
    .from(users)
    .where(eq(users.id, userId));
  return { phone: row?.phone ?? null, via: row?.via ?? null };
}

/** Queues a message of its own (not a notification's), e.g. a verification code, in the caller's transaction. */
export async function queueMessage(
  db: Tx,
  message: { userId: number; channel: PhoneChannel; recipient: string; body: string; template: 'code' },
): Promise<void> {
  await db.insert(outboundMessages).values(message);
}

/**
 * Claims up to `limit` due messages of these channels for `leaseMs` (rows other workers hold are skipped, not
 * waited for), counting the attempt. The claim commits before anything is sent.
 */
export async function claimDue(
  db: Tx,
  channels: readonly PhoneChannel[],
  limit: number,
  leaseMs: number,
): Promise<ClaimedMessage[]> {
  const result = await db.execute(sql`
    with due as (
      select id from outbound_messages
      where status = 'queued' and due_at <= now() and channel = any(${`{${channels.join(',')}}`}::text[])
      order by due_at, id
      limit ${limit}
      for update skip locked
    ),
    claimed as (
      update outbound_messages o
      set status = 'sending', attempts = o.attempts + 1, status_at = now(),
        claimed_until = now() + ${leaseMs} * interval '1 millisecond'
      from due where o.id = due.id
      returning o.*
    )
    select c.id, c.user_id, c.channel, c.recipient, c.body, c.template, c.attempts, c.notification_id, c.via_template,
      n.type, n.data, n.link, n.token, coalesce(u.language, 'en') as language, p.quiet_start, p.quiet_end, p.time_zone,
      exists (select 1 from provider_events e where e.channel = 'whatsapp' and e.sender = c.recipient
        and e.text is not null and e.received_at > now() - interval '24 hours') as in_window
    from claimed c
    left join users u on u.id = c.user_id
    left join notifications n on n.id = c.notification_id
    left join notification_preferences p on p.user_id = c.user_id
    -- Sent in the order they were queued (an UPDATE … RETURNING keeps no order): a reply after the notice before it.
    order by c.due_at, c.id`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: r.id as number,
    userId: r.user_id as number | null,
    channel: r.channel as PhoneChannel,
    recipient: r.recipient as string,
    body: r.body as string | null,
    template: r.template as 'notification' | 'code',
    attempts: r.attempts as number,
    notificationId: r.notification_id as number | null,
    type: r.type as string | null,
    data: r.data as TNotificationData | null,
    link: r.link as string | null,
    token: r.token as string | null,
    language: r.language as 'en' | 'fr',
    quietStart: r.quiet_start as string | null,
    quietEnd: r.quiet_end as string | null,
    timeZone: r.time_zone as string | null,
    inWindow: r.in_window === true,
    templateOnly: r.via_template === true,
  }));
}

/** Messages whose worker stopped while holding them (a crash, a kill): it may have sent them, so none is resent. */
export async function giveUpStaleClaims(db: Tx): Promise<number> {
  const rows = await db
    .update(outboundMessages)
    .set({
      status: 'unconfirmed',
      error: DELIVERY_ERRORS.interrupted,
      claimedUntil: null,
      statusAt: new Date(),
    })
    .where(and(eq(outboundMessages.status, 'sending'), sql`${outboundMessages.claimedUntil} < now()`))
    .returning({ id: outboundMessages.id });
  return rows.length;
}

/** The end of one attempt. Only a message still held (or given up as unconfirmed meanwhile) is changed. */
export async function settleMessage(
  db: Tx,
  id: number,
  result:
    | { status: 'sent'; providerMessageId: string; viaTemplate: boolean }
    | { status: 'queued'; dueAt: Date; error: string }
    | { status: 'failed' | 'unconfirmed'; error: string },
): Promise<void> {
  const now = new Date();
  // Once a code's message will not be sent again, its text (the code) is not kept.
  const done = result.status !== 'queued';
  const body = done
    ? sql`case when ${outboundMessages.template} = 'code' then null else ${outboundMessages.body} end`
    : undefined;
  const base = { claimedUntil: null, statusAt: now, ...(body ? { body } : {}) };
  const change =
    result.status === 'sent'
      ? {
          ...base,
          status: 'sent' as const,
          providerMessageId: unusedProviderId(result.providerMessageId),
          viaTemplate: result.viaTemplate,
          sentAt: now,
          error: null,
        }
      : result.status === 'queued'
        ? { ...base, status: 'queued' as const, dueAt: result.dueAt, error: result.error }
        : { ...base, status: result.status, error: result.error };
  await db
    .update(outboundMessages)
    .set(change)
    .where(
      and(
        eq(outboundMessages.id, id),
        sql`${outboundMessages.status} in ('sending', 'unconfirmed')`,
        sql`${outboundMessages.providerMessageId} is null`,
      ),
    );
}

/**
 * A provider's id for a message just sent, or null when another message of its channel already has it (a provider
 * that reuses ids, as a restarted stand-in does): the message went all the same, and a delivery report is then
 * matched to the message that had the id first.
 */
const unusedProviderId = (providerMessageId: string) => sql`case when exists (
    select 1 from outbound_messages taken
    where taken.channel = outbound_messages.channel and taken.provider_message_id = ${providerMessageId}
  ) then null else ${providerMessageId} end`;

/** Puts a claimed message back untouched until `dueAt` (quiet hours): not an attempt. */
export async function holdMessage(db: Tx, id: number, dueAt: Date): Promise<void> {
  await db
    .update(outboundMessages)
    .set({
      status: 'queued',
      dueAt,
      attempts: sql`${outboundMessages.attempts} - 1`,
      claimedUntil: null,
      statusAt: new Date(),
    })
    .where(and(eq(outboundMessages.id, id), eq(outboundMessages.status, 'sending')));
}

/** Records a provider's event once; false when it was recorded before (a provider's repeat). */
export async function firstTimeSeen(
  db: Tx,
  event: { key: string; channel: PhoneChannel; sender?: string | null; text?: string | null },
): Promise<boolean> {
  const rows = await db
    .insert(providerEvents)
    .values({
      key: event.key,
      channel: event.channel,
      sender: event.sender ?? null,
      text: event.text ?? null,
    })
    .onConflictDoNothing()
    .returning({ key: providerEvents.key });
  return rows.length > 0;
}

/**
 * The message a delivery report is about, locked: by the provider's id, or else the oldest unconfirmed one to the
 * same number without an id (sent, but its answer lost: the report tells us its id).
 */
export async function lockReported(
  db: Tx,
  channel: PhoneChannel,
  providerMessageId: string,
  recipient: string | null,
): Promise<{
  id: number;
  status: OutboundStatus;
  providerMessageId: string | null;
  viaTemplate: boolean;
  userId: number | null;
} | null> {
  const columns = {
    id: outboundMessages.id,
    userId: outboundMessages.userId,
    status: outboundMessages.status,
    providerMessageId: outboundMessages.providerMessageId,
    viaTemplate: outboundMessages.viaTemplate,
  };
  const [known] = await db
    .select(columns)
    .from(outboundMessages)
    .where(
      and(eq(outboundMessages.channel, channel), eq(outboundMessages.providerMessageId, providerMessageId)),
    )
    .for('update');
  if (known || recipient === null) {
    return known ?? null;
  }
  const [unconfirmed] = await db
    .select(columns)
    .from(outboundMessages)
    .where(
      and(
        eq(outboundMessages.channel, channel),
        eq(outboundMessages.status, 'unconfirmed'),
        eq(outboundMessages.recipient, recipient),
        sql`${outboundMessages.providerMessageId} is null`,
      ),
    )
    .orderBy(outboundMessages.id)
    .limit(1)
    .for('update');
  return unconfirmed ?? null;
}

export async function setReportedStatus(
  db: Tx,
  id: number,
  change: { status: OutboundStatus; providerMessageId: string; error: string | null },
): Promise<void> {
  await db
    .update(outboundMessages)
    .set({
      status: change.status,
      providerMessageId: change.providerMessageId,
      error: change.error,
      statusAt: new Date(),
      sentAt: sql`coalesce(${outboundMessages.sentAt}, now())`,
    })
    .where(eq(outboundMessages.id, id));
}

/** The user's latest message by each channel. */
export async function lastDeliveries(db: Tx, userId: number) {
  const result = await db.execute(sql`
    select distinct on (channel) channel, status, status_at, error
    from outbound_messages where user_id = ${userId}
    order by channel, id desc`);
  return rowsOf<{
    channel: PhoneChannel;
    status: OutboundStatus;
    status_at: string | Date;
    error: string | null;
  }>(result);
}

/**
 * A WhatsApp text the provider refused later as outside the 24-hour window (it was never delivered): queued again,
 * now as a template (`via_template` on a queued row means "send as a template").
 */
export async function requeueAsTemplate(db: Tx, id: number, error: string): Promise<void> {
  await db
    .update(outboundMessages)
    .set({
      status: 'queued',
      viaTemplate: true,
      providerMessageId: null,
      dueAt: new Date(),
      error,
      statusAt: new Date(),
    })
    .where(eq(outboundMessages.id, id));
}

/** Drops the user's messages not yet sent (their number changed or was removed): none goes to an old number. */
export async function cancelQueued(db: Tx, userId: number, reason: string): Promise<void> {
  await db
    .update(outboundMessages)
    .set({ status: 'failed', error: reason, statusAt: new Date() })
    .where(and(eq(outboundMessages.userId, userId), eq(outboundMessages.status, 'queued')));
}

/** A reply of the phone bot: to a user, or (`userId` null) to a number no account has proven. */
export async function queueReply(
  db: Tx,
  message: { userId: number | null; channel: PhoneChannel; recipient: string; body: string },
): Promise<void> {
  await db.insert(outboundMessages).values({ ...message, template: 'notification' });
}

/** The user's last message to the bot (any proven number they had), and its last message to them. */
export async function lastExchange(db: Tx, userId: number, phone: string | null) {
  const [lastIn] =
    phone === null
      ? []
      : rowsOf<{ channel: PhoneChannel; received_at: string | Date; text: string }>(
          await db.execute(sql`
            select channel, received_at, text from provider_events
            where sender = ${phone} and text is not null and channel in ('sms', 'whatsapp')
            order by received_at desc limit 1`),
        );
  const [lastOut] = rowsOf<{
    channel: PhoneChannel;
    status: OutboundStatus;
    status_at: string | Date;
    error: string | null;
  }>(
    await db.execute(sql`
      select channel, status, status_at, error from outbound_messages
      where user_id = ${userId} order by id desc limit 1`),
  );
  return { lastIn: lastIn ?? null, lastOut: lastOut ?? null };
}

/** Adds or removes a channel the user stopped (STOP / START); queued notifications by it are dropped on STOP. */
export async function setChannelStopped(
  db: Tx,
  userId: number,
  channel: PhoneChannel,
  stopped: boolean,
  reason: string,
): Promise<void> {
  const next = stopped
    ? sql`(select array_agg(distinct c) from unnest(${notificationPreferences.stoppedChannels} || array[${channel}]::text[]) c)`
    : sql`array_remove(${notificationPreferences.stoppedChannels}, ${channel})`;
  await db
    .insert(notificationPreferences)
    .values({ userId, stoppedChannels: stopped ? [channel] : [] })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { stoppedChannels: next, updatedAt: new Date() },
    });
  if (stopped) {
    await db
      .update(outboundMessages)
      .set({ status: 'failed', error: reason, statusAt: new Date() })
      .where(
        and(
          eq(outboundMessages.userId, userId),
          eq(outboundMessages.channel, channel),
          eq(outboundMessages.status, 'queued'),
          sql`${outboundMessages.notificationId} is not null`,
        ),
      );
  }
}

export async function stoppedChannelsOf(db: Tx, userId: number): Promise<PhoneChannel[]> {
  const [row] = await db
    .select({ stopped: notificationPreferences.stoppedChannels })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row?.stopped ?? [];
}
