// Turns a zod issue into a catalogue key with parameters, so server and web say the same thing in both languages.
import type { core } from 'zod';

export interface MessageRef {
  key: string;
  params?: Record<string, string | number>;
}

/**
 * Our own schema messages are catalogue keys: `<namespace>.<path>`, e.g. `validation.required` (validation.json)
 * or `marketplace.validation.nameMin` (marketplace.json). Plain text is never shaped like this.
 */
export const MESSAGE_KEY_PATTERN = /^[a-z][a-zA-Z0-9-]*\.[a-zA-Z0-9_.]+$/;
export const isMessageKey = (message: string | undefined): message is string =>
  message !== undefined && MESSAGE_KEY_PATTERN.test(message);

export function receivedType(input: unknown): string {
  if (input === null) {
    return 'null';
  }
  if (Array.isArray(input)) {
    return 'array';
  }
  if (typeof input === 'number' && Number.isNaN(input)) {
    return 'nan';
  }
  return typeof input;
}

/** ±Infinity (not NaN): what a numeral beyond a double's range becomes when read. */
export const isInfinite = (value: number): boolean =>
  value === Number.POSITIVE_INFINITY || value === Number.NEGATIVE_INFINITY;

type Issue = core.$ZodIssue & { input?: unknown };

/** Describes an issue parsed with `reportInput: true` (so a missing value can read 'Required'). */
export function describeIssue(issue: Issue): MessageRef {
  if (isMessageKey(issue.message)) {
    return { key: issue.message };
  }
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) {
        return { key: 'validation.required' };
      }
      // A number too large for a double (1e400) reads as Infinity: it is a number, just too large.
      if (typeof issue.input === 'number' && isInfinite(issue.input)) {
        return { key: 'validation.numberTooLarge' };
      }
      return {
        key: 'validation.invalidType',
        params: { expected: issue.expected, received: receivedType(issue.input) },
      };
    case 'too_small':
      if (issue.origin === 'string' || issue.origin === 'array') {
        return { key: `validation.tooShort.${issue.origin}`, params: { minimum: Number(issue.minimum) } };
      }
      return { key: 'validation.tooSmall', params: { minimum: Number(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string' || issue.origin === 'array') {
        return { key: `validation.tooLong.${issue.origin}`, params: { maximum: Number(issue.maximum) } };
      }
      return { key: 'validation.tooBig', params: { maximum: Number(issue.maximum) } };
    case 'invalid_value':
      return { key: 'validation.invalidOption', params: { options: issue.values.map(String).join(', ') } };
    case 'unrecognized_keys':
      return { key: 'validation.unrecognizedKeys', params: { keys: issue.keys.join(', ') } };
    case 'invalid_format':
      return { key: 'validation.invalidFormat' };
    default:
      return { key: 'validation.invalid' };
  }
}

export function issuePath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** Packs a message reference into a zod message string (web forms); `decodeMessage` reverses it. */
export function encodeMessage(ref: MessageRef): string {
  return ref.params ? `${ref.key}?${JSON.stringify(ref.params)}` : ref.key;
}

export function decodeMessage(message: string): MessageRef {
  const at = message.indexOf('?');
  if (at < 0 || !isMessageKey(message.slice(0, at))) {
    return { key: message };
  }
  try {
    return { key: message.slice(0, at), params: JSON.parse(message.slice(at + 1)) };
  } catch {
    return { key: message };
  }
}
