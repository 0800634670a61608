// The phone bot's own records: commands waiting for `YES <PIN>`, and the answers of USSD writes (kept for replays).
import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { PHONE_CHANNELS } from '../../contract/notifications';
import { users } from '../db/schema';
import type { PhoneWrite } from './phone-writes';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A write the bot echoed by SMS or WhatsApp, done when the user replies `YES <PIN>` before it expires. */
export const phonePending = pgTable(
  'phone_pending',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: PHONE_CHANNELS }).notNull(),
    write: jsonb('write').$type<PhoneWrite>().notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channel] })],
);

/**
 * The closing screen of a USSD write, by session and path: the network may send the same request again, and it
 * gets the same answer instead of a second listing.
 */
export const ussdWrites = pgTable('ussd_writes', {
  key: text('key').primaryKey(),
  answer: text('answer').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});
