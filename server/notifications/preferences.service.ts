// Notification preferences: each type's channels (the defaults filled in for those never set) and quiet hours.
import {
  NOTIFICATION_TYPES,
  type NotificationType,
  PHONE_BY_DEFAULT,
  type PhoneChannel,
  type TChannelChoice,
  type TNotificationPreferences,
  type TNotificationPreferencesUpdate,
  type TQuietHours,
} from '../../contract/notifications';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { SessionUser } from '../http/access';
import { inboxCache } from './inbox-cache';
import { verifiedPhoneOf } from './outbound.repo';
import { findPreferences, type PreferencesRow, savePreferences } from './preferences.repo';

/**
 * A type's channels when the user never set them: always in the app; business types (bids, orders, alerts) also by
 * the channel the user proved their phone with. (Must agree with `outboundRowsSql`, which decides in SQL.)
 */
export function defaultChoice(type: NotificationType, verifiedVia: PhoneChannel | null): TChannelChoice {
  const byPhone = PHONE_BY_DEFAULT.includes(type);
  return {
    inApp: true,
    sms: byPhone && verifiedVia === 'sms',
    whatsapp: byPhone && verifiedVia === 'whatsapp',
  };
}

export function quietHoursOf(row: PreferencesRow | null): TQuietHours | null {
  return row?.quietStart && row.quietEnd && row.timeZone
    ? { start: row.quietStart, end: row.quietEnd, timeZone: row.timeZone }
    : null;
}

function present(row: PreferencesRow | null, verifiedVia: PhoneChannel | null): TNotificationPreferences {
  const types = Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [type, { ...defaultChoice(type, verifiedVia), ...row?.channels[type] }]),
  ) as TNotificationPreferences['types'];
  return { types, quietHours: quietHoursOf(row) };
}

export async function getPreferences(db: Tx, userId: number): Promise<TNotificationPreferences> {
  const [row, phone] = await Promise.all([findPreferences(db, userId), verifiedPhoneOf(db, userId)]);
  return present(row, phone.via);
}

export async function updatePreferences(
  ctx: AppContext,
  user: SessionUser,
  change: TNotificationPreferencesUpdate,
): Promise<TNotificationPreferences> {
  // Types turned off in the app leave the inbox: its cached pages and count here and on other instances go.
  inboxCache.of(ctx).expect([user.id]);
  return ctx.db.transaction(async (tx) => {
    await savePreferences(tx, user.id, {
      types: change.types ?? {},
      ...(change.quietHours === undefined ? {} : { quiet: change.quietHours }),
    });
    await ctx.bus.publish(tx, { type: 'notification', id: 0 }, { userIds: [user.id] });
    return getPreferences(tx, user.id);
  });
}
