// The lessons as a phone reads them (SMS LEARN, fr APPRENDRE, and the USSD Learn menu): lists of numbered titles
// and one lesson's three key steps, each in the reader's language, else in the language the lesson has (named), and
// the reader's progress when a lesson is sent to them.
import { foldName } from '../../contract/commodity-kinds';
import type { Language } from '../../contract/constants';
import { LESSON_TOPICS, type LessonTopic } from '../../contract/lessons';
import type { Tx } from '../db/client';
import { textIn } from './lesson-text';
import { recordProgress } from './lessons.repo';
import {
  lessonRow,
  lessonsOfCropRows,
  lessonsOfTopicRows,
  type PhoneLessonRow,
  publishedLessonRows,
  publishedTopicsAndCrops,
} from './lessons-phone.repo';

/** A lesson in a phone's list: its number and title, and the language the title is in. */
export interface PhoneLessonTitle {
  id: number;
  title: string;
  language: Language;
}

/** A lesson's three key steps, as LEARN 12 sends them. */
export interface PhoneLessonSteps extends PhoneLessonTitle {
  keySteps: string[];
}

const titlesOf = (rows: readonly PhoneLessonRow[], language: Language): PhoneLessonTitle[] =>
  rows.flatMap((row) => {
    const read = textIn(row.content, language);
    return read ? [{ id: row.id, title: read.text.title, language: read.shown }] : [];
  });

/** The published lessons about a crop (a crop key), by number. */
export async function lessonTitlesForCrop(db: Tx, crop: string, language: Language) {
  return titlesOf(await lessonsOfCropRows(db, crop), language);
}

/**
 * The published lessons whose words (either language) hold `words` (a pest, a topic: "aflatoxine", "sechage"), by
 * number: accents, case and punctuation aside, as a phone without accents types them.
 */
export async function lessonTitlesWithWords(db: Tx, words: string, language: Language) {
  const wanted = foldName(words);
  if (wanted === '') {
    return [];
  }
  const rows = await publishedLessonRows(db);
  return titlesOf(
    rows.filter((row) => foldName(row.searchText).includes(wanted)),
    language,
  );
}

/** The published lessons of a topic, by number (the USSD Learn menu). */
export async function lessonsOfTopic(db: Tx, topic: LessonTopic, language: Language) {
  return titlesOf(await lessonsOfTopicRows(db, topic), language);
}

/** Lesson `id`'s title and key steps, or null when no published lesson has that number. */
export async function lessonSteps(db: Tx, id: number, language: Language): Promise<PhoneLessonSteps | null> {
  const row = await lessonRow(db, id);
  const read = row && textIn(row.content, language);
  return read ? { id, title: read.text.title, keySteps: read.text.keySteps, language: read.shown } : null;
}

/** The topics (in the app's order) and crops that have published lessons: what a phone may ask for. */
export async function phoneLessonChoices(db: Tx): Promise<{ topics: LessonTopic[]; crops: string[] }> {
  const { topics, crops } = await publishedTopicsAndCrops(db);
  return { topics: LESSON_TOPICS.filter((t) => topics.includes(t)), crops: [...crops].sort() };
}

/** The reader was sent lesson `id` by phone: it counts as opened (once), as in the app. */
export async function lessonOpenedByPhone(db: Tx, userId: number, id: number): Promise<void> {
  await recordProgress(db, userId, id, false);
}
