// The stand-in's hourly FAO-56 against the published worked example it implements (Allen et al. 1998, FAO-56
// Example 19, p. 75–76: N'Diaye, Senegal, 1 October; figures as in shared/agronomy/REFERENCES.md, ET3), and the
// properties of its made-up weather the tests lean on.
import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../contract/constants';
import {
  hourlyExtraterrestrialRadiation,
  hourlyNetRadiation,
  hourlyPenmanMonteith,
  standInHour,
} from './open-meteo-stand-in-weather';

/** 16°13'N, 16°15'W; the example's clock is Lz = 15° W (UTC−1), so 14:00–15:00 there ends at 16:00 UTC. */
const NDIAYE = { latitude: 16 + 13 / 60, longitude: -16.25 };
const AFTERNOON_END = Date.UTC(2023, 9, 1, 16);
const NIGHT_END = Date.UTC(2023, 9, 1, 4);
/** FAO-56 eq. 7 at 8 m, as the example's γ = 0.0673 implies. */
const PRESSURE = 101.2;

describe('FAO-56 Example 19', () => {
  it('gives the hour’s extraterrestrial radiation: 3.543 MJ/m² by day, 0 at night', () => {
    expect(hourlyExtraterrestrialRadiation(NDIAYE.latitude, NDIAYE.longitude, AFTERNOON_END)).toBeCloseTo(
      3.543,
      3,
    );
    expect(hourlyExtraterrestrialRadiation(NDIAYE.latitude, NDIAYE.longitude, NIGHT_END)).toBe(0);
  });

  it('gives net radiation 1.749 by day and −0.100 at night (Rs/Rso 0.8 assumed)', () => {
    expect(hourlyNetRadiation(2.45, 38, 52, 2.45 / 2.658)).toBeCloseTo(1.749, 3);
    expect(hourlyNetRadiation(0, 28, 90, 0.8)).toBeCloseTo(-0.1, 3);
  });

  it('gives ET₀ 0.63 mm/h by day and 0.00 at night', () => {
    const day = hourlyPenmanMonteith({
      temperature: 38,
      humidity: 52,
      u2: 3.3,
      rn: 1.749,
      daytime: true,
      pressure: PRESSURE,
    });
    const night = hourlyPenmanMonteith({
      temperature: 28,
      humidity: 90,
      u2: 1.9,
      rn: -0.1,
      daytime: false,
      pressure: PRESSURE,
    });
    expect(day).toBeCloseTo(0.627, 3);
    expect(night).toBeCloseTo(0.0044, 3);
  });
});

describe('the made-up hours', () => {
  const cell = { latitude: 3.9, longitude: 11.5 };
  const start = Date.UTC(2026, 0, 1);
  const hours = Array.from({ length: 24 * 60 }, (_, i) => standInHour(cell, start + i * HOUR_MS, null));

  it('are the same for the same cell and hour, and differ from another cell’s', () => {
    expect(standInHour(cell, start, null)).toEqual(hours[0]);
    const other = Array.from({ length: 48 }, (_, i) =>
      standInHour({ latitude: 7.1, longitude: -1.6 }, start + i * HOUR_MS, null),
    );
    expect(other).not.toEqual(hours.slice(0, 48));
  });

  it('rain on some days and not others, in plausible amounts', () => {
    const days = Array.from({ length: 60 }, (_, d) =>
      hours.slice(d * 24, d * 24 + 24).reduce((sum, h) => sum + (h.rain ?? 0), 0),
    );
    const wet = days.filter((mm) => mm > 0);
    expect(wet.length).toBeGreaterThan(10);
    expect(wet.length).toBeLessThan(40);
    expect(Math.max(...days)).toBeLessThanOrEqual(30.5);
  });

  it('keep ET₀ between 0 and 0.8 mm an hour, about 3–5 mm a day', () => {
    expect(hours.every((h) => h.et0 !== null && h.et0 >= 0 && h.et0 <= 0.8)).toBe(true);
    const total = hours.reduce((sum, h) => sum + (h.et0 ?? 0), 0) / 60;
    expect(total).toBeGreaterThan(2.5);
    expect(total).toBeLessThan(5.5);
  });
});
