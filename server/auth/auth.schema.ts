// Sign-in's own tables: sessions, device cookies, failed sign-ins (the throttle) and password resets. The accounts
// they belong to are the core `users` table (db/schema.ts), which most modules join.
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../db/schema';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Proof that a browser signed in as a user before (OWASP device cookies): a random token in a cookie,
 * only its hash here. A known device may still try to sign in while the username is locked for others.
 */
export const deviceCookies = pgTable(
  'device_cookies',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('device_cookies_token_hash_idx').on(t.tokenHash),
    index('device_cookies_user_idx').on(t.userId, t.createdAt),
  ],
);

export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    usernameKey: text('username_key').notNull(),
    /** The client's network (login-throttle.ts `networkSource`: its IPv4 address, or its IPv6 /64). */
    ip: text('ip').notNull(),
    /** The valid device cookie the failed try came with; null for an untrusted client. */
    deviceId: integer('device_id').references(() => deviceCookies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_failures_user_idx').on(t.usernameKey, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
    index('login_failures_device_idx').on(t.deviceId, t.createdAt),
  ],
);

/**
 * A code sent to an account's proven number to choose a new password (one at a time per user): only its hash is
 * kept; single-use, it expires and allows a few tries.
 */
export const passwordResets = pgTable('password_resets', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  tries: integer('tries').notNull().default(0),
  createdAt: createdAt(),
});
