// Per-user records beyond the account: profiles (farmer and enhanced), achievements earned, saved searches.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../db/schema';

export const userAchievements = pgTable(
  'user_achievements',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    earnedAt: timestamp('earned_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] }), index('user_achievements_user_idx').on(t.userId)],
);

const labels = (name: string) => jsonb(name).$type<string[]>().notNull().default(sql`'[]'::jsonb`);

/** One row per user who has written a profile; a missing row reads as the empty profile. */
export const profiles = pgTable('profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bio: text('bio'),
  farmingExperience: integer('farming_experience'),
  preferredCrops: labels('preferred_crops'),
  region: text('region'),
  country: text('country'),
  farmTypes: labels('farm_types'),
  certifications: labels('certifications'),
  languagesSpoken: labels('languages_spoken'),
  /** The user lets everyone see their email and phone in the directory. */
  showContact: boolean('show_contact').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: text('query'),
    /** The catalogue kind the query names (its market), when it names one: such a search matches by market. */
    marketKey: text('market_key'),
    grade: text('grade', { enum: ['A', 'B', 'C'] }),
    maxPriceCents: integer('max_price_cents'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId, t.id)],
);

/**
 * A code sent to prove a phone number (one at a time per user): only its hash is kept; it expires, allows a few
 * tries, and may be sent again only so often.
 */
export const phoneVerifications = pgTable('phone_verifications', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The number being proved (E.164), and the channel the code went by. */
  phone: text('phone').notNull(),
  /** The same as typed (country code, national number): the account's listed number once proven. */
  countryCode: text('country_code').notNull(),
  nationalNumber: text('national_number').notNull(),
  channel: text('channel', { enum: ['sms', 'whatsapp'] }).notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  tries: integer('tries').notNull().default(0),
  /** Codes sent since `windowStart` (the resend limit counts per window). */
  sends: integer('sends').notNull().default(1),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
