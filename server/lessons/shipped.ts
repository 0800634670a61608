// The lessons the app ships (server/lessons/content/*.json, written for Terroir with their sources), checked
// against the contract when read: a malformed file stops the start-up instead of reaching a reader.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type TLessonContent, ZLessonContent } from '../../contract/lessons';
import type { Database } from '../db/client';
import { installShipped } from './lessons.repo';

const CONTENT = fileURLToPath(new URL('./content', import.meta.url));

/** Every shipped lesson, by slug. */
export function shippedLessons(): TLessonContent[] {
  return readdirSync(CONTENT)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const parsed = ZLessonContent.safeParse(JSON.parse(readFileSync(`${CONTENT}/${file}`, 'utf8')));
      if (!parsed.success || `${parsed.data.slug}.json` !== file) {
        throw new Error(
          `lesson ${file} does not match the contract or its slug: ${parsed.error?.message ?? ''}`,
        );
      }
      return parsed.data;
    });
}

/** Publishes the shipped lessons that are new or changed (run when the database is prepared). */
export async function installShippedLessons(database: Database): Promise<number> {
  return database.db.transaction((tx) => installShipped(tx, shippedLessons()));
}
