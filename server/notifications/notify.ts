// How any module tells users that something concerns them: a notification each, in the event's own transaction.
import { type SQL, sql } from 'drizzle-orm';
import type { NotificationType, TNotificationData } from '../../contract/notifications';
import type { Tx } from '../db/client';
import type { EventBus } from '../events/bus';
import { notifications } from './notifications.schema';

export interface NewNotification {
  type: NotificationType;
  /** Names and numbers the text is made from; a value ending in `Key` names a catalogue entry, shown translated. */
  data: TNotificationData;
  /** The path in the app of what it is about. */
  link: string | null;
}

/**
 * Writes the notification for each user (once each) in the caller's transaction, so it exists exactly when the event
 * does, and tells their open pages. The actor of an event is left out by the caller.
 */
export async function notify(
  tx: Tx,
  bus: EventBus,
  userIds: readonly (number | null | undefined)[],
  notification: NewNotification,
): Promise<void> {
  const recipients = [...new Set(userIds.filter((id): id is number => typeof id === 'number'))];
  await notifyEach(
    tx,
    bus,
    recipients.map((userId) => ({ userId, ...notification })),
  );
}

/** Several users, each with their own notification: one insert and one NOTIFY, whatever their number. */
export async function notifyEach(
  tx: Tx,
  bus: EventBus,
  items: readonly (NewNotification & { userId: number })[],
): Promise<void> {
  if (items.length === 0) {
    return;
  }
  await tx.insert(notifications).values([...items]);
  await bus.publish(
    tx,
    { type: 'notification', id: 0 },
    { userIds: [...new Set(items.map((i) => i.userId))] },
  );
}

/**
 * The same, as the body of a data-modifying CTE in a write that is one statement (placing a bid): a notification for
 * each recipient (an `int[]` expression) of each row of `from`, with `data` a `jsonb` expression over those rows.
 * The caller also puts the `notification` NOTIFY for them in its statement.
 */
export function notificationRowsSql(options: {
  from: SQL;
  recipients: SQL;
  type: NotificationType;
  data: SQL;
  link: SQL;
}): SQL {
  return sql`insert into notifications (user_id, type, data, link)
    select distinct recipient, ${options.type}, ${options.data}, ${options.link}
    from ${options.from} cross join lateral unnest(${options.recipients}) as recipient
    where recipient is not null`;
}
