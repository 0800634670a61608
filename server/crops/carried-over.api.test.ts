// A farm's single crop carried over as its first plan: the migration's rows (a plot named as the farm, a plan with
// no calendar yet) get their calendar and only the tasks still ahead when the crops module fills them.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCropPlanDetails, TCropPlans, TPlots } from '../../contract/crop-plans';
import { rowsOf } from '../db/client';
import { sender } from '../test/agent-sale';
import { createFarm, userWithRole } from '../test/factories';
import { createTestApp, ok, type TestApp } from '../test/harness';
import { todayIso } from './plan-views';
import { fillMissingCalendars } from './plans.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
const send = sender(() => t.app);

describe('a farm crop carried over as a plan', () => {
  it('a new farm starts with one plot (its size, its name) and a plan of its crop', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, farmer, { name: 'Champ du bas', size: 2.5, crop: 'cassava' });
    const plots = await ok<TPlots>(await send(farmer, 'GET', `/api/farms/${farm.id}/plots`));
    expect(plots).toMatchObject({ farmSize: 2.5, plottedArea: 2.5 });
    expect(plots.plots).toEqual([
      expect.objectContaining({ name: 'Champ du bas', area: 2.5, archived: false }),
    ]);
    const { plans } = await ok<TCropPlans>(await send(farmer, 'GET', `/api/farms/${farm.id}/crop-plans`));
    expect(plans).toEqual([
      expect.objectContaining({
        crop: 'cassava',
        area: 2.5,
        plantingDate: farm.plantingDate,
        plotId: plots.plots[0]?.id,
      }),
    ]);
  });

  it('a plan the migration left without a calendar gets one, and tasks from today on only', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, farmer, { crop: 'maize', plantingDate: '2026-09-01' });
    const { plans } = await ok<TCropPlans>(await send(farmer, 'GET', `/api/farms/${farm.id}/crop-plans`));
    const planId = plans[0]?.id as number;
    // As the migration leaves it: no calendar, no tasks.
    await t.ctx.db.execute(sql`delete from crop_tasks where plan_id = ${planId}`);
    await t.ctx.db.execute(sql`update crop_plans set calendar = null where id = ${planId}`);

    expect(await fillMissingCalendars(t.ctx)).toBeGreaterThanOrEqual(1);
    const plan = await ok<TCropPlanDetails>(await send(farmer, 'GET', `/api/crop-plans/${planId}`));
    expect(plan.stages.map((s) => s.key)).toEqual(['initial', 'development', 'mid', 'late']);
    expect(plan.stages[0]?.start).toBe('2026-09-01');
    expect(plan.tasks.length).toBeGreaterThan(0);
    expect(plan.tasks.every((task) => task.due >= todayIso())).toBe(true);
    // A second run finds nothing left to fill.
    expect(await fillMissingCalendars(t.ctx)).toBe(0);
    const left = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from crop_plans where calendar is null`),
    );
    expect(left[0]?.n).toBe(0);
  });

  it("the migration's own statements make each farm's plot and plan from its crop", async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, farmer, { name: 'Parcelle Nkam', size: 4, crop: 'groundnut' });
    // The database as it was before the migration: farms, and no plots or plans.
    await t.ctx.db.execute(sql`delete from crop_plans`);
    await t.ctx.db.execute(sql`delete from plots`);
    const migration = readFileSync(new URL('../db/migrations/0021_crops.sql', import.meta.url), 'utf8');
    const handWritten = migration.split('-- HAND-WRITTEN START')[1]?.split('-- HAND-WRITTEN END')[0] ?? '';
    for (const statement of handWritten.split('--> statement-breakpoint')) {
      if (statement.replace(/--.*$/gm, '').trim()) {
        await t.ctx.db.execute(sql.raw(statement));
      }
    }
    const plots = await ok<TPlots>(await send(farmer, 'GET', `/api/farms/${farm.id}/plots`));
    expect(plots.plots).toEqual([expect.objectContaining({ name: 'Parcelle Nkam', area: 4 })]);
    await fillMissingCalendars(t.ctx);
    const { plans } = await ok<TCropPlans>(await send(farmer, 'GET', `/api/farms/${farm.id}/crop-plans`));
    expect(plans).toEqual([
      expect.objectContaining({ crop: 'groundnut', area: 4, plantingDate: farm.plantingDate }),
    ]);
    expect(plans[0]?.stages).toHaveLength(4);
  });
});
