// Events people meet at: each event, each person's answer and check-in, the reminders sent (once, whichever instance
// sends them), the invitation a phone's `1`/`2` answers, and each user's calendar-feed token.
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CALENDAR_KINDS, RSVP_ANSWERS } from '../../contract/calendar';
import { users } from '../db/schema';
import { idOf } from '../db/table-reference';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: CALENDAR_KINDS }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    placeName: text('place_name').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** A group's event: for its members only. */
    groupId: integer('group_id').references(() => idOf('groups'), { onDelete: 'cascade' }),
    organiserId: integer('organiser_id')
      .notNull()
      .references(() => users.id),
    capacity: integer('capacity'),
    lessonIds: integer('lesson_ids').array().notNull().default([]),
    cancelledAt: instant('cancelled_at'),
    /** A meeting's minutes, by its organiser. */
    minutes: text('minutes'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('calendar_events_starts_idx').on(t.startsAt),
    index('calendar_events_group_idx').on(t.groupId),
  ],
);

export const calendarRsvps = pgTable(
  'calendar_rsvps',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** null: checked in without having answered. */
    answer: text('answer', { enum: RSVP_ANSWERS }),
    channel: text('channel', { enum: ['app', 'sms', 'ussd'] })
      .notNull()
      .default('app'),
    answeredAt: instant('answered_at'),
    checkedInAt: instant('checked_in_at'),
    checkedInBy: integer('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('calendar_rsvps_user_idx').on(t.userId)],
);

/** A reminder of an event sent at one lead (24 h, 2 h): the row is the claim, so it goes once across instances. */
export const calendarReminders = pgTable(
  'calendar_reminders',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    leadHours: integer('lead_hours').notNull(),
    sentAt: instant('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.leadHours] })],
);

/** The last event a user was invited to by SMS: a reply `1` (yes) or `2` (no) answers it. */
export const calendarInvitations = pgTable('calendar_invitations', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  eventId: integer('event_id')
    .notNull()
    .references(() => calendarEvents.id, { onDelete: 'cascade' }),
  sentAt: instant('sent_at').notNull().defaultNow(),
});

/** A user's calendar feed: only the token's hash is kept; a new token replaces (revokes) the old. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_idx').on(t.tokenHash)],
);
