// What a list shows of each published lesson (its head: crops, stages, reading time, each language's title and
// summary), kept per instance by lesson and version. A version's content never changes (publishing again makes the
// next version), so no event needs to drop a head: a list reads versions and progress, and decompresses no lesson.
import { KeyedCache } from '../cache/keyed-cache';
import type { Tx } from '../db/client';
import { held } from '../module';
import { type FoundLesson, headsOfVersions, type LessonHead, type ListedLesson } from './lessons.repo';

/** Versions kept at once: every version of a catalogue of hundreds of lessons, many times over. */
const MAX_HEADS = 5000;

const keyOf = (lesson: { id: number; version: number }) => `${lesson.id}:${lesson.version}`;

export class LessonHeads {
  private readonly heads = new KeyedCache<LessonHead, string>({ maxEntries: MAX_HEADS });

  /** The lessons found, each with its version's head: those kept at once, the others read in one statement. */
  async add(db: Tx, found: readonly FoundLesson[]): Promise<ListedLesson[]> {
    const heads = new Map<string, LessonHead>();
    const missing: { id: number; version: number }[] = [];
    for (const { lesson } of found) {
      const kept = this.heads.peek(keyOf(lesson));
      if (kept === undefined) {
        missing.push({ id: lesson.id, version: lesson.version });
      } else {
        heads.set(keyOf(lesson), kept);
      }
    }
    for (const row of await headsOfVersions(db, missing)) {
      this.heads.set(keyOf(row), row.head);
      heads.set(keyOf(row), row.head);
    }
    return found.map(({ lesson, progress }) => {
      const published = heads.get(keyOf(lesson));
      if (published === undefined) {
        throw new Error(`lesson ${lesson.id} has no content for its version ${lesson.version}`);
      }
      return { lesson: { ...lesson, published }, progress };
    });
  }
}

/** This instance's heads, built on first use. */
export const lessonHeads = held('lessons.heads', () => new LessonHeads());
