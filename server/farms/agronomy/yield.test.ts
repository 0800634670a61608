// Tests of the FAO-33 yield response (FAO-56 Example 44, eq. 90) and growing degree days (published °F examples).
import { describe, expect, it } from 'vitest';
import { near } from './test-fixtures';
import { growingDegreeDays, heatAccumulationFactor, relativeYield } from './yield';

describe('yield response to water', () => {
  it('FAO-56 eq. 90, forward form of Example 44: Ym 1800 kg/ha, Ky 1.15, ETa/ETm 0.6618 gives 1100 kg/ha (±1 kg)', () => {
    near(1800 * relativeYield(1.15, 0.6618), 1100, 1);
  });

  it('FAO-56 eq. 90 with maize Ky 1.25 (Table 24): ETa/ETm 0.80 gives Ya/Ym 0.75', () => {
    near(relativeYield(1.25, 0.8), 0.75, 1e-12);
  });

  it('FAO-56 p.177: with Ky > 1 the yield reaches 0 before ETa does, so it is held at 0', () => {
    expect(relativeYield(1.25, 0.15)).toBe(0);
    expect(relativeYield(0.7, 1.2)).toBe(1);
    expect(relativeYield(1.25, Number.NaN)).toBeGreaterThanOrEqual(0);
  });
});

describe('growing degree days', () => {
  it('OSU and UW extension examples, 86/50 °F corn rule (McMaster & Wilhelm method 2): exact', () => {
    const gdd = (tmax: number, tmin: number): number => growingDegreeDays(tmax, tmin, 50, 86);
    expect(gdd(87, 63)).toBe(24.5);
    expect(gdd(90, 65)).toBe(25.5);
    expect(gdd(72, 46)).toBe(11);
    expect(gdd(63, 42)).toBe(6.5);
    expect(gdd(90, 65) + gdd(72, 46) + gdd(63, 42)).toBe(43);
  });

  it('ISU Agron 541: 70/50 °F gives 10, and the daily maximum is 36', () => {
    expect(growingDegreeDays(70, 50, 50, 86)).toBe(10);
    expect(growingDegreeDays(100, 95, 50, 86)).toBe(36);
  });

  it('Celsius cases G7–G11 (base 10, cap 30), method 2 [derived]', () => {
    const cases: [number, number, number][] = [
      [31, 8, 10],
      [25, 15, 10],
      [12, 4, 1],
      [35, 22, 16],
      [9, 2, 0],
    ];
    for (const [tmax, tmin, expected] of cases) {
      expect(growingDegreeDays(tmax, tmin, 10, 30)).toBe(expected);
    }
  });

  it('heat factor: accumulated over expected, at most 1, 1 when nothing was expected', () => {
    expect(heatAccumulationFactor(500, 1000)).toBe(0.5);
    expect(heatAccumulationFactor(1200, 1000)).toBe(1);
    expect(heatAccumulationFactor(0, 0)).toBe(1);
  });
});
