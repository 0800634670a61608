// Tests of the per-UTC-day aggregation of sensor readings.
import { describe, expect, it } from 'vitest';
import type { SensorType } from '../../../contract/crops';
import { aggregateDaily } from './daily';
import type { ReadingInput } from './types';

function at(iso: string, type: SensorType, value: number): ReadingInput {
  return { timestamp: new Date(iso), type, value };
}

describe('aggregateDaily', () => {
  it('returns nothing for no readings', () => {
    expect(aggregateDaily([])).toEqual({ days: [], rejected: 0, latestTime: null });
  });

  it('splits days at UTC midnight and takes sums, means and extremes as each quantity needs', () => {
    const { days, latestTime } = aggregateDaily([
      at('2024-05-01T06:00:00Z', 'temperature', 14),
      at('2024-05-01T14:00:00Z', 'temperature', 27),
      at('2024-05-01T10:00:00Z', 'rainfall', 3),
      at('2024-05-01T11:00:00Z', 'rainfall', 4.5),
      at('2024-05-01T10:00:00Z', 'wind_speed', 1),
      at('2024-05-01T16:00:00Z', 'wind_speed', 3),
      at('2024-05-01T12:00:00Z', 'solar_radiation', 20),
      at('2024-05-01T12:00:00Z', 'sunshine_hours', 7),
      at('2024-05-01T12:00:00Z', 'soil_moisture', 20),
      at('2024-05-01T18:00:00Z', 'soil_moisture', 30),
      at('2024-05-01T23:59:59Z', 'humidity', 70),
      at('2024-05-02T00:00:00Z', 'humidity', 95),
    ]);
    expect(days.map((d) => d.date)).toEqual(['2024-05-01', '2024-05-02']);
    expect(days[0]).toMatchObject({
      tmax: 27,
      tmin: 14,
      temperatureSource: 'partial',
      rainfall: 7.5,
      windSpeed: 2,
      solarRadiation: 20,
      sunshineHours: 7,
      soilMoisture: 25,
      rhmean: 70,
    });
    expect(days[0]?.counts).toMatchObject({ temperature: 2, rainfall: 2, humidity: 1 });
    expect(days[1]).toMatchObject({
      tmax: null,
      tmin: null,
      temperatureSource: null,
      rainfall: null,
      rhmax: 95,
    });
    expect(latestTime).toBe(Date.parse('2024-05-02T00:00:00Z'));
  });

  it('prefers daily extreme sensors, else needs 18 hours of readings for the day’s extremes', () => {
    const extremes = aggregateDaily([
      at('2024-05-01T00:00:00Z', 'temperature_max', 31),
      at('2024-05-01T00:00:00Z', 'temperature_min', 19),
    ]);
    expect(extremes.days[0]).toMatchObject({ tmax: 31, tmin: 19, temperatureSource: 'daily_extremes' });
    const hourly = aggregateDaily(
      Array.from({ length: 18 }, (_, h) =>
        at(`2024-05-01T${String(h).padStart(2, '0')}:30:00Z`, 'temperature', 15 + h / 2),
      ),
    );
    expect(hourly.days[0]).toMatchObject({ tmax: 23.5, tmin: 15, temperatureSource: 'hourly' });
    const lone = aggregateDaily([at('2024-05-01T05:00:00Z', 'temperature_min', 12)]);
    expect(lone.days[0]).toMatchObject({ tmax: 12, tmin: 12, temperatureSource: 'partial' });
  });

  it('counts hours whose mean RH is ≥ 90 % and their mean temperature', () => {
    const readings: ReadingInput[] = [];
    for (let h = 0; h < 24; h++) {
      const iso = `2024-05-01T${String(h).padStart(2, '0')}:00:00Z`;
      readings.push(at(iso, 'humidity', h < 8 ? 96 : 70));
      readings.push(at(iso.replace(':00:00', ':30:00'), 'humidity', h < 8 ? 88 : 70));
      readings.push(at(iso, 'temperature', h < 8 ? 12 : 22));
    }
    const day = aggregateDaily(readings).days[0];
    expect(day).toMatchObject({
      hoursRhAtLeast90: 8,
      meanTempRhAtLeast90: 12,
      humidityHours: 24,
      rhmax: 96,
      rhmin: 70,
    });
  });

  it('rejects implausible values and invalid timestamps, and does not depend on order', () => {
    const readings = [
      at('2024-05-01T01:00:00Z', 'humidity', 120),
      at('2024-05-01T02:00:00Z', 'rainfall', -1),
      at('2024-05-01T03:00:00Z', 'temperature', Number.NaN),
      { timestamp: new Date('not a date'), type: 'temperature' as const, value: 20 },
      at('2024-05-01T04:00:00Z', 'temperature', 20),
      at('2024-05-03T04:00:00Z', 'temperature', 25),
      at('2024-05-02T04:00:00Z', 'temperature', 22),
    ];
    const forward = aggregateDaily(readings);
    expect(forward.rejected).toBe(4);
    expect(forward.days.map((d) => d.tmax)).toEqual([20, 22, 25]);
    expect(aggregateDaily([...readings].reverse())).toEqual(forward);
  });
});
