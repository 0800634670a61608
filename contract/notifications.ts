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
  'order_refund',
  /** Mobile money on an order: a payment asked, in escrow or failed; a payout or refund sent (`data.reason`). */
  'payment_update',
  /** A driver was given a delivery. */
  'delivery_assigned',
  'request_answered',
  'agent_link_requested',
  'connection_requested',
  'connection_accepted',
  'post_comment',
  'farm_membership',
  'achievement',
  'saved_search_match',
  'farm_alert',
  /** A market's price crossed a price alert's figure. */
  'price_alert',
  /** Someone asked for a commodity the catalogue lacks (to those who manage the catalogue). */
  'kind_requested',
  /** The crop tasks due tomorrow, one notification a day listing them. */
  'task_reminder',
  /** Goods deposited in someone else's store: the depositor's receipt (number and code). */
  'stock_receipt',
  /** Asked to join a group, invited, accepted into it or removed from it. */
  'group_membership',
  /** A co-operative's receipt for a member's delivery at its store, and for an intake it corrected. */
  'coop_intake',
  'coop_intake_reversed',
  /** A member's statement of their share when a settlement is approved, and their payout's outcome. */
  'coop_statement',
  'coop_payout',
  /** A message from a co-operative's admin to its members. */
  'coop_broadcast',
  /** A weather alert tied to a farm's crop plans or drying lots: at most one a day per farm (`data.reason`: kind). */
  'weather_alert',
  /** A forward agreement moved (proposed, countered, answered, paid, delivered, settled: `data.reason`). */
  'forward_agreement',
  /** A group's event announced to its members (by SMS: reply 1 yes / 2 no), one coming soon, one changed or cancelled. */
  'event_invitation',
  'event_reminder',
  'event_changed',
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

// ---- Channels: SMS and WhatsApp beside the in-app centre ----

/** The channels that leave the app (each on only when the server is configured for it). */
export const PHONE_CHANNELS = ['sms', 'whatsapp'] as const;
export type PhoneChannel = (typeof PHONE_CHANNELS)[number];

/** Types that go to the phone by default once it is verified (business: bids, orders, alerts); the rest in-app. */
export const PHONE_BY_DEFAULT: readonly NotificationType[] = [
  'bid_received',
  'bid_outbid',
  'bid_accepted',
  'bid_rejected',
  'order_update',
  'order_refund',
  'payment_update',
  'delivery_assigned',
  'request_answered',
  'agent_link_requested',
  'saved_search_match',
  'farm_alert',
  'price_alert',
  'task_reminder',
  'stock_receipt',
  'coop_intake',
  'coop_intake_reversed',
  'coop_statement',
  'coop_payout',
  'coop_broadcast',
  'weather_alert',
  'forward_agreement',
  'event_invitation',
  'event_reminder',
  'event_changed',
];

export const ZChannelChoice = z
  .object({ inApp: z.boolean(), sms: z.boolean(), whatsapp: z.boolean() })
  .strict();
export type TChannelChoice = z.infer<typeof ZChannelChoice>;

const ZClock = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'notifications.validation.clock');

/** Whether the runtime knows this IANA time zone (bounded: names are short). */
function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** No SMS or WhatsApp from `start` to `end` (wrapping midnight when start > end) in `timeZone`; held till after. */
export const ZQuietHours = z
  .object({
    start: ZClock,
    end: ZClock,
    timeZone: z.string().min(1).max(64).refine(knownTimeZone, 'notifications.validation.timeZone'),
  })
  .strict()
  .refine((q) => q.start !== q.end, { error: 'notifications.validation.quietSame', path: ['end'] });
export type TQuietHours = z.infer<typeof ZQuietHours>;

/** Every type with its channels (defaults filled in), and the quiet hours (null: none). */
export const ZNotificationPreferences = z.object({
  types: z.record(z.enum(NOTIFICATION_TYPES), ZChannelChoice),
  quietHours: ZQuietHours.nullable(),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

/**
 * A change: the channels given are set, per type (the others kept, or following the defaults if never set); quiet
 * hours set, cleared (null) or kept (absent).
 */
export const ZNotificationPreferencesUpdate = z
  .object({
    types: z
      .partialRecord(
        z.enum(NOTIFICATION_TYPES),
        ZChannelChoice.partial().refine(
          (c) => Object.keys(c).length > 0,
          'notifications.validation.noChange',
        ),
      )
      .refine((types) => Object.keys(types).length > 0, 'notifications.validation.noChange')
      .optional(),
    quietHours: ZQuietHours.nullable().optional(),
  })
  .strict();
export type TNotificationPreferencesUpdate = z.input<typeof ZNotificationPreferencesUpdate>;

export const OUTBOUND_STATUSES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'read',
  'failed',
  'unconfirmed',
] as const;
export type OutboundStatus = (typeof OUTBOUND_STATUSES)[number];

export const ZChannelState = z.object({
  channel: z.enum(PHONE_CHANNELS),
  /** off: not configured on this server; not_verified: no proven number; connected: messages go to it. */
  state: z.enum(['off', 'not_verified', 'connected']),
  /** The last message by this channel to the user, if any. */
  lastDelivery: z
    .object({ status: z.enum(OUTBOUND_STATUSES), at: z.string(), error: z.string().nullable() })
    .nullable(),
});
export type TChannelState = z.infer<typeof ZChannelState>;

/** Where the user's phone stands: the proven number, a code on its way, and each channel's state. */
export const ZPhoneStatus = z.object({
  verifiedPhone: z.string().nullable(),
  verifiedVia: z.enum(PHONE_CHANNELS).nullable(),
  pending: z
    .object({
      phone: z.string(),
      channel: z.enum(PHONE_CHANNELS),
      expiresAt: z.string(),
      triesLeft: z.number().int(),
      /** When another code may be asked for. */
      resendAt: z.string(),
    })
    .nullable(),
  channels: z.array(ZChannelState),
  /** The PIN that guards writes by phone (USSD, SMS, WhatsApp): set or not, locked by wrong tries. */
  pin: z.object({ set: z.boolean(), locked: z.boolean() }),
  /** The phone bot as this user met it: their last message to it, its last message to them, channels stopped. */
  bot: z.object({
    lastIn: z.object({ channel: z.enum(PHONE_CHANNELS), at: z.string(), text: z.string() }).nullable(),
    lastOut: z
      .object({
        channel: z.enum(PHONE_CHANNELS),
        at: z.string(),
        status: z.enum(OUTBOUND_STATUSES),
        error: z.string().nullable(),
      })
      .nullable(),
    /** Channels the user stopped by sending STOP (no notifications by them until START). */
    stopped: z.array(z.enum(PHONE_CHANNELS)),
  }),
});
export type TPhoneStatus = z.infer<typeof ZPhoneStatus>;

/** A number to prove, and the channel its code goes by. */
export const ZPhoneInput = z
  .object({
    countryCode: z.string().regex(/^\+[1-9][0-9]{0,3}$/, 'validation.countryCode'),
    phoneNumber: z
      .string()
      .max(20)
      .regex(/^[0-9 ]{4,20}$/, 'validation.phone'),
    channel: z.enum(PHONE_CHANNELS).default('sms'),
  })
  .strict()
  .refine((p) => e164(p.countryCode, p.phoneNumber).length <= 16, {
    error: 'validation.phone',
    path: ['phoneNumber'],
  });
export type TPhoneInput = z.input<typeof ZPhoneInput>;

export const ZPhoneCode = z
  .object({ code: z.string().regex(/^[0-9]{6}$/, 'notifications.validation.code') })
  .strict();

/** A number in E.164 (`+2376…`): the country code and the national digits, spaces dropped. */
export function e164(countryCode: string, phoneNumber: string): string {
  return `${countryCode}${phoneNumber.replaceAll(' ', '')}`;
}
