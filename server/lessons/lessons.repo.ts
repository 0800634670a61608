// The lessons tables: published lessons found by topic, crop, stage and words, one lesson by slug, each reader's
// progress, and the lessons the app ships installed (a changed one published as its next version).
import { and, asc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { StageKey } from '../../contract/crop-plans';
import type { LessonTopic, TLessonContent, TLessonText } from '../../contract/lessons';
import { rowsOf, type Tx } from '../db/client';
import { lessonProgress, lessons, lessonVersions } from './lessons.schema';

export type LessonRow = typeof lessons.$inferSelect;
export type ProgressRow = typeof lessonProgress.$inferSelect;

/** What a list shows of a lesson's content: its classification and, per language, the title and summary. */
export type LessonHead = Pick<TLessonContent, 'crops' | 'stages' | 'readingMinutes'> & {
  en?: Pick<TLessonText, 'title' | 'summary'>;
  fr?: Pick<TLessonText, 'title' | 'summary'>;
};

/** A published lesson in a list, with the reader's progress on it. */
export interface ListedLesson {
  lesson: Pick<LessonRow, 'id' | 'slug' | 'topic' | 'version'> & { published: LessonHead; publishedAt: Date };
  progress: ProgressRow | null;
}

/** A published lesson found for a list, before its head is added (see lesson-heads.ts). */
export interface FoundLesson {
  lesson: Omit<ListedLesson['lesson'], 'published'>;
  progress: ProgressRow | null;
}

/** A published lesson whole, with the reader's progress on it. */
export interface ReadLesson extends ListedLesson {
  lesson: LessonRow & { published: TLessonContent; publishedAt: Date };
  reviewer: string | null;
}

/** The head of a lesson's content (a jsonb column or expression): a list never reads the sections and sources. */
const headOf = (
  content: SQL | typeof lessons.published,
) => sql<LessonHead>`jsonb_strip_nulls(jsonb_build_object(
  'crops', ${content}->'crops',
  'stages', ${content}->'stages',
  'readingMinutes', ${content}->'readingMinutes',
  'en', (${content}->'en') - 'sections' - 'keySteps',
  'fr', (${content}->'fr') - 'sections' - 'keySteps'))`;

/** The head of the published content. */
export const headSql = headOf(lessons.published);

export interface LessonFilter {
  topic?: LessonTopic | undefined;
  crop?: string | undefined;
  stage?: StageKey | undefined;
  words?: string | undefined;
  /** Lessons about one of these crops at the stage it is at (a lesson for any time fits every stage). */
  fits?: { crop: string; stage: StageKey }[] | undefined;
}

/** Words as a search compares them: lower-case, accents kept, `%` and `_` taken literally. */
const likeOf = (words: string) => `%${words.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Some (crop, stage) the reader grows now is one the lesson is about. */
function fitsSql(fits: readonly { crop: string; stage: StageKey }[]): SQL {
  const crops = sql`array[${sql.join(
    fits.map((f) => sql`${f.crop}`),
    sql`, `,
  )}]::text[]`;
  const stages = sql`array[${sql.join(
    fits.map((f) => sql`${f.stage}`),
    sql`, `,
  )}]::text[]`;
  return sql`exists (select 1 from unnest(${crops}, ${stages}) as now(crop, stage)
    where now.crop = any(${lessons.crops})
      and (cardinality(${lessons.stages}) = 0 or now.stage = any(${lessons.stages})))`;
}

function filterSql(f: LessonFilter): (SQL | undefined)[] {
  return [
    f.topic ? eq(lessons.topic, f.topic) : undefined,
    f.crop ? sql`${f.crop.toLowerCase()} = any(${lessons.crops})` : undefined,
    f.stage ? sql`(${f.stage} = any(${lessons.stages}) or cardinality(${lessons.stages}) = 0)` : undefined,
    f.words ? sql`${lessons.searchText} like ${likeOf(f.words)}` : undefined,
    f.fits ? fitsSql(f.fits) : undefined,
  ];
}

/**
 * Published lessons matching the filter, by topic then slug, with the reader's progress: their version, not their
 * content (every filter is on columns), so no lesson is decompressed; the heads come from `headsOfVersions`.
 */
export async function publishedLessons(db: Tx, filter: LessonFilter): Promise<FoundLesson['lesson'][]> {
  if (filter.fits && filter.fits.length === 0) {
    return [];
  }
  return db
    .select({
      id: lessons.id,
      slug: lessons.slug,
      topic: lessons.topic,
      version: lessons.version,
      publishedAt: lessons.publishedAt,
    })
    .from(lessons)
    .where(and(isNotNull(lessons.published), ...filterSql(filter)))
    .orderBy(asc(lessons.topic), asc(lessons.slug)) as Promise<FoundLesson['lesson'][]>;
}

/** The reader's progress on every lesson they opened. */
export async function progressOf(db: Tx, userId: number): Promise<ProgressRow[]> {
  return db.select().from(lessonProgress).where(eq(lessonProgress.userId, userId));
}

/** The head of each (lesson, version) asked, in one statement, from the copy every publication keeps of itself. */
export async function headsOfVersions(
  db: Tx,
  versions: readonly { id: number; version: number }[],
): Promise<{ id: number; version: number; head: LessonHead }[]> {
  if (versions.length === 0) {
    return [];
  }
  const ids = versions.map((v) => v.id).join(',');
  const numbers = versions.map((v) => v.version).join(',');
  const result = await db.execute(sql`
    select v.lesson_id as id, v.version, ${headOf(sql`v.content`)} as head
    from lesson_versions v
    join unnest(string_to_array(${ids}::text, ',')::int[], string_to_array(${numbers}::text, ',')::int[])
      as wanted(id, version) on v.lesson_id = wanted.id and v.version = wanted.version`);
  return rowsOf<{ id: number; version: number; head: LessonHead }>(result);
}

/** One published lesson by slug, with the reader's progress and its reviewer's name. */
export async function publishedLesson(db: Tx, userId: number, slug: string): Promise<ReadLesson | null> {
  const [row] = await db
    .select({
      lesson: lessons,
      progress: lessonProgress,
      reviewer: sql<string | null>`(select username from users where id = ${lessons.reviewedBy})`,
    })
    .from(lessons)
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId)))
    .where(and(eq(lessons.slug, slug), isNotNull(lessons.published)))
    .limit(1);
  return (row as ReadLesson | undefined) ?? null;
}

/** Records that the reader opened the lesson (once), and finished it when `finished` (the first time counts). */
export async function recordProgress(
  db: Tx,
  userId: number,
  lessonId: number,
  finished: boolean,
): Promise<void> {
  await db
    .insert(lessonProgress)
    .values({ userId, lessonId, finishedAt: finished ? sql`now()` : null })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: finished ? { finishedAt: sql`coalesce(${lessonProgress.finishedAt}, now())` } : { userId },
    });
}

/** What a search reads of a lesson: its texts in both languages, lower-case. */
export function searchTextOf(content: TLessonContent): string {
  const parts: string[] = [content.slug, content.topic, ...content.crops];
  for (const text of [content.en, content.fr]) {
    if (!text) {
      continue;
    }
    parts.push(text.title, text.summary, ...text.keySteps);
    for (const section of text.sections) {
      if (section.kind === 'text') {
        parts.push(section.heading ?? '', section.text);
      } else if (section.kind === 'steps') {
        parts.push(section.heading ?? '', ...section.steps);
      } else {
        parts.push(...section.do, ...section.dont);
      }
    }
  }
  return parts.join(' ').toLowerCase();
}

/**
 * Installs the lessons the app ships: a new one published as version 1, a shipped one whose content changed
 * published as its next version (each version kept). Lessons written in the app are left alone.
 */
export async function installShipped(db: Tx, contents: readonly TLessonContent[]): Promise<number> {
  let changed = 0;
  for (const content of contents) {
    const values = {
      slug: content.slug,
      topic: content.topic,
      crops: content.crops,
      stages: content.stages,
      status: 'published' as const,
      published: content,
      publishedAt: sql`now()`,
      searchText: searchTextOf(content),
    };
    const [row] = await db
      .insert(lessons)
      .values({ ...values, version: 1 })
      .onConflictDoUpdate({
        target: lessons.slug,
        // The status stays: it tells of an expert's working copy, which a new shipped version does not touch.
        set: { ...values, status: sql`${lessons.status}`, version: sql`${lessons.version} + 1` },
        setWhere: sql`${lessons.authorId} is null and ${lessons.published} is distinct from ${JSON.stringify(content)}::jsonb`,
      })
      .returning({ id: lessons.id, version: lessons.version });
    if (row) {
      await db.insert(lessonVersions).values({ lessonId: row.id, version: row.version, content });
      changed++;
    }
  }
  return changed;
}
