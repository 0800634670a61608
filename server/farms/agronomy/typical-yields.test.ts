// The documented typical yields: every figure sourced and plausible, a cereal without its own figure falls back to the
// country's all-cereals mean, and other crops never do.
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../contract/analysis';
import { countryOfCallingCode, TYPICAL_YIELDS, typicalYieldsFor } from './typical-yields';

describe('typical yields', () => {
  it('every figure names its source and period, with low ≤ high', () => {
    for (const y of TYPICAL_YIELDS) {
      expect(y.citation.length).toBeGreaterThan(20);
      expect(y.period).toMatch(/\d{4}/);
      expect(y.low).toBeGreaterThan(0);
      expect(y.low).toBeLessThanOrEqual(y.high);
    }
  });

  it('a cereal without its own figure gets the all-cereals mean; cassava without one gets nothing', () => {
    expect(typicalYieldsFor('sorghum', 'CM')).toEqual([expect.objectContaining({ crop: null, low: 1.646 })]);
    expect(typicalYieldsFor('maize', 'CI')).toEqual([expect.objectContaining({ crop: null, low: 2.278 })]);
    expect(typicalYieldsFor('cassava', 'CM')).toEqual([]);
    expect(typicalYieldsFor('cassava', 'GH')).toEqual([
      expect.objectContaining({ crop: 'cassava', low: 14.01 }),
    ]);
    expect(typicalYieldsFor('maize', null)).toEqual([]);
  });

  it("finds the deployment's country from its calling code", () => {
    expect(countryOfCallingCode('+237')).toBe('CM');
    expect(countryOfCallingCode('+233')).toBe('GH');
    expect(countryOfCallingCode('+225')).toBe('CI');
    expect(countryOfCallingCode('+1')).toBeNull();
    expect(countryOfCallingCode(null)).toBeNull();
    expect(COUNTRIES).toHaveLength(3);
  });
});
