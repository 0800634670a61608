// Intake references: four characters of the receipts' alphabet, each equally likely, from the CSPRNG.
import { describe, expect, it } from 'vitest';
import { RECEIPT_CODE_ALPHABET } from '../../contract/stock';
import { INTAKE_REFERENCE_LENGTH, newIntakeReference, type RandomSource } from './intake-reference';

/** A source that hands out the given bytes in order, then fails (a test must not need more). */
function scripted(bytes: number[]): RandomSource {
  let at = 0;
  return (size) => {
    if (at >= bytes.length) {
      throw new Error('out of scripted bytes');
    }
    const out = Uint8Array.from(bytes.slice(at, at + size));
    at += size;
    return out;
  };
}

describe('newIntakeReference', () => {
  it('gives four characters of the receipts’ alphabet', () => {
    for (let i = 0; i < 200; i++) {
      const reference = newIntakeReference();
      expect(reference).toMatch(new RegExp(`^[${RECEIPT_CODE_ALPHABET}]{${INTAKE_REFERENCE_LENGTH}}$`));
    }
  });

  it('maps bytes to characters modulo 31, throwing away 248..255 and drawing again', () => {
    const reference = newIntakeReference(scripted([0, 255, 30, 248, 31, 247]));
    expect(reference).toBe([0, 30, 0, 30].map((i) => RECEIPT_CODE_ALPHABET[i]).join(''));
  });

  it('gives every character equally often when every byte value comes equally often', () => {
    const counts = new Map<string, number>();
    const bytes = Array.from({ length: 256 * 4 }, (_, i) => i % 256);
    const source = scripted(bytes);
    for (let i = 0; i < (248 * 4) / INTAKE_REFERENCE_LENGTH; i++) {
      for (const char of newIntakeReference(source)) {
        counts.set(char, (counts.get(char) ?? 0) + 1);
      }
    }
    expect(counts.size).toBe(RECEIPT_CODE_ALPHABET.length);
    expect(new Set(counts.values())).toEqual(new Set([32]));
  });

  it('draws different references (no fixed seed)', () => {
    const seen = new Set(Array.from({ length: 50 }, () => newIntakeReference()));
    expect(seen.size).toBeGreaterThan(45);
  });
});
