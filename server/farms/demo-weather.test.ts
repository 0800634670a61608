import { describe, expect, it } from 'vitest';
import { isPlausibleReading } from '../../contract/crops';
import { demoWeather, seededRandom } from './demo-weather';

describe('demoWeather', () => {
  const options = { start: new Date('2026-03-01T00:00:00Z'), hours: 24 * 60, latitude: 5.48, seed: 42 };

  it('is the same for the same seed and differs for another', () => {
    expect(demoWeather(options)).toEqual(demoWeather(options));
    expect(demoWeather({ ...options, seed: 43 })).not.toEqual(demoWeather(options));
    expect(seededRandom(1)()).toBe(seededRandom(1)());
  });

  it('gives plausible hourly weather with one radiation value per day', () => {
    const readings = demoWeather(options);
    expect(readings.every((r) => isPlausibleReading(r.type, r.value))).toBe(true);
    const of = (type: string) => readings.filter((r) => r.type === type).map((r) => r.value);
    expect(of('temperature')).toHaveLength(24 * 60);
    expect(of('solar_radiation')).toHaveLength(60);
    const temps = of('temperature');
    const mean = temps.reduce((a, b) => a + b, 0) / temps.length;
    expect(mean).toBeGreaterThan(17);
    expect(mean).toBeLessThan(23);
    const rain = of('rainfall').reduce((a, b) => a + b, 0);
    expect(rain / 60).toBeGreaterThan(1);
    expect(rain / 60).toBeLessThan(15);
    expect(Math.min(...of('humidity'))).toBeGreaterThanOrEqual(25);
    expect(Math.max(...of('solar_radiation'))).toBeLessThanOrEqual(30);
  });
});
