// Tests of the input-quality reporting: ET0 day quality, estimate counts, sensor advice and shared missing entries.
import { describe, expect, it } from 'vitest';
import { buildContext } from './context';
import { emptyCounts } from './daily';
import type { DailyEt0 } from './et0';
import { commonMissing, estimateMessages, et0Quality, sensorRecommendations } from './quality';
import { SITE } from './synthetic-weather';

function et0(estimates: DailyEt0['estimates']): DailyEt0 {
  return { dayNumber: 0, date: '1970-01-01', et0: 4, method: 'fao56_penman_monteith', estimates };
}

describe('input quality', () => {
  it('scores a day 1 with all inputs measured, less for each estimate, 0 without ET0', () => {
    expect(et0Quality(et0([]))).toBe(1);
    expect(et0Quality(et0(['radiation_from_temperature', 'humidity_from_tmin', 'wind_default']))).toBeCloseTo(
      0.7,
      9,
    );
    const everything: DailyEt0['estimates'] = [
      'radiation_from_sunshine',
      'radiation_from_temperature',
      'humidity_from_mean',
      'humidity_from_tmin',
      'wind_default',
      'temperature_partial',
      'hargreaves_fallback',
    ];
    expect(et0Quality(et0(everything))).toBe(0.2);
    expect(et0Quality(null)).toBe(0);
  });

  it('counts the days each estimate applied to', () => {
    const messages = estimateMessages([
      et0(['wind_default']),
      null,
      et0(['wind_default', 'humidity_from_tmin']),
    ]);
    expect(messages).toEqual([
      { key: 'missing.wind_default', params: { days: 2 } },
      { key: 'missing.humidity_from_tmin', params: { days: 1 } },
    ]);
  });

  it('advises the sensors a period lacked', () => {
    const counts = { ...emptyCounts(), temperature: 10, humidity: 10, sunshine_hours: 1 };
    expect(sensorRecommendations(counts).map((r) => r.key)).toEqual([
      'recommendation.add_rain_gauge',
      'recommendation.add_wind_sensor',
      'recommendation.add_soil_moisture_sensor',
    ]);
  });

  it('reports no readings, an invalid location and an invalid planting date', () => {
    const analysis = buildContext({
      site: { ...SITE, latitude: Number.NaN, plantingDate: '2024-02-31' },
      readings: [],
      surveys: [],
    });
    expect(commonMissing(analysis).map((m) => m.key)).toEqual([
      'missing.no_readings',
      'missing.location_invalid',
      'missing.planting_date_invalid',
    ]);
  });
});
