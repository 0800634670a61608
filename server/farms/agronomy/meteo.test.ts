// Tests of the atmospheric and humidity equations against FAO-56 chapter 3 examples and Annex 2 tables.
import { describe, expect, it } from 'vitest';
import {
  actualVapourPressureFromRhExtremes,
  actualVapourPressureFromRhMean,
  actualVapourPressureFromTmin,
  atmosphericPressure,
  meanSaturationVapourPressure,
  psychrometricConstant,
  saturationSlope,
  saturationVapourPressure,
} from './meteo';
import { near } from './test-fixtures';

describe('pressure and psychrometric constant', () => {
  it('FAO-56 Example 2, p.32: z = 1800 m gives P = 81.8 kPa and γ = 0.054 kPa/°C', () => {
    const p = atmosphericPressure(1800);
    near(p, 81.8, 0.05);
    near(psychrometricConstant(p), 0.054, 0.0005);
  });

  it('FAO-56 Table 2.1, p.213: pressure by altitude (±0.05 kPa)', () => {
    const table: [number, number][] = [
      [0, 101.3],
      [100, 100.1],
      [200, 99.0],
      [500, 95.5],
      [1000, 90.0],
      [1800, 81.8],
      [2000, 79.8],
      [3000, 70.5],
      [4000, 62.1],
    ];
    for (const [z, p] of table) {
      near(atmosphericPressure(z), p, 0.05);
    }
  });

  it('FAO-56 Table 2.2, p.214: γ by altitude (±0.0005)', () => {
    const table: [number, number][] = [
      [0, 0.067],
      [1000, 0.06],
      [1800, 0.054],
      [2000, 0.053],
      [3000, 0.047],
      [4000, 0.041],
    ];
    for (const [z, gamma] of table) {
      near(psychrometricConstant(atmosphericPressure(z)), gamma, 0.0005);
    }
  });
});

describe('saturation vapour pressure', () => {
  it('FAO-56 Example 3, p.36: Tmax 24.5 °C, Tmin 15 °C', () => {
    near(saturationVapourPressure(24.5), 3.075, 0.001);
    near(saturationVapourPressure(15), 1.705, 0.001);
    near(meanSaturationVapourPressure(24.5, 15), 2.39, 0.005);
    // es is not e°(Tmean): e°(19.75) = 2.30 is lower.
    near(saturationVapourPressure(19.75), 2.3, 0.005);
  });

  it('FAO-56 Table 2.3, p.215: e°(T) (±0.0005 kPa)', () => {
    const table: [number, number][] = [
      [1, 0.657],
      [5, 0.872],
      [10, 1.228],
      [12, 1.403],
      [15, 1.705],
      [18, 2.064],
      [20, 2.338],
      [21.5, 2.564],
      [24.5, 3.075],
      [25, 3.168],
      [28, 3.78],
      [30, 4.243],
      [35, 5.623],
      [38, 6.625],
      [40, 7.376],
      [45, 9.582],
      [48.5, 11.447],
    ];
    for (const [t, e] of table) {
      near(saturationVapourPressure(t), e, 0.0005);
    }
  });

  it('FAO-56 Table 2.4, p.216: slope Δ (±0.0005 kPa/°C)', () => {
    const table: [number, number][] = [
      [1, 0.047],
      [5, 0.061],
      [10, 0.082],
      [15, 0.11],
      [17, 0.123],
      [20, 0.145],
      [25, 0.189],
      [30, 0.243],
      [35, 0.311],
      [40, 0.393],
      [45, 0.493],
      [48.5, 0.574],
    ];
    for (const [t, delta] of table) {
      near(saturationSlope(t), delta, 0.0005);
    }
  });
});

describe('actual vapour pressure', () => {
  it('FAO-56 Example 5, p.39: ea from RHmax/RHmin (eq. 17) and from RHmean (eq. 19)', () => {
    near(actualVapourPressureFromRhExtremes(25, 18, 82, 54), 1.7, 0.005);
    near(actualVapourPressureFromRhMean(25, 18, 68), 1.78, 0.005);
  });

  it('FAO-56 Example 6, p.39: vapour pressure deficit es − ea = 0.91 kPa', () => {
    const deficit = meanSaturationVapourPressure(25, 18) - actualVapourPressureFromRhExtremes(25, 18, 82, 54);
    near(deficit, 0.91, 0.005);
  });

  it('FAO-56 eq. 48: without humidity the dew point is taken as Tmin', () => {
    expect(actualVapourPressureFromTmin(18)).toBe(saturationVapourPressure(18));
  });
});
