// Farm analytics through the real server: each analysis generated from the farm's data, an answer without data,
// and the overview's downsampled sensor series.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../contract/constants';
import { MAX_POINTS_PER_TYPE } from '../../../contract/farm-data';
import { farmDataKit, isoDay, pointsPerType, sensorPoints, today, weather } from '../../test/farm-data';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { syntheticReadings } from '../agronomy/synthetic-weather';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { farmWithOwner, member, post, analytics } = farmDataKit(() => t);

describe('analytics', () => {
  it('generates each analysis from the farm data with its method, inputs and bounds', async () => {
    const { owner, farm } = await farmWithOwner();
    await post(owner.cookie, `/api/farms/${farm.id}/sensor-data`, { readings: weather(40).slice(0, 10_000) });
    await post(owner.cookie, `/api/farms/${farm.id}/surveys`, {
      date: isoDay(today - 3 * DAY_MS),
      pests: [{ name: 'fall armyworm', severity: 2 }],
      irrigationMm: 10,
    });
    const generate = (type: string) =>
      post(owner.cookie, `/api/farms/${farm.id}/analytics/generate`, { type });

    const resources = await generate('resource_optimization');
    expect(resources.statusCode).toBe(201);
    const r = resources.json();
    expect(r.type).toBe('resource_optimization');
    expect(r.data.method.key).toBe('method.fao56_penman_monteith');
    expect(r.data.et0Daily).toHaveLength(7);
    expect(r.data.et0).toBeGreaterThan(1);
    expect(r.data.et0).toBeLessThan(10);
    expect(r.data.waterUsage.current).toBe(10);
    expect(r.data.waterUsage.savings).toBeGreaterThanOrEqual(0);
    expect(r.data.inputs.surveys).toBe(1);

    const yieldRes = (await generate('yield_prediction')).json();
    expect(yieldRes.data.predictedYield).toBeGreaterThan(0);
    expect(yieldRes.data.predictedYield).toBeLessThanOrEqual(yieldRes.data.attainableYield);
    expect(yieldRes.data.confidenceScore).toBeGreaterThan(0);
    expect(yieldRes.data.confidenceScore).toBeLessThanOrEqual(1);

    const pests = (await generate('pest_risk')).json();
    expect(pests.data.riskScore).toBeGreaterThanOrEqual(0);
    expect(pests.data.riskScore).toBeLessThanOrEqual(1);
    expect(pests.data.risks.map((x: { name: { key: string } }) => x.name.key)).toContain(
      'risk.reported_pest',
    );

    const overview = await analytics(owner.cookie, farm.id);
    expect(overview.analytics.map((a: { type: string }) => a.type)).toEqual([
      'pest_risk',
      'yield_prediction',
      'resource_optimization',
    ]);
    expect(overview.surveys).toHaveLength(1);

    const unknown = await generate('weather_magic');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('pest_risk');
    const viewer = await member(farm.id, owner, 'viewer');
    const denied = await post(viewer.cookie, `/api/farms/${farm.id}/analytics/generate`, {
      type: 'pest_risk',
    });
    expect(denied.statusCode).toBe(403);
  });

  it('answers with low confidence and says so when the farm has no data', async () => {
    const { owner, farm } = await farmWithOwner();
    for (const type of ['resource_optimization', 'yield_prediction', 'pest_risk']) {
      const res = await post(owner.cookie, `/api/farms/${farm.id}/analytics/generate`, { type });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.confidenceScore).toBeLessThanOrEqual(0.3);
      expect(res.json().data.missing.map((m: { key: string }) => m.key)).toContain('missing.no_readings');
    }
  });

  it('downsamples to at most MAX_POINTS_PER_TYPE points per type over the 30 days ending at the latest reading', async () => {
    const { owner, farm } = await farmWithOwner();
    const readings = syntheticReadings({
      start: isoDay(today - 61 * DAY_MS),
      days: 60,
      types: ['temperature', 'rainfall'],
    }).map((r) => ({ timestamp: r.timestamp.toISOString(), type: r.type, value: r.value }));
    for (let i = 0; i < readings.length; i += 10_000) {
      await post(owner.cookie, `/api/farms/${farm.id}/sensor-data`, {
        readings: readings.slice(i, i + 10_000),
      });
    }
    const data = await analytics(owner.cookie, farm.id);
    expect(pointsPerType(data)).toHaveLength(2);
    for (const count of pointsPerType(data)) {
      expect(count).toBeLessThanOrEqual(MAX_POINTS_PER_TYPE);
    }
    const temps = sensorPoints(data, 'temperature');
    expect(temps.length).toBeGreaterThan(200);
    const times = temps.map((p) => Date.parse(p.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Date.parse(data.latestReadingAt ?? '') - (times[0] ?? 0)).toBeLessThanOrEqual(
      30 * DAY_MS + 3 * 3_600_000,
    );
    // Rain is summed per bucket, so the 30-day total is kept.
    const rain = sensorPoints(data, 'rainfall').reduce((sum, p) => sum + p.value, 0);
    expect(rain).toBeGreaterThan(0);
    const all = await analytics(owner.cookie, farm.id, `?from=${isoDay(today - 70 * DAY_MS)}`);
    for (const count of pointsPerType(all)) {
      expect(count).toBeLessThanOrEqual(MAX_POINTS_PER_TYPE);
    }
    expect(Date.parse(all.sensorWindow?.from ?? '')).toBeLessThan(times[0] ?? 0);
    const reversed = await call(t.app, owner.cookie, {
      method: 'GET',
      url: `/api/farms/${farm.id}/analytics?from=2026-02-01&to=2026-01-01`,
    });
    expect(reversed.statusCode).toBe(400);
  });
});
