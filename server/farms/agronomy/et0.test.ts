// Tests of ET0: FAO-56 Example 17 (Penman–Monteith), Hargreaves, and the chapter-3 rules for missing data.
import { describe, expect, it } from 'vitest';
import type { DailyWeather } from './daily';
import { emptyCounts } from './daily';
import { dayNumberOfIso } from './dates';
import { dailyEt0, hargreavesEt0, penmanMonteithEt0 } from './et0';
import {
  atmosphericPressure,
  meanSaturationVapourPressure,
  psychrometricConstant,
  saturationSlope,
} from './meteo';
import {
  angstromRadiation,
  clearSkyRadiation,
  daylightHours,
  extraterrestrialRadiation,
  netLongwaveRadiation,
  netRadiation,
  netShortwaveRadiation,
} from './radiation';
import { near } from './test-fixtures';

const BANGKOK = 13 + 44 / 60;

describe('FAO-56 Penman–Monteith', () => {
  it('FAO-56 Example 17, p.70–71: Bangkok, April monthly data, ET0 = 5.72 mm/day (±0.01)', () => {
    const [tmax, tmin, ea, u2, z, j] = [34.8, 25.6, 2.85, 2, 2, 105];
    near(saturationSlope(30.2), 0.246, 0.0005);
    const pressure = atmosphericPressure(z);
    near(pressure, 101.3, 0.05);
    near(psychrometricConstant(pressure), 0.0674, 0.0001);
    near(meanSaturationVapourPressure(tmax, tmin), 4.42, 0.005);
    const ra = extraterrestrialRadiation(BANGKOK, j);
    near(ra, 38.06, 0.01);
    const n = daylightHours(BANGKOK, j);
    near(n, 12.31, 0.01);
    const rs = angstromRadiation(8.5, n, ra);
    near(rs, 22.65, 0.01);
    const rso = clearSkyRadiation(z, ra);
    near(rso, 28.54, 0.01);
    near(netShortwaveRadiation(rs), 17.44, 0.01);
    const rnl = netLongwaveRadiation(tmax, tmin, ea, rs, rso);
    near(rnl, 3.11, 0.01);
    const rn = netRadiation(netShortwaveRadiation(rs), rnl);
    near(rn, 14.33, 0.01);
    // Monthly soil heat flux by eq. 44: 0.14 (T_April − T_March) = 0.14 MJ/m²/day.
    const et0 = penmanMonteithEt0({ tmax, tmin, rn, g: 0.14 * (30.2 - 29.2), u2, ea, pressure });
    near(et0, 5.72, 0.01);
  });

  it('holds u2 at ≥ 0.5 m/s (FAO-56 p.63)', () => {
    const base = { tmax: 30, tmin: 20, rn: 12, g: 0, ea: 2, pressure: 101.3 };
    expect(penmanMonteithEt0({ ...base, u2: 0 })).toBeCloseTo(penmanMonteithEt0({ ...base, u2: 0.5 }), 12);
  });
});

describe('Hargreaves', () => {
  it('PyETo test_hargreaves (Mehta 2006): Tmin 28, Tmax 38, Tmean 35 °C, Ra 38.93715 MJ gives 6.1 mm/day (±0.05)', () => {
    near(hargreavesEt0(38, 28, 38.93715, 35), 6.1, 0.05);
  });

  it('FAO-56 eq. 52 with Ra converted to mm (caveat C5): Bangkok April conditions give a plausible 5–7 mm/day', () => {
    const value = hargreavesEt0(34.8, 25.6, extraterrestrialRadiation(BANGKOK, 105));
    expect(value).toBeGreaterThan(5);
    expect(value).toBeLessThan(7);
  });
});

function day(overrides: Partial<DailyWeather>): DailyWeather {
  return {
    dayNumber: dayNumberOfIso('2023-01-15') ?? 0,
    date: '2023-01-15',
    tmax: 29.6,
    tmin: 22.8,
    temperatureSource: 'daily_extremes',
    rhmax: null,
    rhmin: null,
    rhmean: null,
    humidityHours: 0,
    rainfall: null,
    windSpeed: null,
    solarRadiation: null,
    sunshineHours: null,
    soilMoisture: null,
    hoursRhAtLeast90: 0,
    meanTempRhAtLeast90: null,
    counts: emptyCounts(),
    ...overrides,
  };
}

const CABINDA = { latitude: -5.33, elevation: 20 };

describe('daily ET0 with FAO-56 chapter 3 rules for missing data', () => {
  it('FAO-56 Fig. 18, p.69 (CROPWAT, Cabinda, January): RH 81 %, wind 78 km/day, 4.0 h sun give 3.4 mm/day (±0.1)', () => {
    const result = dailyEt0(
      day({ rhmean: 81, humidityHours: 1, windSpeed: 78 / 86.4, sunshineHours: 4 }),
      CABINDA,
    );
    expect(result?.method).toBe('fao56_penman_monteith');
    near(result?.et0 ?? 0, 3.4, 0.1);
    expect(result?.estimates).toEqual(['radiation_from_sunshine', 'humidity_from_mean']);
  });

  it('uses measured radiation, RH extremes (eq. 17) and wind without estimates', () => {
    const result = dailyEt0(
      day({ solarRadiation: 15.7, rhmax: 95, rhmin: 65, rhmean: 81, humidityHours: 24, windSpeed: 1 }),
      CABINDA,
    );
    expect(result?.estimates).toEqual([]);
    expect(result?.et0).toBeGreaterThan(2);
  });

  it('with temperatures only: Rs from the temperature range (eq. 50), ea from Tmin (eq. 48), wind 2 m/s', () => {
    const result = dailyEt0(day({}), CABINDA);
    expect(result?.method).toBe('fao56_penman_monteith');
    expect(result?.estimates).toEqual(['radiation_from_temperature', 'humidity_from_tmin', 'wind_default']);
    expect(result?.et0).toBeGreaterThan(2);
    expect(result?.et0).toBeLessThan(6);
  });

  it('flags a temperature range from too few readings', () => {
    expect(dailyEt0(day({ temperatureSource: 'partial' }), CABINDA)?.estimates[0]).toBe(
      'temperature_partial',
    );
  });

  it('falls back to Hargreaves (eq. 52) only when Penman–Monteith cannot be evaluated', () => {
    const result = dailyEt0(day({ solarRadiation: 15.7 }), { latitude: -5.33, elevation: Number.NaN });
    expect(result?.method).toBe('hargreaves');
    expect(result?.estimates).toEqual(['hargreaves_fallback']);
    expect(result?.et0).toBeGreaterThan(0);
  });

  it('gives no ET0 without temperature or with an impossible latitude, and never a negative one', () => {
    expect(dailyEt0(day({ tmax: null, tmin: null }), CABINDA)).toBeNull();
    expect(dailyEt0(day({}), { latitude: 120, elevation: 0 })).toBeNull();
    const cold = dailyEt0(day({ tmax: -30, tmin: -40, rhmean: 100, humidityHours: 2 }), {
      latitude: 80,
      elevation: 0,
    });
    expect(cold?.et0).toBeGreaterThanOrEqual(0);
  });
});
