// The analyses' results against their schemas in the contract: every field of every result is in its type's schema,
// and an analytics item is checked against it yet sent exactly as stored.
import { describe, expect, it } from 'vitest';
import { ZAnalysisDataByType } from '../../../contract/analysis';
import { ANALYTICS_TYPES } from '../../../contract/crops';
import { type TAnalyticsItem, ZAnalyticsItem, ZFarmAnalytics } from '../../../contract/farm-data';
import { jsonText } from '../../http/json-body';
import { runAnalysis } from './analyse';
import { SITE, syntheticReadings } from './synthetic-weather';
import type { AnalysisInput, SurveyInput } from './types';

const SURVEYS: SurveyInput[] = [
  {
    date: '2024-04-01',
    growthStage: 'vegetative',
    pests: [{ name: 'aphids', severity: 2 }],
    irrigationMm: 12,
  },
];
/** A season with weather and a pest sighting: every part of every result filled in. */
const SEASON: AnalysisInput = {
  site: SITE,
  readings: syntheticReadings({ start: '2024-03-15', days: 40 }),
  surveys: SURVEYS,
};
const INPUTS: AnalysisInput[] = [
  { site: SITE, readings: [], surveys: [] },
  SEASON,
  {
    site: { ...SITE, country: 'GH' },
    readings: syntheticReadings({ start: '2024-03-15', days: 120 }),
    surveys: [],
  },
];

/** The same value with every object's keys in reverse order (as a database may hand stored JSON back). */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(reversedKeys);
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([key, inner]) => [key, reversedKeys(inner)]),
    );
  }
  return value;
}

describe('analysis results and the contract', () => {
  it('every result fits its type schema, field for field (nothing the schema does not name)', () => {
    for (const type of ANALYTICS_TYPES) {
      for (const input of INPUTS) {
        const data = runAnalysis(type, input);
        // Parsing drops what the schema does not name, so equality proves the schema names every field.
        expect(ZAnalysisDataByType[type].parse(data)).toEqual(data);
      }
    }
  });

  it('sends an item byte for byte as stored, its result checked but its keys left in their order', () => {
    for (const type of ANALYTICS_TYPES) {
      const data = reversedKeys(runAnalysis(type, SEASON)) as Record<string, unknown>;
      const item: TAnalyticsItem = { id: 7, type, data, createdAt: '2024-04-25T10:00:00.000Z' };
      expect(jsonText(ZAnalyticsItem, item)).toBe(JSON.stringify(item));
    }
  });

  it("refuses an item whose result is not its type's", () => {
    const pests = runAnalysis('pest_risk', SEASON);
    const item = {
      id: 7,
      type: 'yield_prediction' as const,
      data: pests,
      createdAt: '2024-04-25T10:00:00.000Z',
    };
    expect(ZAnalyticsItem.safeParse(item).success).toBe(false);
    expect(() => jsonText(ZAnalyticsItem, item)).toThrow();
    const broken = { ...item, type: 'pest_risk' as const, data: { ...pests, riskScore: 'high' } };
    expect(ZAnalyticsItem.safeParse(broken).error?.issues.map((issue) => issue.path)).toEqual([
      ['data', 'riskScore'],
    ]);
  });

  it('serves a result stored by an older version, fields missing, as it was stored', () => {
    const method = {
      key: 'method.fao33_yield_response',
      source: { key: 'source.fao33_yield_response', params: {} },
    };
    const stored = {
      id: 3,
      type: 'yield_prediction' as const,
      data: { recommendations: [], missing: [], methods: [method], method },
      createdAt: '2023-01-05T08:00:00.000Z',
    };
    expect(jsonText(ZFarmAnalytics.shape.analytics, [stored])).toBe(JSON.stringify([stored]));
    expect(ZAnalyticsItem.safeParse(stored).success).toBe(false);
  });
});
