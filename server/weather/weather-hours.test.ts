// Tests of the provider's hours as readings, local days and rain totals: conversions, nulls, partial days, and the
// day boundaries of a cell one hour east of UTC.
import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../contract/constants';
import type { TWeatherDay } from '../../contract/weather';
import {
  hoursToReadings,
  localDays,
  type ProviderHour,
  rainSummary,
  toHourlyWeather,
  WIND_10M_TO_2M,
} from './weather-hours';

const EMPTY = { temperature: null, humidity: null, wind: null, radiation: null, rain: null, et0: null };

function hour(iso: string, values: Partial<Omit<ProviderHour, 'ts'>> = {}): ProviderHour {
  return { ts: new Date(iso), ...EMPTY, ...values };
}

/** `count` hours stamped from `firstIso` on, each given its values by its index. */
function series(firstIso: string, count: number, values: (i: number) => Partial<Omit<ProviderHour, 'ts'>>) {
  const first = Date.parse(firstIso);
  return Array.from({ length: count }, (_, i) => ({
    ...hour(new Date(first + i * HOUR_MS).toISOString()),
    ...values(i),
  }));
}

describe('wind at 2 m', () => {
  it('is 0.748 of the wind at 10 m (FAO-56 eq. 47: 4.87 / ln(67.8 · 10 − 5.42))', () => {
    expect(WIND_10M_TO_2M).toBeCloseTo(0.748, 3);
  });
});

describe('hoursToReadings', () => {
  it('gives temperature and humidity at the stamp, wind at 2 m, rain in the middle of the hour it fell in', () => {
    const readings = hoursToReadings([
      hour('2024-03-10T00:00:00Z', { temperature: 21.5, humidity: 88, wind: 4, rain: 2.4, radiation: 0 }),
    ]);
    expect(readings).toEqual([
      { timestamp: new Date('2024-03-09T23:30:00Z'), type: 'rainfall', value: 2.4 },
      { timestamp: new Date('2024-03-10T00:00:00Z'), type: 'temperature', value: 21.5 },
      { timestamp: new Date('2024-03-10T00:00:00Z'), type: 'humidity', value: 88 },
      { timestamp: new Date('2024-03-10T00:00:00Z'), type: 'wind_speed', value: 2.99 },
    ]);
  });

  it('gives no reading for a null value and none for a value that is not a number', () => {
    const readings = hoursToReadings([hour('2024-03-10T05:00:00Z', { humidity: 70, wind: Number.NaN })]);
    expect(readings).toEqual([{ timestamp: new Date('2024-03-10T05:00:00Z'), type: 'humidity', value: 70 }]);
  });

  it('gives one solar reading per whole UTC day, Σ W/m² × 3600 / 10⁶ MJ/m², stamped 11:00 UTC', () => {
    // The day's 24 hours are stamped 01:00 to 24:00 (each closes the hour it averages): 12 hours of 400 W/m².
    const day = series('2024-03-10T01:00:00Z', 24, (i) => ({ radiation: i >= 6 && i < 18 ? 400 : 0 }));
    const solar = hoursToReadings(day).filter((r) => r.type === 'solar_radiation');
    expect(solar).toEqual([
      { timestamp: new Date('2024-03-10T11:00:00Z'), type: 'solar_radiation', value: 17.28 },
    ]);
  });

  it('gives no solar reading for a day missing an hour of radiation (it would read as a dull day)', () => {
    const day = series('2024-03-10T01:00:00Z', 24, (i) => ({ radiation: i === 12 ? null : 300 }));
    const shifted = series('2024-03-10T00:00:00Z', 24, () => ({ radiation: 300 }));
    expect(hoursToReadings(day).filter((r) => r.type === 'solar_radiation')).toEqual([]);
    // Stamped 00:00 to 23:00, the first hour closes the day before: neither day is whole.
    expect(hoursToReadings(shifted).filter((r) => r.type === 'solar_radiation')).toEqual([]);
  });

  it('returns the readings sorted by time', () => {
    const readings = hoursToReadings(
      series('2024-03-10T01:00:00Z', 30, () => ({ temperature: 20, rain: 0, radiation: 1 })),
    );
    const times = readings.map((r) => r.timestamp.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});

describe('toHourlyWeather', () => {
  it('starts each period an hour before its stamp, wind at 2 m, radiation in MJ/m² for the hour', () => {
    const [first] = toHourlyWeather([
      hour('2024-03-10T12:00:00Z', { temperature: 30, humidity: 50, wind: 2, radiation: 500 }),
    ]);
    expect(first?.start).toEqual(new Date('2024-03-10T11:00:00Z'));
    expect(first?.u2).toBeCloseTo(2 * WIND_10M_TO_2M, 12);
    expect(first?.rs).toBeCloseTo(1.8, 12);
    expect(toHourlyWeather([hour('2024-03-10T12:00:00Z')])[0]).toMatchObject({
      temperature: null,
      u2: null,
      rs: null,
    });
  });
});

describe('localDays, one hour east of UTC (+3600 s)', () => {
  // Local 2024-03-10 00:00 is 2024-03-09T23:00Z. 49 hours: temperature = index, 0.5 mm of rain an hour except 10 mm
  // in the hour stamped 2024-03-10T23:00Z (local 23:00–24:00 on the 10th), ET0 0.1 mm an hour, wind = index / 10.
  const RAIN_HOUR = 24;
  const hours = series('2024-03-09T23:00:00Z', 49, (i) => ({
    temperature: i,
    wind: i / 10,
    rain: i === RAIN_HOUR ? 10 : 0.5,
    et0: 0.1,
  }));

  it('puts instants on their stamp’s local day and preceding-hour values on the day of the hour they cover', () => {
    const days = localDays(hours, 3600);
    expect(days.map((d) => d.date)).toEqual(['2024-03-09', '2024-03-10', '2024-03-11', '2024-03-12']);
    const [eve, first, second, last] = days;
    // The first stamp closes local 23:00–24:00 on the 9th: one hour of rain there, too few for a sum.
    expect(eve).toEqual({
      date: '2024-03-09',
      rainMm: null,
      tMin: null,
      tMax: null,
      et0Mm: null,
      windMaxMs: null,
    });
    // Stamps 0–23 are the 10th's instants; rain stamps 1–24, the last being the 10 mm hour.
    expect(first).toEqual({
      date: '2024-03-10',
      rainMm: 21.5,
      tMin: 0,
      tMax: 23,
      et0Mm: 2.4,
      windMaxMs: 2.3,
    });
    expect(second).toEqual({
      date: '2024-03-11',
      rainMm: 12,
      tMin: 24,
      tMax: 47,
      et0Mm: 2.4,
      windMaxMs: 4.7,
    });
    // The last stamp is local midnight of the 12th: its temperature counts there, its rain on the 11th.
    expect(last).toEqual({
      date: '2024-03-12',
      rainMm: null,
      tMin: 48,
      tMax: 48,
      et0Mm: null,
      windMaxMs: 4.8,
    });
  });

  it('counts a sum only with ≥ 20 hours of it, and keeps the extremes of the hours present', () => {
    const gappy = hours.map((h, i) => (i >= 30 && i < 35 ? { ...h, rain: null } : h));
    const second = localDays(gappy, 3600).find((d) => d.date === '2024-03-11');
    expect(second).toMatchObject({ rainMm: null, et0Mm: 2.4, tMin: 24, tMax: 47 });
    const fewer = hours.map((h, i) => (i >= 30 && i < 34 ? { ...h, rain: null } : h));
    expect(localDays(fewer, 3600).find((d) => d.date === '2024-03-11')?.rainMm).toBe(10);
  });

  it('gives null rain and temperatures for a day the provider gave none of', () => {
    const dry = hours.map((h) => ({ ...h, rain: null, temperature: null }));
    expect(localDays(dry, 3600)[1]).toMatchObject({ rainMm: null, tMin: null, tMax: null, et0Mm: 2.4 });
  });

  it('counts an hour given twice once', () => {
    expect(localDays([...hours, ...hours], 3600)[1]?.rainMm).toBe(21.5);
  });
});

describe('rainSummary', () => {
  const day = (date: string, rainMm: number | null): TWeatherDay => ({
    date,
    rainMm,
    tMin: null,
    tMax: null,
    et0Mm: null,
    windMaxMs: null,
  });
  const days = [
    day('2024-02-01', 30),
    day('2024-02-20', 12),
    day('2024-03-01', 4),
    day('2024-03-05', 0.6),
    day('2024-03-06', null),
    day('2024-03-07', 0),
    day('2024-03-08', 25),
  ];

  it('finds the last day up to today with ≥ 1 mm (DRY_DAY_MM), ignoring the forecast after today', () => {
    expect(rainSummary(days, '2024-03-07').lastRain).toEqual({ date: '2024-03-01', mm: 4 });
    expect(rainSummary(days, '2024-03-08').lastRain).toEqual({ date: '2024-03-08', mm: 25 });
  });

  it('adds the 7 and the 30 days ending today, leaving out days without a sum', () => {
    const summary = rainSummary(days, '2024-03-07');
    expect(summary.rain7Mm).toBe(4.6);
    // 30 days ending 7 March start on 7 February: 1 February is out.
    expect(summary.rain30Mm).toBe(16.6);
  });

  it('gives null totals when no day of the range has a rain sum, and nothing for a date that is not one', () => {
    expect(rainSummary([day('2024-03-06', null), day('2024-01-01', 5)], '2024-03-07')).toEqual({
      lastRain: { date: '2024-01-01', mm: 5 },
      rain7Mm: null,
      rain30Mm: null,
    });
    expect(rainSummary(days, '2024-02-30')).toEqual({ lastRain: null, rain7Mm: null, rain30Mm: null });
  });
});
