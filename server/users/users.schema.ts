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
    grade: text('grade', { enum: ['A', 'B', 'C'] }),
    maxPriceCents: integer('max_price_cents'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId, t.id)],
);
