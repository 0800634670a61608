// LEARN (fr APPRENDRE) in words: a list of lessons as numbered titles with how to ask for one, and one lesson's
// title and three key steps, each packed into at most LESSON_SMS_PARTS SMS parts (the issue's limit, which is also
// what the outbound queue lets a bot reply take): titles shortened to before their colon, then fewer of them with
// "more in the app"; a lesson's title shortened, then its text cut at a word with '...' (sms-text's fitSms).
import type { Language } from '../../contract/constants';
import { fitSms, gsm7Spelling, smsLength } from '../channels/sms-text';
import type { PhoneLessonTitle } from '../lessons';
import { REPLY_SMS_PARTS } from '../notifications';
import { packLines } from './phone-coop-text';
import { say } from './phone-text';

/** SMS parts a lesson list or a lesson's steps may take: what the outbound queue lets a bot reply take. */
export const LESSON_SMS_PARTS = REPLY_SMS_PARTS;

/** Whether a text fits LESSON_SMS_PARTS parts as it will be sent: in GSM-7 when every character has a spelling there. */
const fitsLessonSms = (text: string) => smsLength(gsm7Spelling(text) ?? text).segments <= LESSON_SMS_PARTS;

/**
 * A text as sent: in GSM-7 spelling when that takes fewer parts (ê → e rather than a UCS-2 text of 70 characters a
 * part), else as written, within LESSON_SMS_PARTS; else folded and cut at a word with '...' (sms-text's fitSms).
 */
function asSms(text: string): string {
  const spelled = gsm7Spelling(text);
  const best = spelled !== null && smsLength(spelled).segments < smsLength(text).segments ? spelled : text;
  return smsLength(best).segments <= LESSON_SMS_PARTS ? best : fitSms(text, null, LESSON_SMS_PARTS);
}

/** A title's short form: what comes before its colon ("Planting maize: timing, spacing…" → "Planting maize"). */
export function shortTitle(title: string): string {
  const [head = title] = title.split(/\s*:\s/u);
  return head.trim() === '' ? title : head.trim();
}

/** A lesson's title as a reader sees it: named "(in French)" when it is not in the reader's language. */
function titleFor(lang: Language, lesson: PhoneLessonTitle, short: boolean): string {
  const title = short ? shortTitle(lesson.title) : lesson.title;
  return lesson.language === lang ? title : `${title} ${say(lang, `learn.in.${lesson.language}`)}`;
}

/**
 * The lessons found (a crop's, or those on some words) under `heading`, each "12 Title", then how to ask for one's
 * steps; in at most LESSON_SMS_PARTS parts, the titles shortened and then fewer (the rest "in the app") if needed.
 */
export function lessonListText(
  lang: Language,
  heading: string,
  lessons: readonly PhoneLessonTitle[],
): string {
  const [first] = lessons;
  const tail = [say(lang, 'learn.send', { id: first?.id ?? 1 })];
  const lines = (short: boolean) =>
    lessons.map((lesson) => say(lang, 'learn.line', { id: lesson.id, title: titleFor(lang, lesson, short) }));
  const full = [heading, ...lines(false), ...tail].join('\n');
  if (fitsLessonSms(full)) {
    return asSms(full);
  }
  const packed = packLines({
    head: [heading],
    items: lines(true),
    tail,
    more: say(lang, 'learn.more'),
    moreBeyond: false,
    fits: fitsLessonSms,
  });
  return asSms(packed.join('\n'));
}

/** Lesson `id`'s title and three key steps, numbered, in at most LESSON_SMS_PARTS parts. */
export function lessonStepsText(
  lang: Language,
  lesson: PhoneLessonTitle & { keySteps: readonly string[] },
): string {
  const steps = lesson.keySteps.map((text, i) => say(lang, 'learn.step', { n: i + 1, text }));
  const build = (short: boolean) =>
    [say(lang, 'learn.title', { id: lesson.id, title: titleFor(lang, lesson, short) }), ...steps].join('\n');
  const full = build(false);
  return asSms(fitsLessonSms(full) ? full : build(true));
}
