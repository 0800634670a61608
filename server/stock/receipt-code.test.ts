// Receipt codes: the right length and alphabet, every character equally likely (no modulo bias), enough of them.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RECEIPT_CODE_ALPHABET, RECEIPT_CODE_LENGTH, ZReceiptCodeParams } from '../../contract/stock';
import { newReceiptCode, type RandomSource, receiptNumber } from './receipt-code';

/** A seeded byte source (mulberry32), so the statistical test gives the same answer every run. */
function seeded(seed: number): RandomSource {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) & 0xff;
  };
  return (size) => Uint8Array.from({ length: size }, next);
}

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

const ALPHABET_SIZE = RECEIPT_CODE_ALPHABET.length;

describe('newReceiptCode', () => {
  it('gives RECEIPT_CODE_LENGTH characters of the alphabet, which the contract accepts', () => {
    for (let i = 0; i < 200; i++) {
      const code = newReceiptCode();
      expect(code).toHaveLength(RECEIPT_CODE_LENGTH);
      for (const char of code) {
        expect(RECEIPT_CODE_ALPHABET).toContain(char);
      }
      expect(ZReceiptCodeParams.parse({ code: code.toLowerCase() }).code).toBe(code);
    }
  });

  it('throws away the bytes that would bias the first characters (248..255)', () => {
    // 8 × 31 = 248: bytes 248..255 are refused, whichever character their remainder would name.
    const refused = [248, 249, 250, 251, 252, 253, 254, 255];
    const code = newReceiptCode(scripted([...refused, 0, 1, 2, 3, 4, 5, 30, 31, 247, 62, 0, 0, 0, 0]));
    expect(code).toBe([0, 1, 2, 3, 4, 5, 30, 0, 30, 0].map((i) => RECEIPT_CODE_ALPHABET[i]).join(''));
  });

  it('draws again when a whole draw is refused', () => {
    const code = newReceiptCode(scripted([...new Array(14).fill(255), ...new Array(14).fill(33)]));
    expect(code).toBe(RECEIPT_CODE_ALPHABET[2]?.repeat(RECEIPT_CODE_LENGTH));
  });

  it('maps every byte value to each character exactly as often (no modulo bias)', () => {
    // Each of the 256 byte values ten times (the refused ones first in each round, so the last byte is kept):
    // the 2480 kept make 248 codes exactly, every character 80 times, and no byte is left over.
    const round = [
      ...Array.from({ length: 8 }, (_, i) => 248 + i),
      ...Array.from({ length: 248 }, (_, i) => i),
    ];
    const source = scripted(Array.from({ length: 10 }, () => round).flat());
    const counts = new Map<string, number>();
    for (let i = 0; i < 248; i++) {
      for (const char of newReceiptCode(source)) {
        counts.set(char, (counts.get(char) ?? 0) + 1);
      }
    }
    expect([...counts.keys()].sort()).toEqual([...RECEIPT_CODE_ALPHABET].sort());
    expect(new Set(counts.values())).toEqual(new Set([80]));
    expect(() => source(1)).toThrow('out of scripted bytes');
  });

  it('spreads characters evenly over many draws (chi-square, seeded)', () => {
    const random = seeded(20261127);
    const counts = new Array<number>(ALPHABET_SIZE).fill(0);
    const codes = 6200;
    for (let i = 0; i < codes; i++) {
      for (const char of newReceiptCode(random)) {
        const index = RECEIPT_CODE_ALPHABET.indexOf(char);
        counts[index] = (counts[index] ?? 0) + 1;
      }
    }
    const expected = (codes * RECEIPT_CODE_LENGTH) / ALPHABET_SIZE;
    const chiSquare = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // 30 degrees of freedom: 59.7 is the 0.1 % critical value. A modulo-biased draw (byte % 31 over 0..255)
    // would make the first 8 characters 12.5 % likelier than the others: a chi-square near 260 with this seed.
    expect(chiSquare).toBeLessThan(59.7);
  });

  it('is drawn from the system CSPRNG by default, and codes differ', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => newReceiptCode()));
    expect(codes.size).toBe(1000);
    expect(newReceiptCode(randomBytes)).toHaveLength(RECEIPT_CODE_LENGTH);
  });

  it('has enough codes to be unguessable: 31^10 ≈ 8 × 10^14, no look-alike characters', () => {
    expect(ALPHABET_SIZE).toBe(31);
    expect(new Set(RECEIPT_CODE_ALPHABET).size).toBe(ALPHABET_SIZE);
    for (const lookAlike of ['0', 'O', '1', 'I', 'L']) {
      expect(RECEIPT_CODE_ALPHABET).not.toContain(lookAlike);
    }
    const space = ALPHABET_SIZE ** RECEIPT_CODE_LENGTH;
    expect(space).toBeGreaterThan(8e14);
    expect(space).toBeLessThan(9e14);
    expect(Math.log2(space)).toBeGreaterThan(49);
  });
});

describe('receiptNumber', () => {
  it('reads TR-<year>-<lot on six digits>', () => {
    expect(receiptNumber(123, 2026)).toBe('TR-2026-000123');
    expect(receiptNumber(1, 2025)).toBe('TR-2025-000001');
    expect(receiptNumber(1234567, 2026)).toBe('TR-2026-1234567');
  });

  it('refuses a lot id or year that cannot be one', () => {
    expect(() => receiptNumber(0, 2026)).toThrow(RangeError);
    expect(() => receiptNumber(1.5, 2026)).toThrow(RangeError);
    expect(() => receiptNumber(7, 26)).toThrow(RangeError);
  });
});
