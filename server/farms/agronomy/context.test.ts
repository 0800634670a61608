// Tests of the shared preparation: analysis window, ET0 gap filling, measured climate and the period summary.
import { describe, expect, it } from 'vitest';
import {
  analysisWindow,
  balanceSeries,
  buildContext,
  buildSeries,
  measuredClimate,
  periodInputs,
} from './context';
import { dayNumberOfIso } from './dates';
import { SITE, syntheticReadings } from './synthetic-weather';

const day = (iso: string): number => dayNumberOfIso(iso) ?? Number.NaN;

describe('analysis context', () => {
  it('ends the window on the UTC day of the latest reading, else of the latest survey', () => {
    const readings = syntheticReadings({ start: '2024-05-01', days: 10 });
    const analysis = buildContext({
      site: SITE,
      readings,
      surveys: [{ date: '2024-06-01', pests: [], irrigationMm: 0 }],
    });
    expect(analysisWindow(analysis)).toEqual({ start: day('2024-05-04'), end: day('2024-05-10') });
    const surveysOnly = buildContext({
      site: SITE,
      readings: [],
      surveys: [{ date: '2024-06-01', pests: [], irrigationMm: 0 }],
    });
    expect(analysisWindow(surveysOnly)).toEqual({ start: day('2024-05-26'), end: day('2024-06-01') });
    expect(analysisWindow(buildContext({ site: SITE, readings: [], surveys: [] }))).toBeNull();
  });

  it('fills days without ET0 with the mean of computed days within ±15 days', () => {
    const first = syntheticReadings({ start: '2024-05-01', days: 3, types: ['temperature'] });
    const later = syntheticReadings({ start: '2024-05-10', days: 2, types: ['temperature'] });
    const analysis = buildContext({ site: SITE, readings: [...first, ...later], surveys: [] });
    const series = buildSeries(analysis, day('2024-05-01'), day('2024-05-11'), null);
    const computed = series.filter((d) => d.et0Result !== null);
    expect(computed).toHaveLength(5);
    const mean = computed.reduce((sum, d) => sum + d.et0, 0) / computed.length;
    const gap = series.find((d) => d.dayNumber === day('2024-05-06'));
    expect(gap?.et0Result).toBeNull();
    expect(gap?.et0).toBeCloseTo(mean, 9);
    expect(gap?.rainMeasured).toBe(false);
  });

  it('adds surveyed irrigation to its day and starts the balance at field capacity', () => {
    const readings = syntheticReadings({ start: '2024-05-01', days: 3, rainMm: 0 });
    const analysis = buildContext({
      site: SITE,
      readings,
      surveys: [
        { date: '2024-05-02', pests: [], irrigationMm: 10 },
        { date: '2024-05-02', pests: [], irrigationMm: 5 },
      ],
    });
    const series = buildSeries(analysis, day('2024-05-01'), day('2024-05-03'), null);
    expect(series.map((d) => d.irrigation)).toEqual([0, 15, 0]);
    const { steps, taw } = balanceSeries(analysis, series, 1);
    expect(taw).toBeCloseTo(130, 9);
    // Soil moisture readings (≈ 24 % on loam, θFC 25 %) re-anchor the depletion each day (eq. 87).
    expect(steps[0]?.depletionStart).toBeGreaterThan(0);
  });

  it('reports the measured climate only when both wind and humidity were measured', () => {
    const full = buildContext({
      site: SITE,
      readings: syntheticReadings({ start: '2024-05-01', days: 7 }),
      surveys: [],
    });
    const climate = measuredClimate(full, day('2024-05-01'), day('2024-05-07'));
    expect(climate?.u2).toBeGreaterThan(1.8);
    expect(climate?.rhmin).toBeCloseTo(60, 0);
    const noWind = buildContext({
      site: SITE,
      readings: syntheticReadings({ start: '2024-05-01', days: 7, types: ['temperature', 'humidity'] }),
      surveys: [],
    });
    expect(measuredClimate(noWind, day('2024-05-01'), day('2024-05-07'))).toBeNull();
  });

  it('summarises a period: days, readings per type, surveys, crop stage', () => {
    const analysis = buildContext({
      site: SITE,
      readings: syntheticReadings({ start: '2024-05-01', days: 7, types: ['temperature', 'rainfall'] }),
      surveys: [{ date: '2024-05-03', pests: [], irrigationMm: 0 }],
    });
    const inputs = periodInputs(analysis, day('2024-05-01'), day('2024-05-10'));
    expect(inputs).toMatchObject({
      windowStart: '2024-05-01',
      windowEnd: '2024-05-10',
      days: 10,
      daysWithData: 7,
      surveys: 1,
      // Day 57 of maize (Table 11: 20 + 35 days before mid-season).
      cropStage: 'mid_season',
      daysSincePlanting: 56,
      soilTexture: 'loam',
    });
    expect(inputs.readings).toMatchObject({ temperature: 168, rainfall: 168, humidity: 0 });
  });
});
