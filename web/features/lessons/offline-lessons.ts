// A topic's lessons kept on the phone: put by the page into the service worker's lessons cache under the very
// addresses the screens read, so that its NetworkFirst rule answers them offline (vite.config.ts, LESSONS_CACHE),
// and deleted by "Remove". The cache is the only record: a topic is saved when its list and every lesson that list
// names are in it (saved here, or each opened once), whatever the phone remembers otherwise.
// When lessons carry pictures, their addresses go into `topicPaths` the same way (none has one yet).

import type { TLessonSummary } from '../../../contract/lessons';
import type { LessonTopic } from '../../../contract/lessons-constants';
import { LESSONS_CACHE } from '../../lib/offline-caches';

/** The addresses the Learning Center's topic list and the lesson page read (web/lib/queries/lessons.ts). */
export const topicListPath = (topic: LessonTopic) => `/api/lessons?${new URLSearchParams({ topic })}`;
export const lessonPath = (slug: string) => `/api/lessons/${encodeURIComponent(slug)}`;

/** The topic's list, then each of its lessons. */
export const topicPaths = (topic: LessonTopic, slugs: readonly string[]) => [
  topicListPath(topic),
  ...slugs.map(lessonPath),
];

/** Whether this browser can keep answers (the Cache API exists only on secure pages). */
export const canKeepOffline = () => typeof caches !== 'undefined';

/**
 * What the answers will take on the phone, asked with HEAD (their length, not their bytes: measuring does not cost
 * the download it announces); null when one of them does not say.
 */
export async function measure(paths: readonly string[]): Promise<number | null> {
  const lengths = await Promise.all(
    paths.map(async (path) => {
      const response = await fetch(path, { method: 'HEAD', credentials: 'same-origin' });
      const length = Number(response.headers.get('content-length'));
      return response.ok && Number.isFinite(length) && length > 0 ? length : null;
    }),
  );
  return lengths.every((length) => length !== null) ? lengths.reduce((sum, length) => sum + length, 0) : null;
}

/**
 * Fetches each answer and keeps it; all or nothing: when one fails, what this save added is deleted again (not what
 * was kept before it, a lesson opened once).
 */
export async function saveTopic(paths: readonly string[]): Promise<void> {
  const cache = await caches.open(LESSONS_CACHE);
  const added: string[] = [];
  try {
    for (const path of paths) {
      const response = await fetch(path, { credentials: 'same-origin' });
      if (!response.ok) {
        throw new Error(`${path}: ${response.status}`);
      }
      if ((await cache.match(path)) === undefined) {
        added.push(path);
      }
      await cache.put(path, response);
    }
  } catch (error) {
    await Promise.all(added.map((path) => cache.delete(path)));
    throw error;
  }
}

/** A topic on the phone: saved (its list and every lesson it names are kept), and the bytes they take. */
interface TopicOnPhone {
  saved: boolean;
  bytes: number;
  /** The addresses kept for the topic: what "Remove" deletes. */
  paths: string[];
}

const bytesOf = async (response: Response) => (await response.clone().arrayBuffer()).byteLength;

export async function topicOnPhone(topic: LessonTopic): Promise<TopicOnPhone> {
  const cache = await caches.open(LESSONS_CACHE);
  const list = await cache.match(topicListPath(topic));
  if (!list) {
    return { saved: false, bytes: 0, paths: [] };
  }
  const { data } = (await list.clone().json()) as { data: Pick<TLessonSummary, 'slug'>[] };
  const paths = topicPaths(
    topic,
    data.map((lesson) => lesson.slug),
  );
  const kept = await Promise.all(paths.map((path) => cache.match(path)));
  const found = kept.filter((response): response is Response => response !== undefined);
  const sizes = await Promise.all(found.map(bytesOf));
  return {
    saved: found.length === paths.length,
    bytes: sizes.reduce((sum, size) => sum + size, 0),
    paths: paths.filter((_, i) => kept[i] !== undefined),
  };
}

/** Deletes the topic's kept answers (its lessons opened once among them: "until removed"). */
export async function removeTopic(paths: readonly string[]): Promise<void> {
  const cache = await caches.open(LESSONS_CACHE);
  await Promise.all(paths.map((path) => cache.delete(path)));
}
