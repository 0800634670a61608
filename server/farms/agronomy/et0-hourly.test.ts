// Tests of hourly ET0 against FAO-56 Example 19 (N'Diaye, Senegal) and of the series' night-time rules.
import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../../contract/constants';
import { dayNumberOfIso } from './dates';
import { type HourlyWeather, hourlyEt0Series, hourlyPenmanMonteithEt0, solarHour } from './et0-hourly';
import { extraterrestrialRadiation } from './radiation';
import { near } from './test-fixtures';

// Example 19, p.75–76: 16°13′N 16°15′W, 8 m, 1 October (J = 274, a year that is not a leap year). Its clock runs
// at the 15°W meridian (Lz = 15°), one hour behind UTC: 14:00–15:00 there is 15:00–16:00 UTC.
const NDIAYE = { latitude: 16 + 13 / 60, longitude: -(16 + 15 / 60), elevation: 8 };
const utc = (iso: string) => new Date(iso);

describe('FAO-56 Example 19, p.75–76: hourly ET0 at N’Diaye, 1 October', () => {
  it('14:00–15:00: Ra 3.543, Rso 2.658, Rnl 0.137, Rn 1.749, G 0.175 MJ/m²/h and ET0 0.63 mm/h (±0.01)', () => {
    const sun = solarHour(NDIAYE.latitude, NDIAYE.longitude, utc('2001-10-01T15:00:00Z'));
    near(sun.ra, 3.543, 0.001);
    const hour = hourlyPenmanMonteithEt0({
      temperature: 38,
      humidity: 52,
      u2: 3.3,
      rs: 2.45,
      ra: sun.ra,
      elevation: NDIAYE.elevation,
      nightRsRso: 0.8,
    });
    near(hour.rso, 2.658, 0.001);
    near(hour.rsRso, 0.922, 0.001);
    near(hour.rnl, 0.137, 0.001);
    near(hour.rn, 1.749, 0.001);
    near(hour.g, 0.175, 0.001);
    near(hour.et0, 0.63, 0.01);
  });

  it('02:00–03:00: the sun is down (Ra 0), Rs/Rso 0.8 as the example assumes, Rnl 0.100, G −0.050, ET0 0.00 (±0.01)', () => {
    const sun = solarHour(NDIAYE.latitude, NDIAYE.longitude, utc('2001-10-01T03:00:00Z'));
    expect(sun.ra).toBe(0);
    const hour = hourlyPenmanMonteithEt0({
      temperature: 28,
      humidity: 90,
      u2: 1.9,
      rs: 0,
      ra: sun.ra,
      elevation: NDIAYE.elevation,
      nightRsRso: 0.8,
    });
    near(hour.rnl, 0.1, 0.001);
    near(hour.rn, -0.1, 0.001);
    near(hour.g, -0.05, 0.001);
    near(hour.et0, 0, 0.01);
  });
});

describe('hourly extraterrestrial radiation', () => {
  it('adds up over a day to the daily Ra of eq. 21 (within 0.2 %), at the equator, 16°N and 45°S', () => {
    for (const [latitude, longitude, iso] of [
      [0, 10, '2024-03-20'],
      [NDIAYE.latitude, NDIAYE.longitude, '2001-10-01'],
      [-45, 170, '2024-06-21'],
    ] as const) {
      const start = Date.parse(`${iso}T00:00:00Z`) - (longitude / 15) * HOUR_MS;
      let sum = 0;
      for (let h = 0; h < 24; h++) {
        sum += solarHour(latitude, longitude, new Date(start + h * HOUR_MS)).ra;
      }
      const j = (dayNumberOfIso(iso) ?? 0) - (dayNumberOfIso(`${iso.slice(0, 4)}-01-01`) ?? 0) + 1;
      const daily = extraterrestrialRadiation(latitude, j);
      near(sum, daily, 0.002 * daily);
    }
  });

  it('is zero through the night and largest around solar noon', () => {
    const values = Array.from(
      { length: 24 },
      (_, h) => solarHour(0, 0, new Date(Date.UTC(2024, 2, 20, h))).ra,
    );
    expect(values[0]).toBe(0);
    expect(values[23]).toBe(0);
    expect(Math.max(...values)).toBe(Math.max(values[11] ?? 0, values[12] ?? 0));
  });
});

describe('hourly ET0 series', () => {
  // A clear or a cloudy day at N'Diaye, hour by hour from midnight UTC, then the following night.
  function day(cloud: number) {
    return Array.from({ length: 30 }, (_, h) => {
      const start = new Date(Date.UTC(2001, 9, 1, h));
      const ra = solarHour(NDIAYE.latitude, NDIAYE.longitude, start).ra;
      return { start, temperature: 30, humidity: 60, u2: 2, rs: 0.75 * ra * (1 - cloud) };
    });
  }

  it('carries the afternoon’s Rs/Rso into the night: a cloudy afternoon loses less longwave, more night ET0', () => {
    const clear = hourlyEt0Series(day(0), NDIAYE);
    const cloudy = hourlyEt0Series(day(0.6), NDIAYE);
    // 25:00–26:00 UTC is the next night: both series have no sun, only the carried Rs/Rso differs.
    expect(cloudy[25] ?? 0).toBeGreaterThan(clear[25] ?? 0);
    // Before the first afternoon both nights use the same default.
    expect(cloudy[2]).toBeCloseTo(clear[2] ?? 0, 12);
  });

  it('gives null for an hour missing any value and goes on with the next', () => {
    const hours: HourlyWeather[] = day(0).slice(12, 15);
    const result = hourlyEt0Series(
      hours.map((hour, i) => (i === 1 ? { ...hour, temperature: null } : hour)),
      NDIAYE,
    );
    expect(result[1]).toBeNull();
    expect(result[0]).toBeGreaterThan(0.3);
    expect(result[2]).toBeGreaterThan(0.3);
  });
});
