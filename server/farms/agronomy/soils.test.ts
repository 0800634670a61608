// Tests of soil texture lookup (FAO-56 Table 19 midpoints) from free text.
import { describe, expect, it } from 'vitest';
import { SOIL_TEXTURES, soilWater } from './soils';

describe('soils, FAO-56 Table 19', () => {
  it('reads textures in any case and spacing, and defaults to loam', () => {
    expect(soilWater('Sandy Loam')).toMatchObject({ texture: 'sandy_loam', assumed: false });
    expect(soilWater('silt-clay-loam')).toMatchObject({ texture: 'silty_clay_loam', assumed: false });
    expect(soilWater(null)).toMatchObject({ texture: 'loam', assumed: true });
    expect(soilWater('volcanic')).toMatchObject({ texture: 'loam', assumed: true });
    expect(soilWater('constructor').assumed).toBe(true);
  });
});

describe('soil water retention', () => {
  it('keeps field capacity above wilting point for every texture, within Table 19 (θFC − θWP 0.05–0.20)', () => {
    for (const { fieldCapacity, wiltingPoint } of Object.values(SOIL_TEXTURES)) {
      expect(fieldCapacity - wiltingPoint).toBeGreaterThanOrEqual(0.05);
      expect(fieldCapacity - wiltingPoint).toBeLessThanOrEqual(0.2);
    }
  });
});
