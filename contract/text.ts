// Free text as people type it, made safe to store, compare and show: one normalisation for every free-text field.
import { z } from 'zod';

/**
 * Control characters (C0, DEL, C1) but the line feed: a multi-line text keeps its lines, nothing else of them. Tabs
 * and the other line breaks are turned into spaces or line feeds before this is applied.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern names the control characters to remove.
const CONTROLS = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/gu;
/**
 * Bidirectional overrides, embeddings and isolates (U+202A–202E, U+2066–2069), directional marks (U+200E, U+200F,
 * U+061C), and invisible characters that mean nothing in stored text: zero width space, word joiner and invisible
 * operators, deprecated format characters, the byte order mark, interlinear annotation marks, the Mongolian vowel
 * separator and the soft hyphen. They let `Ma‮ïs` show as another word, or two names that look alike differ.
 */
const INVISIBLE =
  /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B\u2060-\u2064\u206A-\u206F\uFEFF\uFFF9-\uFFFB\u180E\u00AD]/gu;
/**
 * Zero width (non-)joiners mean something only inside a word of a script that shapes letters or between emoji
 * (Persian, Indic scripts, emoji sequences): kept between two such characters, dropped elsewhere.
 */
const JOINABLE = String.raw`(?:[^\P{L}A-Za-z]|\p{M}|\p{Extended_Pictographic}|\uFE0F)`;
const STRAY_JOINER = new RegExp(`(?<!${JOINABLE})[\\u200C\\u200D]|[\\u200C\\u200D](?!${JOINABLE})`, 'gu');
/**
 * A surrogate without its pair (JSON may carry `\ud800` alone): no character at all, which no UTF-8 store can keep.
 * It becomes U+FFFD, the replacement character, as a well-formed text would show it.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern names the line breaks to unify.
const LINE_BREAKS = /\r\n|[\r\u2028\u2029\u0085\u000B\u000C]/gu;

/** What every free text loses: composed forms first (so a letter and its accent meet), then the invisible. */
function stripped(text: string, lineBreak: string): string {
  return text
    .replace(LONE_SURROGATE, '\uFFFD')
    .normalize('NFC')
    .replace(LINE_BREAKS, lineBreak)
    .replace(/\t/gu, ' ')
    .replace(CONTROLS, '')
    .replace(INVISIBLE, '')
    .replace(STRAY_JOINER, '');
}

/**
 * A one-line text (a name, a title, a short note): line breaks and runs of any whitespace become one space, control,
 * bidirectional and stray invisible characters go, and the ends are trimmed. Idempotent.
 */
export function singleLineText(text: string): string {
  // Composed again at the end: a removed character may have stood between a letter and its accent.
  return stripped(text, ' ').replace(/\s+/gu, ' ').trim().normalize('NFC');
}

/**
 * A multi-line text (a post, a comment, a description): lines are kept (any line break becomes `\n`), trailing
 * spaces of each line and blank ends of the text go, and so do control, bidirectional and stray invisible
 * characters. Spaces inside a line are kept as typed. Idempotent.
 */
export function multiLineText(text: string): string {
  return stripped(text, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim()
    .normalize('NFC');
}

type StringParams = Parameters<typeof z.string>[0];

/** A string schema that stores `singleLineText` of its input; chain length checks after it (they see the result). */
export const zSingleLine = (params?: StringParams) => z.string(params).overwrite(singleLineText);

/** A string schema that stores `multiLineText` of its input; chain length checks after it. */
export const zMultiLine = (params?: StringParams) => z.string(params).overwrite(multiLineText);
