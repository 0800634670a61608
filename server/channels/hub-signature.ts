// Meta's webhook signature (`X-Hub-Signature-256: sha256=<hex>`): an HMAC-SHA256 of the raw body bytes with the
// app secret. Checked over the bytes as received (re-serialised JSON would not match) and in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sha256=';
const HEADER = /^sha256=([0-9a-f]{64})$/i;

/** The full header value Meta would send for this body. */
export function hubSignature(rawBody: Buffer | string, appSecret: string): string {
  return `${PREFIX}${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** Whether `header` signs `rawBody` with `appSecret`. Missing, malformed or wrong: false. */
export function hubSignatureValid(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  // An empty secret would let anyone who guesses it is empty sign events: never accept one.
  const match = header === undefined || appSecret === '' ? null : HEADER.exec(header.trim());
  if (!match?.[1]) {
    return false;
  }
  const given = Buffer.from(match[1], 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  // Lengths are equal by the pattern above; checked again because timingSafeEqual throws otherwise.
  return given.length === expected.length && timingSafeEqual(given, expected);
}
