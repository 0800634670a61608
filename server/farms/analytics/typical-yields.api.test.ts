// Tests that a yield prediction says it is a water-limited potential and sets beside it what farms of the deployment's
// country commonly harvest (issue 28 item 15), with a confidence that stays below an even bet until harvests calibrate it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../contract/constants';
import { createFarm, userWithRole } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { syntheticReadings } from '../agronomy/synthetic-weather';

let cameroon: TestApp;
let unknown: TestApp;
beforeAll(async () => {
  cameroon = await createTestApp({ CURRENCY: 'XAF', DEFAULT_COUNTRY_CODE: '+237' });
  unknown = await createTestApp();
});
afterAll(async () => {
  await cameroon.close();
  await unknown.close();
});

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;

/** A maize farm planted 50 days ago with 20 days of rainy weather, and its yield prediction. */
async function predictMaize(t: TestApp) {
  const owner = await userWithRole(t.app, t.ctx, 'farmer');
  const farm = await createFarm(t.app, owner, { crop: 'maize', plantingDate: isoDay(today - 50 * DAY_MS) });
  const readings = syntheticReadings({
    start: isoDay(today - 21 * DAY_MS),
    days: 20,
    rainEvery: 2,
    rainMm: 15,
  }).map((r) => ({ timestamp: r.timestamp.toISOString(), type: r.type, value: r.value }));
  const url = `/api/farms/${farm.id}`;
  await call(t.app, owner.cookie, { method: 'POST', url: `${url}/sensor-data`, payload: { readings } });
  const res = await call(t.app, owner.cookie, {
    method: 'POST',
    url: `${url}/analytics/generate`,
    payload: { type: 'yield_prediction' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

describe('yield prediction honesty', () => {
  it("in Cameroon: a water-limited potential, with the maize farmers near Garoua get and the study's source", async () => {
    const data = await predictMaize(cameroon);
    expect(data.estimate).toBe('water_limited_potential');
    expect(data.typicalYields).toEqual([
      expect.objectContaining({
        country: 'CM',
        scope: 'cm_north_garoua',
        crop: 'maize',
        low: 1.3,
        high: 2.3,
      }),
    ]);
    expect(data.typicalYields[0].citation).toMatch(/Cahiers Agricultures/);
    expect(data.confidenceScore).toBeLessThanOrEqual(0.5);
    expect(data.missing.map((m: { key: string }) => m.key)).toContain('missing.potential_not_calibrated');
  });

  it('without a known country: no local figure is invented', async () => {
    const data = await predictMaize(unknown);
    expect(data.typicalYields).toEqual([]);
  });
});
