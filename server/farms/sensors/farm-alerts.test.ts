// Which days raise a farm alert: the constructed late-blight cases (docs/agronomy-references.md §5.4, D1 and D3), frost, and recency.
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../../contract/constants';
import { aggregateDaily } from '../agronomy/daily';
import type { ReadingInput } from '../agronomy/types';
import { ALERT_MAX_AGE_MS, alertsForDays, recentDays } from './farm-alerts';

const DAY1 = 20_600;

/** One day of hourly readings: the lowest temperature at 05:00, `humidHours` hours at RH 95 %, the rest at 70 %. */
function hourlyDay(dayNumber: number, tmin: number, humidHours: number): ReadingInput[] {
  const readings: ReadingInput[] = [];
  for (let h = 0; h < 24; h++) {
    const timestamp = new Date(dayNumber * DAY_MS + h * HOUR_MS);
    readings.push({ timestamp, type: 'temperature', value: h === 5 ? tmin : tmin + 4 });
    readings.push({ timestamp, type: 'humidity', value: h < humidHours ? 95 : 70 });
  }
  return readings;
}

const weather = (...days: ReadingInput[][]) => aggregateDaily(days.flat()).days;

describe('late-blight alerts', () => {
  it('raise on the second day of a Hutton period (D1: 10.5 °C and 7 h, then 11.0 °C and 6 h)', () => {
    const days = weather(hourlyDay(DAY1, 10.5, 7), hourlyDay(DAY1 + 1, 11, 6));
    expect(alertsForDays(days, [DAY1, DAY1 + 1], { blightHost: true })).toEqual([
      {
        kind: 'late_blight',
        day: '2026-05-28',
        details: { period: 'hutton', minTemp: 11, humidHours: 6 },
      },
    ]);
  });

  it('raise for a full Smith period too, and never for a crop blight does not attack', () => {
    const days = weather(hourlyDay(DAY1, 12, 11), hourlyDay(DAY1 + 1, 10, 12));
    expect(alertsForDays(days, [DAY1 + 1], { blightHost: true })).toEqual([
      expect.objectContaining({
        kind: 'late_blight',
        details: expect.objectContaining({ period: 'full_smith' }),
      }),
    ]);
    expect(alertsForDays(days, [DAY1 + 1], { blightHost: false })).toEqual([]);
  });

  it('stay quiet for a half Smith period (D3: second minimum 9.5 °C) and without the day before', () => {
    const half = weather(hourlyDay(DAY1, 12, 11), hourlyDay(DAY1 + 1, 9.5, 14));
    expect(alertsForDays(half, [DAY1, DAY1 + 1], { blightHost: true })).toEqual([]);
    const alone = weather(hourlyDay(DAY1 + 1, 12, 20));
    expect(alertsForDays(alone, [DAY1 + 1], { blightHost: true })).toEqual([]);
  });
});

describe('frost alerts', () => {
  it('raise when the minimum is at or below 0 °C, for any crop', () => {
    const days = weather(hourlyDay(DAY1, 0, 0), hourlyDay(DAY1 + 1, 0.1, 0));
    expect(alertsForDays(days, [DAY1, DAY1 + 1], { blightHost: false })).toEqual([
      { kind: 'frost', day: '2026-05-27', details: { minTemp: 0 } },
    ]);
  });

  it('read a lone daily minimum sensor, and judge only the days asked for', () => {
    const days = weather([{ timestamp: new Date(DAY1 * DAY_MS), type: 'temperature_min', value: -1.5 }]);
    expect(alertsForDays(days, [DAY1], { blightHost: true })).toEqual([
      { kind: 'frost', day: '2026-05-27', details: { minTemp: -1.5 } },
    ]);
    expect(alertsForDays(days, [DAY1 + 1], { blightHost: true })).toEqual([]);
  });
});

describe('recentDays', () => {
  it('keeps the days of readings at most two days old (or ahead of the clock), once each, in order', () => {
    const now = DAY1 * DAY_MS + 10 * HOUR_MS;
    const at = (ms: number) => new Date(now - ms);
    expect(
      recentDays([at(0), at(ALERT_MAX_AGE_MS), at(HOUR_MS), at(-HOUR_MS), at(ALERT_MAX_AGE_MS + 1)], now),
    ).toEqual([DAY1 - 2, DAY1]);
    expect(recentDays([at(30 * DAY_MS)], now)).toEqual([]);
  });
});
