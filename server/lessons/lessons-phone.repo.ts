// What a phone reads of the published lessons: by crop, by words, by topic or by number, each lesson's content as
// published (a phone reads no draft), ordered by number, and the topics and crops that have lessons.
import { and, asc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { LessonTopic, TLessonContent } from '../../contract/lessons';
import type { Tx } from '../db/client';
import { lessons } from './lessons.schema';

/** A published lesson as a phone reads it: its number, its content and the words a search reads of it. */
export interface PhoneLessonRow {
  id: number;
  content: TLessonContent;
  searchText: string;
}

async function publishedWhere(db: Tx, where: SQL | undefined): Promise<PhoneLessonRow[]> {
  const rows = await db
    .select({ id: lessons.id, content: lessons.published, searchText: lessons.searchText })
    .from(lessons)
    .where(and(isNotNull(lessons.published), where))
    .orderBy(asc(lessons.id));
  return rows.flatMap((r) => (r.content === null ? [] : [{ ...r, content: r.content }]));
}

/** Published lessons about a crop (a crop key), by number. */
export const lessonsOfCropRows = (db: Tx, crop: string) =>
  publishedWhere(db, sql`${crop} = any(${lessons.crops})`);

/** Every published lesson, by number (a phone's search compares their words without accents, in the service). */
export const publishedLessonRows = (db: Tx) => publishedWhere(db, undefined);

/** Published lessons of a topic, by number. */
export const lessonsOfTopicRows = (db: Tx, topic: LessonTopic) =>
  publishedWhere(db, eq(lessons.topic, topic));

/** One published lesson by its number, or null. */
export async function lessonRow(db: Tx, id: number): Promise<PhoneLessonRow | null> {
  const [row] = await publishedWhere(db, eq(lessons.id, id));
  return row ?? null;
}

/** The topics and the crops that have a published lesson. */
export async function publishedTopicsAndCrops(db: Tx): Promise<{ topics: string[]; crops: string[] }> {
  const [row] = await db
    .select({
      topics: sql<string[]>`coalesce(array_agg(distinct ${lessons.topic}), '{}')`,
      crops: sql<
        string[]
      >`coalesce((select array_agg(distinct c) from lessons l, unnest(l.crops) c where l.published is not null), '{}')`,
    })
    .from(lessons)
    .where(isNotNull(lessons.published));
  return { topics: row?.topics ?? [], crops: row?.crops ?? [] };
}
