// The network's tables: posts, their comments and reactions, and connections between users.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { POST_TYPES } from '../../contract/network';
import { REACTION_TYPES } from '../../contract/network-constants';
import { users } from '../db/schema';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    type: text('type', { enum: POST_TYPES }).notNull().default('insight'),
    attachments: text('attachments').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [index('posts_author_idx').on(t.authorId, t.id)],
);

export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('comments_post_idx').on(t.postId, t.id)],
);

export const reactions = pgTable(
  'reactions',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: REACTION_TYPES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reactions_post_user_type_idx').on(t.postId, t.userId, t.type)],
);

export const connections = pgTable(
  'connections',
  {
    id: serial('id').primaryKey(),
    /** The user who asked. */
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The user asked. */
    followingId: integer('following_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'accepted', 'declined'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    respondedAt: timestamp('responded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // One connection per pair of users, whichever of them asked.
    uniqueIndex('connections_pair_idx').on(
      sql`least(${t.followerId}, ${t.followingId})`,
      sql`greatest(${t.followerId}, ${t.followingId})`,
    ),
    index('connections_follower_idx').on(t.followerId),
    index('connections_following_idx').on(t.followingId),
    check('connections_not_self', sql`${t.followerId} <> ${t.followingId}`),
  ],
);
