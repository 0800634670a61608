// LEARN by phone in words: every shipped lesson's title and three key steps in at most 3 SMS parts in both
// languages, whole; a longer lesson (an expert's) shortened, then cut at a word with '...'; lists of titles numbered,
// shortened and then packed with "more in the app"; a lesson in the other language named so.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contract/constants';
import { foldToGsm7, smsLength } from '../channels/sms-text';
import type { PhoneLessonTitle } from '../lessons';
import { shippedLessons } from '../lessons/shipped';
import { parseCommand } from './commands';
import { LESSON_SMS_PARTS, lessonListText, lessonStepsText, shortTitle } from './phone-learn-text';
import { say } from './phone-text';

const parts = (text: string) => smsLength(text).segments;
/** The same words as the SMS carries them (GSM-7 spellings, plain spaces). */
const sent = (text: string) => foldToGsm7(text).replace(/\s+/g, ' ');

describe('LEARN: a lesson by SMS', () => {
  it.each(LANGUAGES)('sends every shipped lesson whole in at most 3 parts (%s)', (lang) => {
    shippedLessons().forEach((lesson, i) => {
      const text = lesson[lang];
      if (!text) {
        return;
      }
      const sms = lessonStepsText(lang, {
        id: i + 1,
        title: text.title,
        language: lang,
        keySteps: text.keySteps,
      });
      expect(parts(sms), lesson.slug).toBeLessThanOrEqual(LESSON_SMS_PARTS);
      expect(smsLength(sms).encoding, lesson.slug).toBe('gsm7');
      const lines = sms.split('\n');
      expect(lines).toHaveLength(4);
      expect(sent(lines[0] ?? '')).toContain(sent(`${i + 1}`));
      text.keySteps.forEach((step, n) => {
        expect(sent(lines[n + 1] ?? ''), lesson.slug).toBe(sent(`${n + 1}. ${step}`));
      });
    });
  });

  it('says the lesson number and title in the reader words', () => {
    const steps = ['Sow when the rains have settled.', 'One seed per hole.', 'Fill gaps within a week.'];
    expect(lessonStepsText('en', { id: 12, title: 'Planting maize', language: 'en', keySteps: steps })).toBe(
      'Lesson 12: Planting maize\n1. Sow when the rains have settled.\n2. One seed per hole.\n3. Fill gaps within a week.',
    );
    const fr = lessonStepsText('fr', { id: 12, title: 'Planting maize', language: 'en', keySteps: steps });
    // "Leçon" spelled "Lecon": one GSM-7 part rather than two in UCS-2.
    expect(fr.split('\n')[0]).toBe('Lecon 12 : Planting maize (en anglais)');
    expect(parts(fr)).toBe(1);
  });

  it('shortens a long title, then cuts at a word with a marker, never past 3 parts', () => {
    // The longest an expert may write: three steps of 140 characters.
    const step = (n: number) => `${n} ${'fertiliser '.repeat(13)}`.slice(0, 140).trim();
    const steps = [step(1), step(2), step(3)];
    const title = (head: string) => `${head}${' longer words'.repeat(8)}`.slice(0, 100);
    const shortened = lessonStepsText('en', {
      id: 40,
      title: title('Maize: '),
      language: 'en',
      keySteps: steps,
    });
    expect(parts(shortened)).toBeLessThanOrEqual(LESSON_SMS_PARTS);
    expect(shortened).toBe(['Lesson 40: Maize', ...steps.map((s, i) => `${i + 1}. ${s}`)].join('\n'));

    // A title with nothing to shorten: cut at the end, after a whole word, with '...'.
    const cut = lessonStepsText('en', { id: 41, title: title('Maize'), language: 'en', keySteps: steps });
    expect(parts(cut)).toBeLessThanOrEqual(LESSON_SMS_PARTS);
    expect(cut.startsWith(`Lesson 41: ${title('Maize')}\n1. 1 fertiliser`)).toBe(true);
    expect(cut.endsWith('...')).toBe(true);
    expect(cut.slice(0, -3)).toMatch(/ fertiliser$/);

    // French, accents outside GSM-7 (ê, ç, œ): spelled in GSM-7 rather than sent as UCS-2 (70 characters a part).
    const fr = lessonStepsText('fr', {
      id: 7,
      title: 'Récolte : sécher',
      language: 'fr',
      keySteps: [
        'Mettez les épis à sécher sur une bâche propre, jamais à même le sol.',
        'Vérifiez chaque jour.',
        'Gardez les œufs de côté.',
      ],
    });
    expect(smsLength(fr)).toMatchObject({ encoding: 'gsm7', segments: 1 });
    expect(fr).toContain('bache');
    expect(fr).toContain('oeufs');
  });
});

describe('LEARN: a list of lessons', () => {
  const lesson = (id: number, title: string, language: 'en' | 'fr' = 'en'): PhoneLessonTitle => ({
    id,
    title,
    language,
  });

  it('numbers the titles and says how to ask for one', () => {
    const list = lessonListText('en', say('en', 'learn.cropTitle', { crop: 'Maize' }), [
      lesson(12, 'Planting maize: timing, spacing and first fertiliser'),
      lesson(13, 'Top-dressing maize with nitrogen'),
    ]);
    expect(list).toBe(
      "Lessons on Maize:\n12 Planting maize: timing, spacing and first fertiliser\n13 Top-dressing maize with nitrogen\nSend LEARN 12 for a lesson's 3 key steps.",
    );
  });

  it.each(LANGUAGES)(
    'keeps a long list within 3 parts: short titles, then the rest in the app (%s)',
    (lang) => {
      const many = Array.from({ length: 40 }, (_, i) =>
        lesson(i + 1, `Lesson title number ${i + 1}: the details`, lang),
      );
      const list = lessonListText(lang, say(lang, 'learn.cropTitle', { crop: 'Maize' }), many);
      expect(parts(list)).toBeLessThanOrEqual(LESSON_SMS_PARTS);
      const lines = list.split('\n');
      expect(lines[1]).toBe('1 Lesson title number 1');
      expect(lines.at(-2)).toBe(sent(say(lang, 'learn.more')));
      expect(lines.at(-1)).toBe(sent(say(lang, 'learn.send', { id: 1 })));
      expect(lines.length).toBeLessThan(40);
    },
  );

  it('names a lesson in the other language', () => {
    const list = lessonListText('en', 'Lessons on Cocoa:', [lesson(3, 'Taille du cacaoyer', 'fr')]);
    expect(list.split('\n')[1]).toBe('3 Taille du cacaoyer (in French)');
  });

  it('shortens a title to before its colon, whatever the language', () => {
    expect(shortTitle('Planting maize: timing, spacing')).toBe('Planting maize');
    expect(shortTitle('Semer le maïs : date, écartement')).toBe('Semer le maïs');
    expect(shortTitle('Drying maize to 13 %')).toBe('Drying maize to 13 %');
  });
});

describe('LEARN: the command', () => {
  it.each([
    ['LEARN 12', { kind: 'learn', lesson: '12', about: null }, 'en'],
    ['apprendre #12', { kind: 'learn', lesson: '12', about: null }, 'fr'],
    ['APPRENDRE maïs', { kind: 'learn', lesson: null, about: 'maïs' }, 'fr'],
    ['Leçon manioc', { kind: 'learn', lesson: null, about: 'manioc' }, 'fr'],
    ['learn sweet potato', { kind: 'learn', lesson: null, about: 'sweet potato' }, 'en'],
    ['LEARN', { kind: 'learn', lesson: null, about: null }, 'en'],
  ])('reads %s', (text, command, spoken) => {
    expect(parseCommand(text)).toEqual({ command, spoken });
  });
});
