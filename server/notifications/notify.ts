// How any module tells users that something concerns them: a notification each, in the event's own transaction,
// with its SMS and WhatsApp messages queued in that same transaction for those who want them by phone.
import { type SQL, sql } from 'drizzle-orm';
import {
  type NotificationType,
  PHONE_BY_DEFAULT,
  type PhoneChannel,
  type TNotificationData,
} from '../../contract/notifications';
import type { ChannelsConfig } from '../config';
import type { AppContext, CoreContext } from '../context';
import type { Tx } from '../db/client';
import type { Audience } from '../events/audience';
import { inboxCache } from './inbox-cache';
import { notifications } from './notifications.schema';

export interface NewNotification {
  type: NotificationType;
  /** Names and numbers the text is made from; a value ending in `Key` names a catalogue entry, shown translated. */
  data: TNotificationData;
  /** The path in the app of what it is about. */
  link: string | null;
}

/**
 * What `notify` needs of the app: the bus to tell open pages, which phone channels this server has, and (in an app)
 * the inbox cache, told before the write so that this instance reads the recipients' inboxes afresh.
 */
export type NotifyContext = AppContext;

/** The phone channels configured on this server (an unconfigured one is off: nothing is queued for it). */
export function configuredChannels(config: ChannelsConfig): PhoneChannel[] {
  return (['sms', 'whatsapp'] as const).filter((channel) => config[channel] !== null);
}

/**
 * Writes the notification for each user (once each) in the caller's transaction, so it exists exactly when the event
 * does, queues its phone messages, and tells their open pages. The actor of an event is left out by the caller.
 */
export async function notify(
  tx: Tx,
  ctx: NotifyContext,
  userIds: readonly (number | null | undefined)[],
  notification: NewNotification,
): Promise<void> {
  const recipients = [...new Set(userIds.filter((id): id is number => typeof id === 'number'))];
  await notifyEach(
    tx,
    ctx,
    recipients.map((userId) => ({ userId, ...notification })),
  );
}

/** Several users, each with their own notification: one insert, one queueing and one NOTIFY, whatever their number. */
export async function notifyEach(
  tx: Tx,
  ctx: NotifyContext,
  items: readonly (NewNotification & { userId: number })[],
): Promise<void> {
  if (items.length === 0) {
    return;
  }
  const recipients = [...new Set(items.map((i) => i.userId))];
  inboxCache.of(ctx).expect(recipients);
  const inserted = await tx
    .insert(notifications)
    .values([...items])
    .returning({ id: notifications.id });
  const channels = configuredChannels(ctx.config.channels);
  if (channels.length > 0) {
    const ids = inserted.map((row) => row.id);
    await tx.execute(
      outboundRowsSql(
        sql`(select id, user_id, type from notifications where id = any(${`{${ids.join(',')}}`}::int[]))`,
        channels,
      ),
    );
  }
  await ctx.bus.publish(tx, { type: 'notification', id: 0 }, { userIds: recipients });
}

/**
 * The phone messages of notifications just written (`inserted`: a relation with `id`, `user_id`, `type`): one row
 * per configured channel the recipient wants for that type and has a proven number for. A type the user never set
 * goes by phone when it is a business one (`PHONE_BY_DEFAULT`), by the channel they proved their number with.
 * Nothing goes by a channel the user stopped (STOP).
 */
export function outboundRowsSql(inserted: SQL, channels: readonly PhoneChannel[]): SQL {
  return sql`insert into outbound_messages (user_id, notification_id, channel, recipient)
    select n.user_id, n.id, ch.channel, u.verified_phone
    from ${inserted} as n
    join users u on u.id = n.user_id and u.verified_phone is not null
    left join notification_preferences p on p.user_id = n.user_id
    cross join unnest(${`{${channels.join(',')}}`}::text[]) as ch(channel)
    where ${goesByPhoneSql(sql`n.type`, sql`ch.channel`)}`;
}

/**
 * Whether a notification of `type` goes to user `u` (`users`) by `channel`, given their preferences `p`
 * (`notification_preferences`, left-joined): the rule `outboundRowsSql` queues by, for a count made before sending
 * (a broadcast's SMS and their cost). A proven number, the channel not stopped, and the type wanted by it (a
 * business type, by default, by the channel the number was proven with).
 */
export function goesByPhoneSql(type: SQL, channel: SQL): SQL {
  return sql`(u.verified_phone is not null and not ${channel}::text = any(coalesce(p.stopped_channels, '{}'::text[]))
      and coalesce((p.channels -> ${type}::text ->> ${channel}::text)::boolean,
      ${type}::text = any(${`{${PHONE_BY_DEFAULT.join(',')}}`}::text[]) and ${channel}::text = u.phone_verified_via))`;
}

/**
 * The NOTIFY telling these users' open pages that they have new notifications, for a write that is one statement
 * and puts its notifications in it with `notificationWritesSql` (the `notification` event is this module's).
 */
export function inboxNoticeSql(ctx: Pick<CoreContext, 'bus'>, users: Exclude<Audience, 'public'>): SQL {
  return ctx.bus.notifySql({ type: 'notification', id: sql`0` }, users);
}

/**
 * The same, as data-modifying CTEs of a write that is one statement (placing a bid): a notification for each
 * recipient (an `int[]` expression) of each row of `from`, with `data` a `jsonb` expression over those rows, and
 * their phone messages. `name` names the first CTE (the second is `<name>_phone`). The caller also puts the
 * `notification` NOTIFY for them (`inboxNoticeSql`) in its statement.
 */
export function notificationWritesSql(
  ctx: Pick<CoreContext, 'config'>,
  name: string,
  options: { from: SQL; recipients: SQL; type: NotificationType; data: SQL; link: SQL },
): { name: string; write: SQL }[] {
  const written = {
    name,
    write: sql`insert into notifications (user_id, type, data, link)
      select distinct recipient, ${options.type}, ${options.data}, ${options.link}
      from ${options.from} cross join lateral unnest(${options.recipients}) as recipient
      where recipient is not null
      returning id, user_id, type`,
  };
  const channels = configuredChannels(ctx.config.channels);
  return channels.length === 0
    ? [written]
    : [written, { name: `${name}_phone`, write: outboundRowsSql(sql.raw(name), channels) }];
}
