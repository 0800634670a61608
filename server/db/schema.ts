// Core tables (accounts, which most modules join for names; idempotency and shared rate limits, http's; the
// deployment's settings); each module keeps its own in `<module>.schema.ts`.
// Money in integer cents, quantities in integer kilograms.
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    usernameKey: text('username_key').notNull(),
    /**
     * The name's confusable skeleton (Unicode TR39's idea, for the ASCII names allowed): capital I, 1 and l are
     * one letter, so are O and 0, 'rn' is 'm' and 'vv' is 'w'; unique, so `cIaire` cannot stand beside `claire`.
     */
    usernameSkeleton: text('username_skeleton')
      .notNull()
      .generatedAlwaysAs(
        sql`replace(replace(lower(translate(username, 'I10O', 'lloo')), 'rn', 'm'), 'vv', 'w')`,
      ),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['farmer', 'agent', 'delivery', 'buyer', 'manager'] }).notNull(),
    email: text('email'),
    phoneNumber: text('phone_number'),
    countryCode: text('country_code'),
    /** The number (E.164) its owner proved with a code: the only one messages go to. */
    verifiedPhone: text('verified_phone'),
    /** How it was proved, and so the channel messages go by unless the user chooses otherwise. */
    phoneVerifiedVia: text('phone_verified_via', { enum: ['sms', 'whatsapp'] }),
    language: text('language', { enum: ['en', 'fr'] })
      .notNull()
      .default('en'),
    /** The hash of the 4-digit PIN that confirms writes from a phone (USSD, SMS, WhatsApp); null until set. */
    pinHash: text('pin_hash'),
    /** Wrong PINs in a row; at PIN_TRIES phone writes are locked until a new PIN is set in the app. */
    pinFailures: integer('pin_failures').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_key_idx').on(t.usernameKey),
    index('users_verified_phone_idx').on(t.verifiedPhone),
    uniqueIndex('users_username_skeleton_idx').on(t.usernameSkeleton),
    index('users_role_idx').on(t.role),
  ],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** SHA-256 of method, path and body: a key sent again with another request is refused, not replayed. */
    requestHash: text('request_hash'),
    /** The answer, committed with the write itself; null only on rows an earlier release left mid-request. */
    statusCode: integer('status_code'),
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_created_idx').on(t.createdAt)],
);

/**
 * Hits of limits that must hold across instances (http/shared-limit.ts): one row per hit that was let through,
 * by limit (`bucket`) and key (a phone number, an address); rows older than the longest window (a day) are pruned.
 */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: serial('id').primaryKey(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('rate_events_key_idx').on(t.bucket, t.key, t.createdAt),
    index('rate_events_created_idx').on(t.createdAt),
  ],
);

/** What a deployment fixed at its first start and must keep (its currency: amounts would change meaning). */
export const deploymentSettings = pgTable('deployment_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
