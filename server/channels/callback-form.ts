// What the Africa's Talking callbacks share: their urlencoded form, read in one pass, and the secret key in their
// URL (AT does not sign callbacks), compared in constant time.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Form fields kept of a callback (AT sends about ten). */
const MAX_FORM_FIELDS = 50;

/** Equal secrets, compared in constant time. */
export function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') {
    return false;
  }
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A urlencoded body as one value per name (the first), read in one pass. */
export function formFields(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  let n = 0;
  for (const [name, value] of new URLSearchParams(text)) {
    if (n++ >= MAX_FORM_FIELDS) {
      break;
    }
    if (!Object.hasOwn(fields, name)) {
      fields[name] = value;
    }
  }
  return fields;
}

/** In the calling plugin only: urlencoded bodies are read as `formFields`. */
export function installFormParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, formFields(body as string)),
  );
}

/** The parsed form of a request, or an empty one when the body was something else. */
export function formOf(body: unknown): Record<string, string> {
  return body && typeof body === 'object' && !Buffer.isBuffer(body) ? (body as Record<string, string>) : {};
}
