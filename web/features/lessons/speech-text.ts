// What "Listen" reads of a lesson, as sentences (one utterance each, so the one being read can be shown): the title,
// the summary, the three key steps, then each section in order, a "do / don't" line said with its label.
import type { TLesson } from '../../../contract/lessons';

/**
 * A text's sentences: cut after a full stop, a question or exclamation mark or an ellipsis followed by a space, and
 * at line breaks. French puts a space before `?` and `!`, so the cut is after the mark, never before it; a decimal
 * point ("13.5") has no space after it and stays.
 */
export function splitSentences(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?…])\s+/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

/** A "do" or "don't" line as said, its label first, in the lesson's language ("À faire : …"). */
export type SayDoDont = (kind: 'do' | 'dont', line: string) => string;

export function lessonSentences(
  lesson: Pick<TLesson, 'title' | 'summary' | 'keySteps' | 'sections'>,
  say: SayDoDont,
): string[] {
  const parts: string[] = [lesson.title, lesson.summary, ...lesson.keySteps];
  for (const section of lesson.sections) {
    if (section.kind === 'do_dont') {
      parts.push(...section.do.map((line) => say('do', line)));
      parts.push(...section.dont.map((line) => say('dont', line)));
      continue;
    }
    if (section.heading) {
      parts.push(section.heading);
    }
    parts.push(...(section.kind === 'text' ? [section.text] : section.steps));
  }
  return parts.flatMap(splitSentences);
}
