// The lessons demo's tables: what amina read (the late-blight lesson a day ago, before her alert sends her back to
// it), what the Mifi co-operative's members read over the season (so its admin sees real counts), the members who
// keep their reading to themselves, and the agent a manager named an expert. Days count back from the seed.
import { COOP_STORE_KEEPER, FOUNDING_MEMBERS, INVITED } from './coops-data';

/** One reading: whose, which lesson, how many days ago it was opened, and whether it was finished that day. */
export interface Reading {
  username: string;
  slug: string;
  daysAgo: number;
  finished: boolean;
}

/**
 * amina's reading. Not the drying lesson: the e2e test (e2e/lessons.spec.ts) reads and finishes it as she would for
 * the first time; the late-blight lesson opened yesterday and not finished.
 */
export const AMINA_READING: Reading[] = [
  { username: 'amina', slug: 'late-blight', daysAgo: 1, finished: false },
  { username: 'amina', slug: 'hermetic-storage', daysAgo: 8, finished: false },
  { username: 'amina', slug: 'fall-armyworm', daysAgo: 20, finished: true },
  { username: 'amina', slug: 'maize-top-dressing', daysAgo: 35, finished: true },
  { username: 'amina', slug: 'selling-through-coop', daysAgo: 50, finished: true },
  { username: 'amina', slug: 'mobile-money-safety', daysAgo: 60, finished: true },
];

/** The co-operative's members whose reading is written here (amina's is above; its admin's is left out). */
export const COOP_READERS: readonly string[] = [...FOUNDING_MEMBERS, INVITED, COOP_STORE_KEEPER];

/** Members who chose to keep their reading out of the counts (they read all the same). */
export const KEEPING_PRIVATE: readonly string[] = ['feudjio.marthe', 'pokam.andre'];

/**
 * Per lesson: how many of the members opened it, how many of those finished it, and how many days ago the first
 * of them opened it (the others on the days after, one a day, until the seed).
 */
const COOP_LESSONS: readonly [slug: string, opened: number, finished: number, daysAgo: number][] = [
  ['drying-maize', 22, 15, 40],
  ['hermetic-storage', 17, 9, 30],
  ['grading-for-buyers', 14, 10, 55],
  ['selling-through-coop', 12, 8, 70],
  ['aflatoxin', 9, 4, 25],
  ['fall-armyworm', 8, 5, 18],
  ['mobile-money-safety', 6, 6, 90],
  ['maize-top-dressing', 5, 2, 45],
];

/** Each lesson's readers start at another member (7 further on each time), so the reading is spread among them. */
const READER_STEP = 7;

/** The members' readings, from the table above. */
export function coopReadings(): Reading[] {
  return COOP_LESSONS.flatMap(([slug, opened, finished, daysAgo], lesson) =>
    Array.from({ length: opened }, (_, i) => ({
      username: COOP_READERS[(lesson * READER_STEP + i) % COOP_READERS.length] ?? '',
      slug,
      daysAgo: Math.max(daysAgo - i, 0),
      finished: i < finished,
    })),
  );
}

/** The agent a manager named an expert: she writes and reviews lessons. */
export const DEMO_EXPERT = { username: 'fatou', namedBy: 'claire' } as const;
