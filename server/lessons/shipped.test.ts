// The lessons the app ships: each matches the contract and its file name, has both languages, a source, three key
// steps, an honest reading time, no control characters (a broken figure hides there), and every lesson a moment of
// the app links exists.
import { describe, expect, it } from 'vitest';
import { CROP_KEYS } from '../../contract/crops';
import { LINKED_LESSONS, type TLessonText } from '../../contract/lessons';
import { shippedLessons } from './shipped';

/** Words a farmer reads in a minute on a phone (slower than the usual 200–250 of fluent readers). */
const WORDS_PER_MINUTE = 130;

function words(text: TLessonText): number {
  const parts = [text.title, text.summary, ...text.keySteps];
  for (const s of text.sections) {
    parts.push(
      ...(s.kind === 'text'
        ? [s.heading ?? '', s.text]
        : s.kind === 'steps'
          ? [s.heading ?? '', ...s.steps]
          : [...s.do, ...s.dont]),
    );
  }
  return parts.join(' ').split(/\s+/).filter(Boolean).length;
}

const lessons = shippedLessons();

/** Every text a value holds. */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.values(value).flatMap(stringsOf)
      : [];

describe('the shipped lessons', () => {
  it('are at least 16, each once', () => {
    expect(lessons.length).toBeGreaterThanOrEqual(16);
    expect(new Set(lessons.map((l) => l.slug)).size).toBe(lessons.length);
  });

  it.each(lessons.map((l) => [l.slug, l] as const))(
    '%s: both languages, real crops, 2–4 minutes read',
    (_slug, lesson) => {
      expect(lesson.en).toBeDefined();
      expect(lesson.fr).toBeDefined();
      expect(lesson.sources.length).toBeGreaterThan(0);
      for (const crop of lesson.crops) {
        expect(CROP_KEYS as readonly string[]).toContain(crop);
      }
      expect(lesson.readingMinutes).toBeGreaterThanOrEqual(2);
      expect(lesson.readingMinutes).toBeLessThanOrEqual(4);
      for (const text of [lesson.en, lesson.fr]) {
        const minutes = words(text as TLessonText) / WORDS_PER_MINUTE;
        // The stated time within a minute and a half of what the words take.
        expect(Math.abs(minutes - lesson.readingMinutes)).toBeLessThan(1.5);
      }
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them.
      expect(stringsOf(lesson).filter((t) => /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(t))).toEqual([]);
    },
  );

  it('hold every lesson a moment of the app links', () => {
    const slugs = new Set(lessons.map((l) => l.slug));
    const linked = LINKED_LESSONS;
    expect(linked.filter((slug) => !slugs.has(slug))).toEqual([]);
  });
});
