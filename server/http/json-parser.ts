// JSON request bodies: nesting is measured on the raw text in one pass and refused past a small depth, so
// no later walk (parser, NUL scan, schema) can be made to take more than linear time by a hostile body.
import type { FastifyInstance } from 'fastify';
import { isInfinite } from '../../contract/validation';
import { AppError, RequestValidationError } from './errors';

/** Deeper than any request schema of the API (the deepest is about 4). */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/** Whether JSON text nests arrays and objects deeper than `limit`: one pass, strings skipped. */
export function jsonDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) {
        i++;
      } else if (c === QUOTE) {
        inString = false;
      }
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
      if (depth > limit) {
        return true;
      }
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/** Replaces Fastify's JSON parser by the same parser (prototype poisoning refused) behind the depth check. */
export function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(new AppError('badRequest', 'errors.tooDeep', { max: MAX_JSON_DEPTH }), undefined);
      return;
    }
    parse(request, body as string, (error, value) => {
      const overflow = error ? null : infiniteAt(value, []);
      if (overflow) {
        done(tooLargeAt(overflow), undefined);
        return;
      }
      done(error, value);
    });
  });
}

/**
 * Where a body holds a numeral beyond a double's range (1e400), which JSON.parse reads as ±Infinity: every
 * schema would then say "expected number, received number". Found once here, for every field of every route.
 * A walk of what was parsed: linear, and no deeper than MAX_JSON_DEPTH.
 */
export function infiniteAt(value: unknown, path: (string | number)[]): (string | number)[] | null {
  if (typeof value === 'number') {
    return isInfinite(value) ? path : null;
  }
  if (typeof value !== 'object' || value === null) {
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const found = infiniteAt(item, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found) {
      return found;
    }
  }
  return null;
}

function tooLargeAt(path: (string | number)[]): RequestValidationError {
  return new RequestValidationError([{ code: 'custom', path, message: 'validation.numberTooLarge' }], 'body');
}
