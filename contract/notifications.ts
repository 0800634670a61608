// Notifications: what happened that concerns a user, kept for them in their language, read in the app.
import { z } from 'zod';
import { MAX_INT4 } from './constants';
import { ZPageQuery } from './pagination';

export const NOTIFICATION_TYPES = [
  'bid_received',
  'bid_outbid',
  'bid_accepted',
  'bid_rejected',
  'order_update',
  'request_answered',
  'connection_requested',
  'connection_accepted',
  'post_comment',
  'farm_membership',
  'achievement',
  'saved_search_match',
  'farm_alert',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What a notification's text is made from: names, numbers and keys of other catalogue entries. */
export const ZNotificationData = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export type TNotificationData = z.infer<typeof ZNotificationData>;

export const ZNotification = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  /** In the recipient's language. */
  text: z.string(),
  data: ZNotificationData,
  /** Where in the app the thing it is about is (a path), if anywhere. */
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationListQuery = ZPageQuery;

export const ZUnreadCount = z.object({ count: z.number().int() });

/** Mark some (by id, at most a page) or all of one's notifications read. */
export const ZMarkRead = z.union(
  [
    z.object({ ids: z.array(z.number().int().positive().max(MAX_INT4)).min(1).max(200) }).strict(),
    z.object({ all: z.literal(true) }).strict(),
  ],
  { error: 'notifications.validation.markRead' },
);
export type TMarkRead = z.input<typeof ZMarkRead>;
