// Scenario tests of the pest risk: blight weather for potato, fall armyworm degree days for maize, survey sightings.
import { describe, expect, it } from 'vitest';
import { runAnalysis } from './analyse';
import { SITE, syntheticReadings } from './synthetic-weather';

const keys = (list: { key: string }[]): string[] => list.map((m) => m.key);
const POTATO = { ...SITE, crop: 'potato' as const };

describe('pest_risk', () => {
  it('warm humid nights on potato: a Smith period, high late-blight risk and a protection advice', () => {
    // Minimum ≈ 16 °C and nights at 100 % RH for about 12 hours.
    const humid = syntheticReadings({ start: '2024-03-15', days: 30, meanTemp: 21, nightHumidity: 30 });
    const data = runAnalysis('pest_risk', { site: POTATO, readings: humid, surveys: [] });
    const late = data.risks.find((r) => r.name.key === 'risk.late_blight');
    expect(late?.score).toBe(1);
    expect(late?.reason).toEqual({ key: 'reason.full_smith', params: { date: '2024-04-13' } });
    expect(data.riskScore).toBe(1);
    expect(keys(data.recommendations)).toContain('recommendation.late_blight_protect');
    expect(data.risks.some((r) => r.name.key === 'risk.early_blight')).toBe(true);
  });

  it('dry nights on potato: late blight judged and found absent', () => {
    const dry = syntheticReadings({ start: '2024-03-15', days: 30, nightHumidity: 0 });
    const data = runAnalysis('pest_risk', { site: POTATO, readings: dry, surveys: [] });
    const late = data.risks.find((r) => r.name.key === 'risk.late_blight');
    expect(late).toEqual({
      name: { key: 'risk.late_blight', params: {} },
      score: 0,
      reason: { key: 'reason.no_blight_period', params: { days: 7 } },
    });
  });

  it('without hourly humidity the blight rules cannot run and say so', () => {
    const tempOnly = syntheticReadings({ start: '2024-03-15', days: 30, types: ['temperature'] });
    const data = runAnalysis('pest_risk', { site: POTATO, readings: tempOnly, surveys: [] });
    expect(keys(data.missing)).toContain('missing.hourly_humidity_missing');
    expect(data.risks).toEqual([]);
    expect(keys(data.recommendations)).toContain('recommendation.add_humidity_sensor');
    expect(data.confidenceScore).toBeLessThanOrEqual(0.3);
  });

  it('warm weather on maize: fall armyworm generations from degree days', () => {
    const warm = syntheticReadings({ start: '2024-03-15', days: 60, meanTemp: 26 });
    const data = runAnalysis('pest_risk', { site: SITE, readings: warm, surveys: [] });
    const faw = data.risks.find((r) => r.name.key === 'risk.fall_armyworm');
    expect(faw?.score).toBeGreaterThan(0.7);
    expect(faw?.reason.key).toBe('reason.faw_degree_days');
    expect(Number(faw?.reason.params.generations)).toBeGreaterThan(1.5);
    expect(keys(data.recommendations)).toContain('recommendation.faw_scout');
    const cold = runAnalysis('pest_risk', {
      site: SITE,
      readings: syntheticReadings({ start: '2024-03-15', days: 60, meanTemp: 4 }),
      surveys: [],
    });
    expect(cold.risks.find((r) => r.name.key === 'risk.fall_armyworm')?.score).toBe(0);
  });

  it('adds survey sightings of the last 14 days; the overall score is the highest risk', () => {
    const readings = syntheticReadings({ start: '2024-03-15', days: 30, meanTemp: 8 });
    const surveys = [
      { date: '2024-04-10', pests: [{ name: 'Stem borer', severity: 3 }], irrigationMm: 0 },
      {
        date: '2024-04-12',
        pests: [
          { name: 'Aphids', severity: 1 },
          { name: 'Thrips', severity: 0 },
        ],
        irrigationMm: 0,
      },
      { date: '2024-03-20', pests: [{ name: 'Locusts', severity: 3 }], irrigationMm: 0 },
    ];
    const data = runAnalysis('pest_risk', { site: SITE, readings, surveys });
    const reported = data.risks.filter((r) => r.name.key === 'risk.reported_pest');
    expect(reported.map((r) => [r.name.params.pest, r.score])).toEqual([
      ['Stem borer', 1],
      ['Aphids', 0.333],
    ]);
    expect(data.riskScore).toBe(1);
    expect(data.recommendations).toEqual(
      expect.arrayContaining([
        { key: 'recommendation.treat_reported_pest', params: { pest: 'Stem borer' } },
        { key: 'recommendation.monitor_reported_pest', params: { pest: 'Aphids' } },
      ]),
    );
  });

  it('crops without a weather rule rely on surveys, and say so', () => {
    const readings = syntheticReadings({ start: '2024-03-15', days: 30 });
    const data = runAnalysis('pest_risk', { site: { ...SITE, crop: 'cocoa' }, readings, surveys: [] });
    expect(keys(data.missing)).toEqual(
      expect.arrayContaining(['missing.no_weather_rule_for_crop', 'missing.no_surveys']),
    );
    expect(data).toMatchObject({ riskScore: 0, risks: [], confidenceScore: 0 });
    expect(keys(data.recommendations)).toContain('recommendation.record_scouting');
  });
});
