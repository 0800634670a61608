// Tests of the analysis entry point: empty and bad data, a year of hourly readings, and translatable keys.
import { describe, expect, it } from 'vitest';
import { ANALYTICS_TYPES, CROP_KEYS } from '../../../contract/crops';
import { runAnalysis } from './analyse';
import { SITE, syntheticReadings } from './synthetic-weather';
import { loadLocale, messageKeys, nonFiniteNumbers } from './test-fixtures';
import type { AnalysisData, ReadingInput } from './types';

const EN = loadLocale('en');

function inBounds(data: AnalysisData): void {
  expect(nonFiniteNumbers(data)).toEqual([]);
  expect(data.confidenceScore).toBeGreaterThanOrEqual(0);
  expect(data.confidenceScore).toBeLessThanOrEqual(1);
  for (const key of messageKeys(data)) {
    expect(EN.has(key), `${key} is in web/locales/en/agronomy.json`).toBe(true);
  }
  if ('waterUsage' in data) {
    const { current, recommended, savings } = data.waterUsage;
    expect(current).toBeGreaterThanOrEqual(0);
    expect(recommended).toBeGreaterThanOrEqual(0);
    expect(savings).toBeGreaterThanOrEqual(0);
    expect(savings).toBeLessThanOrEqual(100);
    expect(data.et0).toBeGreaterThanOrEqual(0);
    expect(data.et0Daily.length).toBeLessThanOrEqual(7);
  }
  if ('predictedYield' in data) {
    expect(data.predictedYield).toBeGreaterThanOrEqual(0);
    expect(data.predictedYield).toBeLessThanOrEqual(data.attainableYield);
  }
  if ('riskScore' in data) {
    expect(data.riskScore).toBeGreaterThanOrEqual(0);
    expect(data.riskScore).toBeLessThanOrEqual(1);
    for (const risk of data.risks) {
      expect(risk.score).toBeLessThanOrEqual(data.riskScore);
    }
  }
}

describe('runAnalysis', () => {
  it('answers without data with confidence ≤ 0.3 and says the readings are missing', () => {
    for (const type of ANALYTICS_TYPES) {
      const data = runAnalysis(type, { site: SITE, readings: [], surveys: [] });
      inBounds(data);
      expect(data.confidenceScore).toBeLessThanOrEqual(0.3);
      expect(data.missing.map((m) => m.key)).toContain('missing.no_readings');
      expect(data.method.key).toMatch(/^method\./);
      expect(data.inputs.windowStart).toBeNull();
    }
  });

  it('returns plain data usable as Record<string, unknown> and is deterministic', () => {
    const readings = syntheticReadings({ start: '2024-03-15', days: 20 });
    const data: Record<string, unknown> = runAnalysis('pest_risk', { site: SITE, readings, surveys: [] });
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
    expect(runAnalysis('pest_risk', { site: SITE, readings, surveys: [] })).toEqual(data);
  });

  it('survives bad input: implausible values, an invalid planting date and latitude, odd surveys', () => {
    const readings: ReadingInput[] = [
      ...syntheticReadings({ start: '2024-03-15', days: 10 }),
      { timestamp: new Date('2024-03-20T10:00:00Z'), type: 'temperature', value: Number.POSITIVE_INFINITY },
      { timestamp: new Date('2024-03-20T10:00:00Z'), type: 'humidity', value: 150 },
    ];
    const surveys = [
      { date: 'yesterday', pests: [{ name: 'Aphids', severity: 2 }], irrigationMm: 10 },
      { date: '2024-03-22', pests: [{ name: 'Aphids', severity: Number.NaN }], irrigationMm: Number.NaN },
      { date: '2024-03-23', growthStage: 'flowering', pests: [], irrigationMm: -5 },
    ];
    for (const type of ANALYTICS_TYPES) {
      const site = { ...SITE, plantingDate: '2024-02-30', latitude: 200 };
      const data = runAnalysis(type, { site, readings, surveys });
      inBounds(data);
      expect(data.missing.map((m) => m.key)).toEqual(
        expect.arrayContaining([
          'missing.readings_rejected',
          'missing.planting_date_invalid',
          'missing.location_invalid',
        ]),
      );
    }
  });

  it('analyses a year of hourly readings of several types for every crop, with finite results in bounds', () => {
    // 366 days × 5 hourly types + daily radiation and sunshine ≈ 45,000 readings (not timed here: see the report).
    const readings = syntheticReadings({
      start: '2024-01-01',
      days: 366,
      types: [
        'temperature',
        'humidity',
        'rainfall',
        'wind_speed',
        'soil_moisture',
        'solar_radiation',
        'sunshine_hours',
      ],
    });
    expect(readings.length).toBeGreaterThan(44_000);
    const surveys = [
      { date: '2024-12-20', pests: [{ name: 'Aphids', severity: 2 }], irrigationMm: 15 },
      { date: '2024-12-28', pests: [], irrigationMm: 20 },
    ];
    for (const crop of CROP_KEYS) {
      for (const type of ANALYTICS_TYPES) {
        const data = runAnalysis(type, {
          site: { ...SITE, crop, plantingDate: '2024-09-15' },
          readings,
          surveys,
        });
        inBounds(data);
        // The yield period is the season, which ends before the data for short crops.
        const end = data.inputs.windowEnd ?? '';
        expect(
          type === 'yield_prediction' ? end <= '2024-12-31' && end >= '2024-12-01' : end === '2024-12-31',
        ).toBe(true);
        // A yield potential no harvest of the farm has calibrated counts half (yield-analysis.ts UNCALIBRATED_FACTOR).
        const floor = type === 'yield_prediction' ? 0.15 : 0.3;
        expect(data.confidenceScore, `${crop} ${type}`).toBeGreaterThanOrEqual(floor);
      }
    }
  });
});
