// Tests of single-sine degree days against numerical integration of the same sine, and the fall armyworm parameters.
import { describe, expect, it } from 'vitest';
import { FALL_ARMYWORM, singleSineDegreeDays } from './insects';

/** Mean over a day of the temperature sine between Tmin and Tmax, cut at the thresholds (midpoint rule). */
function integrated(tmin: number, tmax: number, lower: number, upper: number): number {
  const steps = 100_000;
  let sum = 0;
  for (let i = 0; i < steps; i++) {
    const phase = ((i + 0.5) / steps) * 2 * Math.PI;
    const t = (tmax + tmin) / 2 + ((tmax - tmin) / 2) * Math.sin(phase);
    sum += Math.min(upper, Math.max(lower, t)) - lower;
  }
  return sum / steps;
}

describe('single-sine degree days with a horizontal cut-off', () => {
  it('matches numerical integration in every case (below, between, across one or both thresholds, above)', () => {
    const cases: [number, number][] = [
      [2, 10],
      [8, 20],
      [14, 30],
      [20, 38],
      [10, 40],
      [34, 40],
      [15, 15],
    ];
    for (const [tmin, tmax] of cases) {
      const expected = integrated(tmin, tmax, 13.01, 33);
      expect(Math.abs(singleSineDegreeDays(tmin, tmax, 13.01, 33) - expected)).toBeLessThan(1e-3);
    }
  });

  it('is 0 below the lower threshold and upper − lower above the upper one', () => {
    expect(singleSineDegreeDays(0, 13, 13.01, 33)).toBe(0);
    expect(singleSineDegreeDays(35, 40, 13.01, 33)).toBeCloseTo(19.99, 10);
  });

  it('uses the published fall armyworm thresholds (Du Plessis et al. 2020; Ali et al. 1990)', () => {
    expect(FALL_ARMYWORM.lower).toBe(13.01);
    expect(FALL_ARMYWORM.upper).toBe(33);
    expect(FALL_ARMYWORM.degreeDaysPerGeneration).toBe(391.02);
  });
});
