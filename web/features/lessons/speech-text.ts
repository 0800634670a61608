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

/** A part of the lesson as drawn (its id names where: `title`, `key.1`, `s2.step.0`…) and its sentences as said. */
export interface SpokenPart {
  id: string;
  sentences: string[];
}

export function lessonSpeech(
  lesson: Pick<TLesson, 'title' | 'summary' | 'keySteps' | 'sections'>,
  say: SayDoDont,
): SpokenPart[] {
  const parts: [string, string][] = [
    ['title', lesson.title],
    ['summary', lesson.summary],
    ...lesson.keySteps.map((step, i): [string, string] => [`key.${i}`, step]),
  ];
  lesson.sections.forEach((section, s) => {
    if (section.kind === 'do_dont') {
      parts.push(...section.do.map((line, i): [string, string] => [`s${s}.do.${i}`, say('do', line)]));
      parts.push(...section.dont.map((line, i): [string, string] => [`s${s}.dont.${i}`, say('dont', line)]));
      return;
    }
    if (section.heading) {
      parts.push([`s${s}.heading`, section.heading]);
    }
    if (section.kind === 'text') {
      parts.push([`s${s}.text`, section.text]);
    } else {
      parts.push(...section.steps.map((step, i): [string, string] => [`s${s}.step.${i}`, step]));
    }
  });
  return parts
    .map(([id, text]) => ({ id, sentences: splitSentences(text) }))
    .filter((part) => part.sentences.length > 0);
}
