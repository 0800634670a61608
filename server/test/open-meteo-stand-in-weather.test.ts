// The properties of the stand-in's made-up weather the tests lean on (its FAO-56 hours are the app's own,
// tested against FAO-56 Example 19 in server/farms/agronomy/et0-hourly.test.ts).
import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../contract/constants';
import { standInHour } from './open-meteo-stand-in-weather';

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
