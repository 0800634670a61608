// Scenario tests of yield prediction: attainable yield scaled by FAO-33 water stress and heat accumulation.
import { describe, expect, it } from 'vitest';
import { CROP_KEYS } from '../../../contract/crops';
import { runAnalysis } from './analyse';
import { CROPS } from './crops';
import { SITE, syntheticReadings } from './synthetic-weather';
import { nonFiniteNumbers } from './test-fixtures';

const WET = syntheticReadings({ start: '2024-03-15', days: 80, rainEvery: 2, rainMm: 15 });
const DRY = syntheticReadings({
  start: '2024-03-15',
  days: 80,
  rainMm: 0,
  types: ['temperature', 'humidity', 'rainfall', 'wind_speed', 'solar_radiation'],
});
const keys = (list: { key: string }[]): string[] => list.map((m) => m.key);

describe('yield_prediction', () => {
  it('without water or heat shortfall predicts the attainable yield of the crop', () => {
    const data = runAnalysis('yield_prediction', { site: SITE, readings: WET, surveys: [] });
    expect(data).toMatchObject({
      predictedYield: 6,
      attainableYield: 6,
      waterStressFactor: 1,
      heatFactor: 1,
      ky: 1.25,
    });
    expect(data.season).toEqual({ start: '2024-03-15', end: '2024-06-02', daysElapsed: 80, length: 125 });
    expect(keys(data.recommendations)).toContain('recommendation.yield_on_track');
    // Good weather data, but a potential no harvest of the farm has calibrated: at best an even bet (issue 28 item 15).
    expect(data.confidenceScore).toBeGreaterThan(0.35);
    expect(data.confidenceScore).toBeLessThanOrEqual(0.5);
    expect(data.estimate).toBe('water_limited_potential');
    expect(keys(data.missing)).toContain('missing.potential_not_calibrated');
  });

  it('sets what farms of the country commonly harvest beside the potential, each figure with its source', () => {
    const ghana = runAnalysis('yield_prediction', {
      site: { ...SITE, country: 'GH' },
      readings: WET,
      surveys: [],
    });
    expect(ghana.typicalYields).toEqual([
      expect.objectContaining({ country: 'GH', crop: 'maize', low: 1.68, high: 1.68, product: 'grain' }),
    ]);
    expect(ghana.typicalYields?.[0]?.citation).toMatch(/SRID/);
    const cameroon = runAnalysis('yield_prediction', {
      site: { ...SITE, country: 'CM' },
      readings: WET,
      surveys: [],
    });
    expect(cameroon.typicalYields).toEqual([
      expect.objectContaining({ scope: 'cm_north_garoua', crop: 'maize', low: 1.3, high: 2.3 }),
    ]);
    // Far below the 6 t/ha potential: the gap the farmer must be shown.
    expect(cameroon.predictedYield).toBeGreaterThan(2 * (cameroon.typicalYields?.[0]?.high ?? 0));
    const unknown = runAnalysis('yield_prediction', { site: SITE, readings: WET, surveys: [] });
    expect(unknown.typicalYields).toEqual([]);
  });

  it('a dry season lowers the yield through Ky × (1 − ETa/ETm) (FAO-56 eq. 90)', () => {
    const data = runAnalysis('yield_prediction', { site: SITE, readings: DRY, surveys: [] });
    expect(data.relativeEt).toBeLessThan(1);
    expect(data.waterStressFactor).toBeCloseTo(Math.max(0, 1 - 1.25 * (1 - data.relativeEt)), 2);
    expect(data.predictedYield).toBeCloseTo(6 * data.waterStressFactor, 1);
    expect(data.predictedYield).toBeLessThan(6);
    expect(keys(data.recommendations)).toEqual(
      expect.arrayContaining(['recommendation.yield_water_stress', 'recommendation.irrigate_now']),
    );
  });

  it('irrigation recorded in surveys relieves the stress', () => {
    const surveys = Array.from({ length: 16 }, (_, i) => ({
      date: new Date(Date.UTC(2024, 2, 15 + i * 5)).toISOString().slice(0, 10),
      pests: [],
      irrigationMm: 30,
    }));
    const dry = runAnalysis('yield_prediction', { site: SITE, readings: DRY, surveys: [] });
    const irrigated = runAnalysis('yield_prediction', { site: SITE, readings: DRY, surveys });
    expect(irrigated.predictedYield).toBeGreaterThan(dry.predictedYield);
  });

  it('a cool season lowers the heat factor (growing degree days below the crop’s reference)', () => {
    const cool = syntheticReadings({ start: '2024-03-15', days: 80, meanTemp: 14, rainEvery: 2 });
    const data = runAnalysis('yield_prediction', { site: SITE, readings: cool, surveys: [] });
    expect(data.heatFactor).toBeLessThan(0.6);
    expect(data.gdd.accumulated).toBeLessThan(data.gdd.expected);
    expect(data.predictedYield).toBeCloseTo(6 * data.waterStressFactor * data.heatFactor, 1);
    expect(keys(data.recommendations)).toContain('recommendation.yield_heat_deficit');
  });

  it('leaves out season days before the first reading instead of guessing their weather', () => {
    const late = syntheticReadings({ start: '2024-04-15', days: 30, rainEvery: 2 });
    const data = runAnalysis('yield_prediction', { site: SITE, readings: late, surveys: [] });
    expect(data.missing.find((m) => m.key === 'missing.season_days_without_weather')?.params).toEqual({
      days: 31,
    });
    expect(data.predictedYield).toBe(6);
    expect(data.confidenceScore).toBeLessThan(0.5);
  });

  it('never exceeds the attainable yield and stays finite for every crop', () => {
    for (const crop of CROP_KEYS) {
      for (const readings of [WET, DRY]) {
        const data = runAnalysis('yield_prediction', { site: { ...SITE, crop }, readings, surveys: [] });
        expect(data.predictedYield, crop).toBeLessThanOrEqual(CROPS[crop].attainableYield.tonnesPerHa);
        expect(data.predictedYield, crop).toBeGreaterThanOrEqual(0);
        expect(data.confidenceScore, crop).toBeGreaterThanOrEqual(0);
        expect(data.confidenceScore, crop).toBeLessThanOrEqual(1);
        expect(nonFiniteNumbers(data), crop).toEqual([]);
      }
    }
  });

  it('flags attainable yields that no published source backs', () => {
    const data = runAnalysis('yield_prediction', {
      site: { ...SITE, crop: 'potato' },
      readings: WET,
      surveys: [],
    });
    expect(keys(data.missing)).toContain('missing.attainable_yield_unverified');
    expect(keys(data.recommendations)).toContain('recommendation.set_local_attainable_yield');
  });

  it('before planting: the attainable yield with no confidence, saying the crop is not planted yet', () => {
    const data = runAnalysis('yield_prediction', {
      site: { ...SITE, plantingDate: '2024-07-01' },
      readings: WET,
      surveys: [],
    });
    expect(data).toMatchObject({ predictedYield: 6, confidenceScore: 0 });
    expect(data.missing.find((m) => m.key === 'missing.crop_not_planted')?.params).toEqual({
      date: '2024-07-01',
    });
  });

  it('after the season: the complete season, and a reminder to update the planting date', () => {
    const data = runAnalysis('yield_prediction', {
      site: { ...SITE, plantingDate: '2024-01-01' },
      readings: WET,
      surveys: [],
    });
    expect(data.season).toMatchObject({
      start: '2024-01-01',
      end: '2024-05-04',
      length: 125,
      daysElapsed: 125,
    });
    expect(keys(data.recommendations)).toContain('recommendation.update_planting_date');
  });
});
