// Ratings: after a completed order its buyer and seller each rate the other, once, editable for a while.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../db/schema';
import { idOf } from '../db/table-reference';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const userRef = (name: string) => integer(name).references(() => users.id);

export const ratings = pgTable(
  'ratings',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => idOf('orders')),
    raterId: userRef('rater_id').notNull(),
    rateeId: userRef('ratee_id').notNull(),
    /** Whether the rater was the order's buyer or its seller. */
    raterSide: text('rater_side', { enum: ['buyer', 'seller'] }).notNull(),
    /** What was sold, as the order named it: shown beside the note. */
    commodityName: text('commodity_name').notNull(),
    score: integer('score').notNull(),
    note: text('note'),
    /** Set when a manager hid the note as abusive: the score still counts, the text is shown to managers only. */
    hiddenAt: at('hidden_at'),
    hiddenBy: userRef('hidden_by'),
    /** When first given: the edit window runs from here (RATING_EDIT_DAYS). */
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Once per order per side: a second rating of the same order by the same person is an edit.
    uniqueIndex('ratings_order_rater_idx').on(t.orderId, t.raterId),
    // The aggregate of a user (cards, profiles) reads only their ratings.
    index('ratings_ratee_idx').on(t.rateeId, t.id),
    check('ratings_score_range', sql`${t.score} between 1 and 5`),
  ],
);
