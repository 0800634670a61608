// Notifications: one row per recipient and event, written in the event's own transaction; what each user wants by
// which channel; and the durable queue of messages that leave the process (SMS, WhatsApp), with what came back.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  NOTIFICATION_TYPES,
  OUTBOUND_STATUSES,
  PHONE_CHANNELS,
  type TChannelChoice,
  type TNotificationData,
} from '../../contract/notifications';
import { users } from '../db/schema';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** 16 bytes of one UUID and 2 of another (both from the database's strong random source), base64url. */
const SHORT_LINK_TOKEN_SQL = sql`translate(encode(decode(replace(gen_random_uuid()::text, '-', '') || left(replace(gen_random_uuid()::text, '-', ''), 4), 'hex'), 'base64'), '+/', '-_')`;

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    data: jsonb('data').$type<TNotificationData>().notNull(),
    link: text('link'),
    /**
     * What the short link sent by SMS or WhatsApp carries instead of the id: 18 random bytes (138 random bits of two
     * v4 UUIDs) in base64url, 24 characters. Made by the database, so every insert (notify's and the one-statement
     * writes' SQL) gets one, and each row already there got its own when the column was added.
     */
    token: text('token').notNull().default(SHORT_LINK_TOKEN_SQL),
    readAt: at('read_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    uniqueIndex('notifications_token_idx').on(t.token),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** What a user changed from the defaults: channels per type (only those they set), and quiet hours. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  channels: jsonb('channels').$type<Partial<Record<string, Partial<TChannelChoice>>>>().notNull().default({}),
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  timeZone: text('time_zone'),
  /** Channels the user stopped by texting STOP: nothing but replies goes by them until START. */
  stoppedChannels: text('stopped_channels', { enum: PHONE_CHANNELS })
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * The outbound queue: one row per message and channel, written in the transaction of what it tells. Workers of
 * every instance claim due rows (`for update skip locked`) and hand each to its provider at most once.
 */
export const outboundMessages = pgTable(
  'outbound_messages',
  {
    id: serial('id').primaryKey(),
    /** null for a reply to a number no account has proven (the phone bot's instructions). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The notification it carries; null for a message of its own (a verification code, a bot reply). */
    notificationId: integer('notification_id').references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: PHONE_CHANNELS }).notNull(),
    /** The number (E.164) as it was when queued. */
    recipient: text('recipient').notNull(),
    /** The text of a message of its own, in the user's language; a notification's is made when it is sent. */
    body: text('body'),
    /** A message of its own sent by template outside WhatsApp's 24-hour window (the code template). */
    template: text('template', { enum: ['notification', 'code'] })
      .notNull()
      .default('notification'),
    status: text('status', { enum: OUTBOUND_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Not sent before (retries, quiet hours). */
    dueAt: at('due_at').notNull().defaultNow(),
    /** A worker holds it until then while handing it over. */
    claimedUntil: at('claimed_until'),
    providerMessageId: text('provider_message_id'),
    /** The provider's reason for a failure, or the last retried error. */
    error: text('error'),
    /** Whether it was sent as a WhatsApp template (outside the window). */
    viaTemplate: boolean('via_template').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
    statusAt: at('status_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('outbound_notification_channel_idx').on(t.notificationId, t.channel),
    index('outbound_due_idx').on(t.dueAt).where(sql`${t.status} = 'queued'`),
    uniqueIndex('outbound_provider_id_idx').on(t.channel, t.providerMessageId),
    index('outbound_user_idx').on(t.userId, t.channel, t.id),
    index('outbound_unconfirmed_idx').on(t.channel, t.recipient).where(sql`${t.status} = 'unconfirmed'`),
  ],
);

/**
 * Messages and delivery events received from a provider, each handled once (providers deliver again on doubt):
 * keyed by the provider's id of the message or of the event.
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    key: text('key').primaryKey(),
    channel: text('channel', { enum: PHONE_CHANNELS }).notNull(),
    /** The sender of an incoming message (E.164), for WhatsApp's 24-hour window; null for a status. */
    sender: text('sender'),
    text: text('text'),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [index('provider_events_sender_idx').on(t.channel, t.sender, t.receivedAt)],
);
