// JSON request bodies: nesting is measured on the raw text in one pass and refused past a small depth, so
// no later walk (parser, NUL scan, schema) can be made to take more than linear time by a hostile body.
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

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
    parse(request, body as string, done);
  });
}
