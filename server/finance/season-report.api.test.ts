// Tests that a farmer can report on a season (issue 28 item 10): by default from the farm's planting date to the end
// of its crop's cycle, with what was booked in it and nothing after; and that months, quarters and years still work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TReport } from '../../contract/finance';
import { seasonDays } from '../farms/agronomy/crops';
import { createFarm, userWithRole } from '../test/factories';
import { call, createTestApp, type TestApp } from '../test/harness';
import { addDays } from './periods';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('season reports', () => {
  it("cover the farm's season by default and only what was booked in it", async () => {
    const owner = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, owner, { crop: 'maize', plantingDate: '2026-03-01' });
    const seasonEnd = addDays('2026-03-01', seasonDays('maize') - 1);
    for (const [date, amount] of [
      ['2026-03-10', '100'],
      [seasonEnd, '20'],
      [addDays(seasonEnd, 1), '5000'],
    ] as const) {
      const res = await call(t.app, owner.cookie, {
        method: 'POST',
        url: `/api/farms/${farm.id}/transactions`,
        payload: { type: 'expense', category: 'seeds', amount, date, paymentMethod: 'cash' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await call(t.app, owner.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/reports`,
      payload: { type: 'income_statement', period: 'season' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json<TReport>();
    expect(report).toMatchObject({ period: 'season', startDate: '2026-03-01', endDate: seasonEnd });
    expect(report.data).toMatchObject({ totalExpenses: 120 });

    const yearly = await call(t.app, owner.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/reports`,
      payload: { type: 'income_statement', period: 'yearly', startDate: '2026-01-01' },
    });
    expect(yearly.json<TReport>()).toMatchObject({ startDate: '2026-01-01', endDate: '2026-12-31' });
    expect(yearly.json<TReport>().data).toMatchObject({ totalExpenses: 5120 });
  });
});
