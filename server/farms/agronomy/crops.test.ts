// Tests of the crop table: every crop has complete, plausible parameters with the FAO-56 values docs/agronomy-references.md §3 lists.
import { describe, expect, it } from 'vitest';
import { CROP_KEYS, isPlausibleReading, SENSOR_SPECS, SENSOR_TYPES } from '../../../contract/crops';
import { cycleLength } from './crop-types';
import { CROPS } from './crops';

describe('crop parameters', () => {
  it('cover every crop key with positive stages and plausible coefficients', () => {
    for (const key of CROP_KEYS) {
      const crop = CROPS[key];
      expect(crop.cycles.length, key).toBeGreaterThan(0);
      for (const c of crop.cycles) {
        expect(
          Object.values(c.lengths).every((days) => days > 0),
          key,
        ).toBe(true);
        expect(cycleLength(c), key).toBeGreaterThanOrEqual(85);
        for (const kc of Object.values(c.kc)) {
          expect(kc, key).toBeGreaterThanOrEqual(0.15);
          expect(kc, key).toBeLessThanOrEqual(1.3);
        }
      }
      expect(crop.rootDepth.min, key).toBeLessThanOrEqual(crop.rootDepth.max);
      expect(crop.depletionFraction, key).toBeGreaterThanOrEqual(0.2);
      expect(crop.depletionFraction, key).toBeLessThanOrEqual(0.65);
      expect(crop.ky, key).toBeGreaterThan(0);
      expect(crop.attainableYield.tonnesPerHa, key).toBeGreaterThan(0);
      expect(crop.attainableYield.source.length, key).toBeGreaterThan(0);
      expect(crop.gdd.reference, key).toBeGreaterThan(crop.gdd.base);
    }
  });

  it('use the FAO-56 Table 24 seasonal Ky where the table has one, else 1 (p.177)', () => {
    expect(CROPS.maize.ky).toBe(1.25);
    expect(CROPS.beans.ky).toBe(1.15);
    expect(CROPS.groundnut.ky).toBe(0.7);
    expect(CROPS.tomato.ky).toBe(1.05);
    expect(CROPS.sorghum.ky).toBe(0.9);
    expect(CROPS.soybean.ky).toBe(0.85);
    expect(CROPS.rice.ky).toBe(1);
    expect(CROPS.cocoa.ky).toBe(1);
  });

  it('use FAO-56 Tables 11, 12 and 22 for maize (Nigeria, humid)', () => {
    const maize = CROPS.maize;
    expect(maize.cycles[0]?.lengths).toEqual({ initial: 20, development: 35, mid: 40, late: 30 });
    expect(maize.cycles[0]?.kc).toEqual({ ini: 0.3, mid: 1.2, end: 0.35 });
    expect(maize.rootDepth).toEqual({ min: 1, max: 1.7 });
    expect(maize.depletionFraction).toBe(0.55);
  });
});

describe('sensor types (contract)', () => {
  it('give every type a unit and a plausible range', () => {
    expect(Object.keys(SENSOR_SPECS).sort()).toEqual([...SENSOR_TYPES].sort());
    expect(isPlausibleReading('humidity', 100)).toBe(true);
    expect(isPlausibleReading('humidity', 100.1)).toBe(false);
    expect(isPlausibleReading('temperature', -61)).toBe(false);
    expect(isPlausibleReading('rainfall', Number.NaN)).toBe(false);
    expect(isPlausibleReading('solar_radiation', 45)).toBe(true);
  });
});
