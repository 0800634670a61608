// Device ingestion keys: made once and shown once, stored as a SHA-256 hash, checked in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';
import { MAX_INT4 } from '../../../contract/constants';

const KEY_PREFIX = 'trd';
// trd_<device id>_<43 characters of base64url secret>
const KEY_PATTERN = /^trd_(\d{1,10})_([A-Za-z0-9_-]{43})$/;

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * A device's key and the hint shown for it later: the prefix, the device id and the first 4 characters of the
 * secret. The secret is base64url, which has `_` in its alphabet, so the hint is cut by position, never at an
 * underscore.
 */
export function deviceKey(deviceId: number, secret: string): { key: string; keyHint: string } {
  const head = `${KEY_PREFIX}_${deviceId}_`;
  return { key: `${head}${secret}`, keyHint: `${head}${secret.slice(0, 4)}…` };
}

/** The device id a bearer key names, or null when the key is malformed. */
export function deviceIdOfKey(key: string): number | null {
  const match = KEY_PATTERN.exec(key);
  const id = match ? Number(match[1]) : Number.NaN;
  return match && Number.isSafeInteger(id) && id <= MAX_INT4 ? id : null;
}

/** Whether `key` hashes to `keyHash`, compared in constant time (an empty or odd hash never matches). */
export function keyMatches(keyHash: string | undefined, key: string): boolean {
  const expected = Buffer.from(keyHash ?? '0'.repeat(64), 'hex');
  const given = Buffer.from(hashKey(key), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
