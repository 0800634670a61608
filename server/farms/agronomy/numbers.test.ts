// Tests of result rounding: sensible precision and never NaN, Infinity or −0.
import { describe, expect, it } from 'vitest';
import { clamp, mm, round, score, tonnes } from './numbers';

describe('numbers', () => {
  it('rounds mm to 0.1, t/ha to 0.01 and scores to 0.001', () => {
    expect(mm(12.345)).toBe(12.3);
    expect(tonnes(5.678)).toBe(5.68);
    expect(score(0.12345)).toBe(0.123);
  });

  it('turns NaN and Infinity into 0 and −0 into 0, and holds scores to 0–1', () => {
    expect(round(Number.NaN, 1)).toBe(0);
    expect(round(Number.POSITIVE_INFINITY, 1)).toBe(0);
    expect(Object.is(round(-0.0001, 1), 0)).toBe(true);
    expect(score(1.7)).toBe(1);
    expect(score(-2)).toBe(0);
    expect(clamp(Number.NaN, 0, 1)).toBe(0);
  });
});
