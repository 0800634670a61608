// The reference printed on a member's intake receipt ("Ref 8F3K"): short enough to read out at the store and type in
// an SMS, from the receipts' alphabet (no 0/O, 1/I/L to mix up), drawn from the system's CSPRNG without bias.
import { randomBytes } from 'node:crypto';
import { RECEIPT_CODE_ALPHABET } from '../../contract/stock';

/** Characters in an intake's reference: 31^4 ≈ 920 000, plenty to tell apart one co-operative's intakes. */
export const INTAKE_REFERENCE_LENGTH = 4;

/** Gives `size` random bytes (crypto.randomBytes; a scripted source in tests). */
export type RandomSource = (size: number) => Uint8Array;

/**
 * Bytes at or above the largest multiple of the alphabet's size a byte holds (248 = 8 × 31) are thrown away, so
 * each character has exactly the same chance (keeping them would favour the first 8 characters).
 */
const ACCEPT_BELOW = Math.floor(256 / RECEIPT_CODE_ALPHABET.length) * RECEIPT_CODE_ALPHABET.length;

export function newIntakeReference(random: RandomSource = randomBytes): string {
  let reference = '';
  while (reference.length < INTAKE_REFERENCE_LENGTH) {
    for (const byte of random(INTAKE_REFERENCE_LENGTH - reference.length)) {
      if (byte < ACCEPT_BELOW) {
        reference += RECEIPT_CODE_ALPHABET[byte % RECEIPT_CODE_ALPHABET.length];
      }
    }
  }
  return reference;
}
