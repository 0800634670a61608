// A deposit receipt's code and number: the code is what proves the paper (typed by a buyer or lender to check it),
// so it is drawn from the system's CSPRNG without bias; the number is what people read and file.
import { randomBytes } from 'node:crypto';
import { RECEIPT_CODE_ALPHABET, RECEIPT_CODE_LENGTH } from '../../contract/stock';

/** Gives `size` random bytes (crypto.randomBytes; a seeded source in tests). */
export type RandomSource = (size: number) => Uint8Array;

/**
 * Bytes at or above this are thrown away: 248 = 8 × 31 is the largest multiple of the alphabet's size a byte can
 * hold, so `byte % 31` over 0..247 gives each character exactly 8 chances in 248. Keeping 248..255 would give
 * the first 8 characters 9 chances in 256 and the others 8 (a modulo bias of 12.5 % for those characters).
 */
const ACCEPT_BELOW = Math.floor(256 / RECEIPT_CODE_ALPHABET.length) * RECEIPT_CODE_ALPHABET.length;

/**
 * A new receipt code: RECEIPT_CODE_LENGTH characters of RECEIPT_CODE_ALPHABET, each uniform and independent
 * (rejection sampling). 31^10 ≈ 8.2 × 10^14 codes (49.5 bits): with look-ups limited to
 * RECEIPT_LOOKUPS_PER_MINUTE, one address guessing at any of a million receipts would need about 10^8 minutes.
 */
export function newReceiptCode(random: RandomSource = randomBytes): string {
  const alphabet = RECEIPT_CODE_ALPHABET;
  let code = '';
  while (code.length < RECEIPT_CODE_LENGTH) {
    // As many bytes as characters are missing: about 3 % are thrown away, and only those are drawn again.
    for (const byte of random(RECEIPT_CODE_LENGTH - code.length)) {
      if (byte < ACCEPT_BELOW) {
        code += alphabet[byte % alphabet.length];
      }
    }
  }
  return code;
}

/** The receipt's printed number, e.g. TR-2026-000123 (Terroir Receipt, the year deposited, the lot). */
export function receiptNumber(lotId: number, year: number): string {
  if (!Number.isSafeInteger(lotId) || lotId < 1) {
    throw new RangeError('lotId must be a positive integer');
  }
  if (!Number.isSafeInteger(year) || year < 1000 || year > 9999) {
    throw new RangeError('year must have four digits');
  }
  return `TR-${year}-${String(lotId).padStart(6, '0')}`;
}
