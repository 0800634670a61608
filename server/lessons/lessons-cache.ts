// The Learning Center's list, per instance: the published lessons each search finds (the same for every reader) and
// each reader's progress, kept apart so that one reader's progress never drops anyone else's list. A `lesson` event
// naming a reader (their progress) drops theirs; one naming no reader (a version published) drops the searches.
import { KeyedCache } from '../cache/keyed-cache';
import type { CoreContext } from '../context';
import { held } from '../module';
import type { FoundLesson, LessonFilter, ProgressRow } from './lessons.repo';

const MAX_SEARCHES = 5_000;
const MAX_READERS = 50_000;
/**
 * A safety net: the lessons the app ships are installed when an instance starts, which the others hear nothing of;
 * their searches show a new version at most this late.
 */
const MAX_AGE_MS = 5 * 60_000;

export class LessonsCache {
  private readonly searches = new KeyedCache<FoundLesson['lesson'][]>({
    maxEntries: MAX_SEARCHES,
    maxAgeMs: MAX_AGE_MS,
  });
  private readonly progress = new KeyedCache<ProgressRow[], number>({
    maxEntries: MAX_READERS,
    maxAgeMs: MAX_AGE_MS,
  });

  /** Each reader's answers as sent (grouped by reader): dropped by their progress, or by any version published. */
  private readonly answers = new KeyedCache<Buffer, string, number>({
    maxEntries: MAX_READERS,
    maxAgeMs: MAX_AGE_MS,
  });

  constructor(ctx: CoreContext) {
    // A `lesson` event naming no reader is a version published; one naming a reader, their progress.
    this.searches.dropOn(ctx.bus, (event) =>
      event.type === 'lesson' && event.userId === undefined ? 'all' : null,
    );
    this.progress.dropOn(ctx.bus, (event) =>
      event.type === 'lesson' && event.userId !== undefined ? { key: event.userId } : null,
    );
    this.answers.dropOn(ctx.bus, (event) => {
      if (event.type !== 'lesson') {
        return null;
      }
      return event.userId === undefined ? 'all' : { group: event.userId };
    });
  }

  /** The published lessons a search finds (a search for the reader's crops names them: `fits`). */
  found(
    filter: LessonFilter,
    load: () => Promise<FoundLesson['lesson'][]>,
  ): Promise<FoundLesson['lesson'][]> {
    const key = JSON.stringify([filter.topic, filter.crop, filter.stage, filter.words, filter.fits]);
    return this.searches.get(key, load);
  }

  progressOf(userId: number, load: () => Promise<ProgressRow[]>): Promise<ProgressRow[]> {
    return this.progress.get(userId, load);
  }

  /** The reader's answer to a search (`key` names it whole: reader, language, filters), as `load` makes it. */
  answer(userId: number, key: string, load: () => Promise<Buffer>): Promise<Buffer> {
    return this.answers.get(key, load, { group: userId });
  }
}

/** This instance's LessonsCache, built from its context on first use. */
export const lessonsCache = held('lessons.list', (ctx) => new LessonsCache(ctx));
