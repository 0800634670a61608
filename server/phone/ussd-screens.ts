// The parts every USSD menu is made of: a screen (shown, then read), lists packed into pages that fit a handset,
// and the walk that replays a session's answers (the `text` path) to find where the user is now.
import type { Language } from '../../contract/constants';
import { USSD_SCREEN_MAX, USSD_SCREEN_MAX_UCS2 } from '../../contract/phone';
import { ELLIPSIS, fitsUssd, gsm7Spelling, longestFitting, smsLength } from '../channels/sms-text';
import { say } from './phone-text';

/** What one answer leads to: another screen, or the same one again with a short reason. */
export type Step = { screen: Screen } | { invalid: string };

export type Screen =
  | { end: true; text: string }
  | {
      end: false;
      text: string;
      /** `last`: this answer is the one just typed (a write happens only then; earlier ones are replayed). */
      next: (input: string, last: boolean) => Promise<Step>;
      /** Whether `0` goes back from here (not where 0 is an answer). */
      back?: boolean;
    };

export const end = (text: string): Screen => ({ end: true, text });

/** Answers in a session past which it is refused (a `*` flood), and characters of its path. */
export const MAX_USSD_STEPS = 40;
export const MAX_USSD_TEXT = 600;

/** What a list screen keeps free for a one-line reason above it ("Invalid choice."). */
const REASON_ROOM = 24;

/**
 * A screen's text as it fits one USSD screen in the encoding it will be sent in (sms-text counts it): as it is;
 * else in GSM-7 when every character has a spelling there (one ê or ° would make the whole screen UCS-2, 80
 * characters instead of 182); else cut, at a line where it can, with '...'.
 */
export function fitScreen(text: string): string {
  if (fitsUssd(text)) {
    return text;
  }
  const spelled = gsm7Spelling(text);
  if (spelled !== null && fitsUssd(spelled)) {
    return spelled;
  }
  return cutScreen(spelled ?? text);
}

/** The longest start of `text` that fits with '...' after it, brought back to a line end when that loses little. */
function cutScreen(text: string): string {
  const chars = Array.from(text);
  const low = longestFitting(chars, (start) => fitsUssd(start + ELLIPSIS));
  const lineEnd = chars.slice(0, low).lastIndexOf('\n');
  const end = lineEnd >= (low * 3) / 4 ? lineEnd : low;
  return chars.slice(0, end).join('').trimEnd() + ELLIPSIS;
}

/**
 * Numbered choices (1–7 on a page; 8 for an extra choice such as "Other", 9 for the next page, 0 back), as many
 * as fit a screen with its title.
 */
export function choiceScreen<T>(options: {
  lang: Language;
  title: string;
  items: readonly T[];
  label: (item: T) => string;
  pick: (item: T) => Promise<Screen> | Screen;
  extra?: { label: string; screen: () => Promise<Screen> | Screen };
  page?: number;
  first?: boolean;
}): Screen {
  const { lang, items } = options;
  const pages = packPages(options);
  const page = Math.min(options.page ?? 0, Math.max(0, pages.length - 1));
  const start = pages.slice(0, page).reduce((sum, n) => sum + n, 0);
  const shown = items.slice(start, start + (pages[page] ?? 0));
  const more = page < pages.length - 1;
  const lines = [
    options.title,
    ...shown.map((item, i) => `${i + 1} ${options.label(item)}`),
    ...(options.extra ? [options.extra.label] : []),
    ...(more ? [say(lang, 'ussd.more')] : []),
    ...(options.first ? [] : [say(lang, 'ussd.back')]),
  ];
  return {
    end: false,
    text: lines.join('\n'),
    next: async (input) => {
      if (more && input === '9') {
        return { screen: choiceScreen({ ...options, page: page + 1 }) };
      }
      if (options.extra && input === '8') {
        return { screen: await options.extra.screen() };
      }
      const n = /^[1-7]$/.test(input) ? Number(input) : 0;
      const item = shown[n - 1];
      return item === undefined
        ? { invalid: say(lang, 'ussd.invalid') }
        : { screen: await options.pick(item) };
    },
  };
}

/**
 * How many items each page holds: at most 7, fewer when their lines would not fit beside the rest. Lines are
 * measured as fitScreen will send the page: in GSM-7 septets when every text has a GSM-7 spelling, else in UCS-2
 * units against the UCS-2 room.
 */
function packPages<T>(options: {
  lang: Language;
  title: string;
  items: readonly T[];
  label: (item: T) => string;
  extra?: { label: string };
}): number[] {
  const { lang } = options;
  const labels = options.items.map(options.label);
  const fixedLines = [
    options.title,
    ...(options.extra ? [options.extra.label] : []),
    say(lang, 'ussd.more'),
    say(lang, 'ussd.back'),
  ];
  const spelled = [...fixedLines, ...labels].map(gsm7Spelling);
  const inGsm7 = spelled.every((text) => text !== null);
  const room = inGsm7 ? USSD_SCREEN_MAX : USSD_SCREEN_MAX_UCS2;
  // A line's size on the screen, with its line break.
  const size = (text: string, i: number) => (inGsm7 ? smsLength(spelled[i] ?? text).units : text.length) + 1;
  const fixed = fixedLines.reduce((sum, line, i) => sum + size(line, i), REASON_ROOM);
  const pages: number[] = [];
  let count = 0;
  let used = fixed;
  labels.forEach((label, i) => {
    // "n " before the label.
    const line = Math.min(size(label, fixedLines.length + i) + 2, room);
    if (count > 0 && (count === 7 || used + line > room)) {
      pages.push(count);
      count = 0;
      used = fixed;
    }
    count += 1;
    used += line;
  });
  pages.push(count);
  return pages;
}

/** A screen that reads one typed answer (a name, a number): `read` says where it leads, or why not. */
export function inputScreen(
  text: string,
  read: (input: string, last: boolean) => Promise<Step> | Step,
): Screen {
  return { end: false, text, next: async (input, last) => read(input, last) };
}

/**
 * Where a session's answers lead, replayed from the first screen: `0` goes back, `00` home; a refused answer
 * leaves the user where they were, with its reason above the screen.
 */
export async function walk(root: Screen, answers: readonly string[]): Promise<string> {
  const stack: Screen[] = [root];
  let reason: string | null = null;
  for (const [i, raw] of answers.entries()) {
    const current = stack[stack.length - 1] as Screen;
    if (current.end) {
      break;
    }
    const input = raw.trim();
    reason = null;
    if (input === '00') {
      stack.length = 1;
      continue;
    }
    if (input === '0' && stack.length > 1 && current.back !== false) {
      stack.pop();
      continue;
    }
    const step = await current.next(input, i === answers.length - 1);
    if ('invalid' in step) {
      reason = step.invalid;
    } else {
      stack.push(step.screen);
    }
  }
  const shown = stack[stack.length - 1] as Screen;
  const text = reason === null ? shown.text : `${reason}\n${shown.text}`;
  return `${shown.end ? 'END' : 'CON'} ${fitScreen(text)}`;
}
