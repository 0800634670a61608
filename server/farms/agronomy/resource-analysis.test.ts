// Scenario tests of resource optimisation: water need vs irrigation applied over the week ending at the latest reading.
import { describe, expect, it } from 'vitest';
import { runAnalysis } from './analyse';
import { SITE, syntheticReadings } from './synthetic-weather';
import type { SurveyInput } from './types';

// 60 days from 2024-03-15: maize planted that day is in mid-season (day 55–95) at the end, 2024-05-13.
const FULL = syntheticReadings({ start: '2024-03-15', days: 60 });
const DRY = syntheticReadings({
  start: '2024-03-15',
  days: 60,
  rainMm: 0,
  types: ['temperature', 'humidity', 'rainfall', 'wind_speed', 'solar_radiation'],
});

function irrigation(date: string, mm: number): SurveyInput {
  return { date, pests: [], irrigationMm: mm };
}

const missingKeys = (data: { missing: { key: string }[] }): string[] => data.missing.map((m) => m.key);
const recommendationKeys = (data: { recommendations: { key: string }[] }): string[] =>
  data.recommendations.map((r) => r.key);

describe('resource_optimization', () => {
  it('reports the window, daily ET0 by Penman–Monteith and ETc = Kc × ET0', () => {
    const data = runAnalysis('resource_optimization', { site: SITE, readings: FULL, surveys: [] });
    expect(data.inputs).toMatchObject({
      windowStart: '2024-05-07',
      windowEnd: '2024-05-13',
      days: 7,
      daysWithData: 7,
    });
    expect(data.inputs.readings.temperature).toBe(7 * 24);
    expect(data.et0Daily).toHaveLength(7);
    expect(
      data.et0Daily.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.date) && d.method === 'fao56_penman_monteith'),
    ).toBe(true);
    expect(data.et0).toBeGreaterThan(2);
    expect(data.et0).toBeLessThan(7);
    expect(data.cropStage).toBe('mid_season');
    expect(data.method.key).toBe('method.fao56_penman_monteith');
    // Wind and RHmin are measured, so Kc_mid is climate-adjusted (eq. 62) from 1.20.
    expect(data.kc).toBeGreaterThan(1.1);
    expect(data.kc).toBeLessThan(1.3);
    expect(Math.abs(data.etc - data.kcMean * data.et0 * 7)).toBeLessThan(0.5);
    expect(data.missing.filter((m) => m.key !== 'missing.irrigation_not_recorded')).toEqual([]);
  });

  it('without rain or irrigation: recommends the net need, savings 0 and irrigation', () => {
    const data = runAnalysis('resource_optimization', { site: SITE, readings: DRY, surveys: [] });
    expect(data.waterUsage.current).toBe(0);
    expect(data.waterUsage.recommended).toBeCloseTo(data.etc, 1);
    expect(data.waterUsage.savings).toBe(0);
    expect(recommendationKeys(data)).toContain('recommendation.irrigate');
    expect(recommendationKeys(data)).toContain('recommendation.irrigate_now');
  });

  it('over-irrigation gives savings in % of the water applied and a recommendation to reduce', () => {
    const surveys = [
      irrigation('2024-05-08', 40),
      irrigation('2024-05-11', 40),
      irrigation('2024-04-01', 500),
    ];
    const data = runAnalysis('resource_optimization', { site: SITE, readings: DRY, surveys });
    const { current, recommended, savings } = data.waterUsage;
    expect(current).toBe(80);
    expect(recommended).toBeLessThan(current);
    expect(savings).toBeCloseTo(((current - recommended) / current) * 100, 0);
    expect(recommendationKeys(data)[0]).toBe('recommendation.reduce_irrigation');
    expect(data.inputs.surveys).toBe(2);
  });

  it('counts only rain the root zone can hold as effective', () => {
    const wet = syntheticReadings({ start: '2024-03-15', days: 60, rainEvery: 1, rainMm: 40 });
    const data = runAnalysis('resource_optimization', { site: SITE, readings: wet, surveys: [] });
    expect(data.effectiveRainfall).toBeLessThan(7 * 40);
    expect(data.effectiveRainfall).toBeGreaterThan(0);
    expect(data.waterUsage.recommended).toBe(0);
    expect(recommendationKeys(data)).toContain('recommendation.no_irrigation_needed');
  });

  it('with temperatures only, estimates radiation, humidity and wind as FAO-56 chapter 3 says, with lower confidence', () => {
    const full = runAnalysis('resource_optimization', { site: SITE, readings: FULL, surveys: [] });
    const tempOnly = syntheticReadings({ start: '2024-03-15', days: 60, types: ['temperature'] });
    const data = runAnalysis('resource_optimization', { site: SITE, readings: tempOnly, surveys: [] });
    expect(data.method.key).toBe('method.fao56_penman_monteith');
    expect(missingKeys(data)).toEqual(
      expect.arrayContaining([
        'missing.radiation_from_temperature',
        'missing.humidity_from_tmin',
        'missing.wind_default',
        'missing.rainfall_assumed_zero',
        'missing.initial_depletion_assumed',
      ]),
    );
    expect(data.missing.find((m) => m.key === 'missing.wind_default')?.params).toEqual({ days: 7 });
    expect(data.confidenceScore).toBeLessThan(full.confidenceScore);
    expect(recommendationKeys(data)).toEqual(
      expect.arrayContaining(['recommendation.add_rain_gauge', 'recommendation.add_wind_sensor']),
    );
  });

  it('falls back to Hargreaves when the elevation is unusable', () => {
    const data = runAnalysis('resource_optimization', {
      site: { ...SITE, elevation: Number.NaN },
      readings: FULL,
      surveys: [],
    });
    expect(data.method.key).toBe('method.hargreaves');
    expect(data.et0Daily.every((d) => d.method === 'hargreaves')).toBe(true);
    expect(missingKeys(data)).toContain('missing.hargreaves_fallback');
  });

  it('needs no water before planting and asks for a new planting date after the season', () => {
    const before = runAnalysis('resource_optimization', {
      site: { ...SITE, plantingDate: '2024-06-01' },
      readings: FULL,
      surveys: [],
    });
    expect(before).toMatchObject({ cropStage: 'not_planted', kc: 0, etc: 0 });
    expect(missingKeys(before)).toContain('missing.crop_not_planted');
    const after = runAnalysis('resource_optimization', {
      site: { ...SITE, plantingDate: '2023-10-01' },
      readings: FULL,
      surveys: [],
    });
    expect(after.cropStage).toBe('after_season');
    expect(after.missing.find((m) => m.key === 'missing.season_ended')?.params).toEqual({
      date: '2024-02-02',
    });
    expect(recommendationKeys(after)).toContain('recommendation.update_planting_date');
  });

  it('with surveys but no readings, answers with zero need and confidence ≤ 0.3', () => {
    const data = runAnalysis('resource_optimization', {
      site: SITE,
      readings: [],
      surveys: [irrigation('2024-05-10', 25)],
    });
    expect(data.waterUsage).toEqual({ current: 25, recommended: 0, savings: 0 });
    expect(data.confidenceScore).toBeLessThanOrEqual(0.3);
    expect(missingKeys(data)).toEqual(
      expect.arrayContaining(['missing.no_readings', 'missing.no_temperature']),
    );
  });
});
