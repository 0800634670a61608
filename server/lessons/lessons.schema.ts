// The Learning Center: lessons (their published content and every published version kept) and each reader's
// progress (opened, finished).
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { REVIEW_DECISIONS } from '../../contract/lesson-authoring';
import { LESSON_STATUSES, LESSON_TOPICS, type TLessonContent } from '../../contract/lessons';
import { users } from '../db/schema';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    topic: text('topic', { enum: LESSON_TOPICS }).notNull(),
    crops: text('crops').array().notNull(),
    stages: text('stages').array().notNull(),
    status: text('status', { enum: LESSON_STATUSES }).notNull().default('draft'),
    /** The published version's number (0 before the first publication). */
    version: integer('version').notNull().default(0),
    /** What readers read: the last published content. */
    published: jsonb('published').$type<TLessonContent>(),
    publishedAt: instant('published_at'),
    /** null: one of the lessons the app ships (server/lessons/content), written and reviewed by the team. */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The working copy (a first draft, or the next version of a published lesson) while `status` is `draft` or
     * `in_review`; null once published. Seen only by its author and, in review, the reviewers.
     */
    draft: jsonb('draft').$type<TLessonContent>(),
    draftAuthorId: integer('draft_author_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Words a search matches: titles, summaries and sections of both languages, lower-case. */
    searchText: text('search_text').notNull().default(''),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lessons_slug').on(t.slug), index('lessons_topic').on(t.topic)],
);

/** Every published version of a lesson, as it was published. */
export const lessonVersions = pgTable(
  'lesson_versions',
  {
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    content: jsonb('content').$type<TLessonContent>().notNull(),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: instant('published_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.version] })],
);

export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    openedAt: instant('opened_at').notNull().defaultNow(),
    finishedAt: instant('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] }), index('lesson_progress_lesson').on(t.lessonId)],
);

/** Each review of a lesson's working copy: approved (and so published) or sent back with the reviewer's comment. */
export const lessonReviews = pgTable(
  'lesson_reviews',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    decision: text('decision', { enum: REVIEW_DECISIONS }).notNull(),
    comment: text('comment'),
    /** Reviews of an earlier working copy stay, but the author sees those since the last publication. */
    version: integer('version').notNull(),
    at: instant('at').notNull().defaultNow(),
  },
  (t) => [index('lesson_reviews_lesson').on(t.lessonId)],
);

/** Users a manager named as experts: they write and review lessons, as managers do. */
export const lessonExperts = pgTable('lesson_experts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  namedBy: integer('named_by').references(() => users.id, { onDelete: 'set null' }),
  namedAt: instant('named_at').notNull().defaultNow(),
});

/** Readers who keep their lesson progress to themselves: left out of their co-operatives' counts. */
export const lessonPrivacy = pgTable('lesson_privacy', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  since: instant('since').notNull().defaultNow(),
});
