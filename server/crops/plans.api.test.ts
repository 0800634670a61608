// Crop plans through the real server: made on a plot with their stages, harvest window, estimated yield and template
// tasks; planned backwards from a target; refused on a plot that cannot take them; listed by season and status;
// moved (open tasks with them); abandoned (then closed to work); and the farm analytics run on a plan.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCropPlan, TCropPlanDetails, TCropPlans, TPlot, TTask } from '../../contract/crop-plans';
import { sender } from '../test/agent-sale';
import { clearedFarm, farmWithPlan, inDays, refused } from '../test/crops';
import { userWithRole } from '../test/factories';
import { createTestApp, ok, type Session, type TestApp } from '../test/harness';

let t: TestApp;
let owner: Session;
beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithRole(t.app, t.ctx, 'farmer');
});
afterAll(async () => {
  await t.close();
});

const send = sender(() => t.app);
const daysFrom = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** A farm with all its 3 ha free and one plot of `area` on it. */
async function farmWithPlot(area = 2) {
  const farm = await clearedFarm(t, send, owner, { size: 3 });
  const plot = await ok<TPlot>(
    await send(owner, 'POST', `/api/farms/${farm.id}/plots`, { name: 'Bottom field', area }),
    201,
  );
  return { farm, plot };
}
const newPlan = (farmId: number, body: object) =>
  send(owner, 'POST', `/api/farms/${farmId}/crop-plans`, body);
const readPlan = async (id: number) =>
  ok<TCropPlanDetails>(await send(owner, 'GET', `/api/crop-plans/${id}`));

describe('crop plans', () => {
  it('makes a plan with its stages, harvest window, estimated yield and the crop template tasks', async () => {
    const { farm, plot } = await farmWithPlot();
    const plantingDate = inDays(30);
    const plan = await ok<TCropPlan>(
      await newPlan(farm.id, {
        plotId: plot.id,
        crop: 'maize',
        variety: 'CMS 8704',
        area: 1.5,
        plantingDate,
      }),
      201,
    );
    expect(plan).toMatchObject({
      farmId: farm.id,
      plotId: plot.id,
      plotName: 'Bottom field',
      crop: 'maize',
      variety: 'CMS 8704',
      area: 1.5,
      plantingDate,
      status: 'planned',
      abandoned: null,
      target: null,
      harvested: null,
    });
    expect(plan.stages.map((s) => s.key)).toEqual(['initial', 'development', 'mid', 'late']);
    expect(plan.stages[0]?.start).toBe(plantingDate);
    for (const [before, after] of plan.stages.slice(0, -1).map((s, i) => [s, plan.stages[i + 1]] as const)) {
      expect(after?.start && daysFrom(before.end, after.start)).toBeLessThanOrEqual(1);
    }
    expect(plan.expectedHarvest.from >= (plan.stages[2]?.end ?? '')).toBe(true);
    expect(plan.expectedHarvest.to >= plan.expectedHarvest.from).toBe(true);
    const { expectedYield } = plan;
    expect(expectedYield).toMatchObject({ estimate: true });
    expect(['potential', 'typical', 'own_harvests']).toContain(expectedYield.basis);
    expect(expectedYield.perHectare).toBeGreaterThan(0);
    expect(expectedYield.total).toBeCloseTo(expectedYield.perHectare * 1.5, 1);
    expect(expectedYield.potential.source).not.toBe('');
    // The crop's template: land preparation before planting, weeding twice for a cereal, weekly scouting, harvest.
    const kinds = plan.tasks.map((task) => task.kind);
    for (const kind of ['land_preparation', 'planting', 'gap_filling', 'basal_fertiliser', 'top_dressing']) {
      expect(kinds).toContain(kind);
    }
    expect(kinds.filter((k) => k === 'weeding').length).toBeGreaterThanOrEqual(2);
    expect(kinds.filter((k) => k === 'scouting').length).toBeGreaterThan(3);
    expect(kinds).toContain('harvest');
    expect(plan.tasks.find((task) => task.kind === 'planting')?.due).toBe(plantingDate);
    const preparation = plan.tasks.find((task) => task.kind === 'land_preparation');
    expect((preparation?.due ?? '9') < plantingDate).toBe(true);
    expect(plan.tasks.every((task) => task.status === 'open' && task.planId === plan.id)).toBe(true);
    expect(plan.tasks[0]).toMatchObject({
      farmName: farm.name,
      plan: { crop: 'maize', plotName: 'Bottom field' },
    });
    // Its page adds the records and the money (nothing yet).
    const details = await readPlan(plan.id);
    expect(details).toMatchObject({ id: plan.id, inputs: [], harvests: [], links: [] });
    expect(details.money).toEqual({ inputs: 0, sales: 0, margin: 0, costPerTon: null });
  });

  it('plans backwards from a quantity and a date: the area it takes, whether it fits, the day to plant by', async () => {
    const { farm, plot } = await farmWithPlot(1);
    const plantingDate = inDays(20);
    const plan = await ok<TCropPlan>(
      await newPlan(farm.id, {
        plotId: plot.id,
        crop: 'maize',
        area: 1,
        plantingDate,
        targetQuantity: 1000,
        targetDate: inDays(200),
      }),
      201,
    );
    const { target, expectedYield, expectedHarvest } = plan;
    expect(target).toMatchObject({ quantity: 1000, date: inDays(200), fitsPlot: false });
    expect(target?.areaNeeded).toBeCloseTo(1000 / expectedYield.perHectare, 1);
    expect(target?.plantBy).toBe(
      new Date(Date.parse(inDays(200)) - daysFrom(plantingDate, expectedHarvest.from) * 86_400_000)
        .toISOString()
        .slice(0, 10),
    );
    const small = await ok<TCropPlan>(
      await newPlan(farm.id, { plotId: plot.id, crop: 'maize', area: 1, plantingDate, targetQuantity: 0.1 }),
      201,
    );
    expect(small.target).toMatchObject({ quantity: 0.1, fitsPlot: true, date: null, plantBy: null });
  });

  it('refuses a plan larger than its plot, on an archived plot, or on a plot it cannot see', async () => {
    const { farm, plot } = await farmWithPlot(1);
    const body = { plotId: plot.id, crop: 'groundnut', area: 1, plantingDate: inDays(5) };
    refused(await newPlan(farm.id, { ...body, area: 1.01 }), 409, 'crops.errors.areaOverPlot');
    refused(await newPlan(farm.id, { ...body, area: 5e-324 }), 400);
    refused(await newPlan(farm.id, { ...body, plotId: 2_000_000_000 }), 404, 'crops.errors.plotNotFound');
    const other = await farmWithPlan(t, send, owner);
    refused(await newPlan(farm.id, { ...body, plotId: other.plan.plotId }), 404, 'crops.errors.plotNotFound');
    refused(await newPlan(farm.id, { ...body, crop: 'moonflower' }), 400);
    refused(await newPlan(farm.id, { ...body, plantingDate: '2026-02-30' }), 400);
    await ok(await send(owner, 'PATCH', `/api/farms/${farm.id}/plots/${plot.id}`, { archived: true }));
    refused(await newPlan(farm.id, body), 409, 'crops.errors.plotArchived');
    const plans = await ok<TCropPlans>(await send(owner, 'GET', `/api/farms/${farm.id}/crop-plans`));
    expect(plans.plans.filter((p) => p.plotId === plot.id)).toEqual([]);
  });

  it('lists plans by season and by status (planned until planted or a task is done)', async () => {
    const { farm, plot } = await farmWithPlot(2);
    const plan = (plantingDate: string, crop = 'maize') =>
      newPlan(farm.id, { plotId: plot.id, crop, area: 0.5, plantingDate }).then((r) => ok<TCropPlan>(r, 201));
    const past = await plan('2025-04-01', 'groundnut');
    const secondHalf = await plan('2025-09-10', 'cassava');
    const coming = await plan(inDays(40));
    const ticked = await plan(inDays(45));
    const list = async (query: string) =>
      (await ok<TCropPlans>(await send(owner, 'GET', `/api/farms/${farm.id}/crop-plans${query}`))).plans
        .map((p) => p.id)
        .sort((a, b) => a - b);
    expect(await list('?season=2025')).toEqual([past.id, secondHalf.id]);
    expect(await list('?season=2025-1')).toEqual([past.id]);
    expect(await list('?season=2025-2')).toEqual([secondHalf.id]);
    expect(await list('?status=planned')).toEqual([coming.id, ticked.id]);
    const task = ticked.tasks.find((x) => x.kind === 'land_preparation') as TTask;
    await ok(await send(owner, 'PATCH', `/api/tasks/${task.id}`, { status: 'done' }));
    expect(await list('?status=planned')).toEqual([coming.id]);
    expect(await list('?status=active')).toEqual([past.id, secondHalf.id, ticked.id]);
    const summary = (
      await ok<TCropPlans>(await send(owner, 'GET', `/api/farms/${farm.id}/crop-plans`))
    ).plans.find((p) => p.id === coming.id);
    expect(summary).toMatchObject({ status: 'planned', season: coming.season, overdueTasks: 0 });
    expect(summary?.openTasks).toBe(coming.tasks.length);
    refused(await send(owner, 'GET', `/api/farms/${farm.id}/crop-plans?season=25`), 400);
    refused(await send(owner, 'GET', `/api/farms/${farm.id}/crop-plans?status=dormant`), 400);
  });

  it('moving the planting date moves the stages and the open tasks by the same days; done ones stay', async () => {
    const { farm, plot } = await farmWithPlot();
    const plan = await ok<TCropPlan>(
      await newPlan(farm.id, { plotId: plot.id, crop: 'maize', area: 1, plantingDate: inDays(30) }),
      201,
    );
    const done = plan.tasks.find((x) => x.kind === 'land_preparation') as TTask;
    await ok(await send(owner, 'PATCH', `/api/tasks/${done.id}`, { status: 'done', doneAt: inDays(0) }));
    const moved = await ok<TCropPlanDetails>(
      await send(owner, 'PATCH', `/api/crop-plans/${plan.id}`, {
        plantingDate: inDays(37),
        variety: 'Local',
      }),
    );
    expect(moved).toMatchObject({ plantingDate: inDays(37), variety: 'Local' });
    expect(
      moved.stages.map((s) => daysFrom(plan.stages.find((p) => p.key === s.key)?.start ?? '', s.start)),
    ).toEqual([7, 7, 7, 7]);
    expect(daysFrom(plan.expectedHarvest.from, moved.expectedHarvest.from)).toBe(7);
    for (const task of moved.tasks) {
      const before = plan.tasks.find((x) => x.id === task.id) as TTask;
      expect(daysFrom(before.due, task.due), task.kind).toBe(task.id === done.id ? 0 : 7);
    }
    // A change that does not name the variety keeps it.
    const again = await send(owner, 'PATCH', `/api/crop-plans/${plan.id}`, { plantingDate: inDays(38) });
    expect((await ok<TCropPlanDetails>(again)).variety).toBe('Local');
    const cleared = await send(owner, 'PATCH', `/api/crop-plans/${plan.id}`, { variety: null });
    expect((await ok<TCropPlanDetails>(cleared)).variety).toBeNull();
    // The area may change within the plot only.
    refused(
      await send(owner, 'PATCH', `/api/crop-plans/${plan.id}`, { area: 2.5 }),
      409,
      'crops.errors.areaOverPlot',
    );
    expect(
      (await ok<TCropPlanDetails>(await send(owner, 'PATCH', `/api/crop-plans/${plan.id}`, { area: 2 })))
        .area,
    ).toBe(2);
  });

  it('abandons a plan with its reason: open tasks skipped, and no more work, inputs or harvests (409)', async () => {
    const { farm, plot } = await farmWithPlot();
    const plan = await ok<TCropPlan>(
      await newPlan(farm.id, { plotId: plot.id, crop: 'maize', area: 1, plantingDate: inDays(-20) }),
      201,
    );
    const done = plan.tasks[0] as TTask;
    await ok(await send(owner, 'PATCH', `/api/tasks/${done.id}`, { status: 'done' }));
    refused(await send(owner, 'POST', `/api/crop-plans/${plan.id}/abandon`, { reason: 'locusts' }), 400);
    const abandoned = await ok<TCropPlanDetails>(
      await send(owner, 'POST', `/api/crop-plans/${plan.id}/abandon`, {
        reason: 'drought',
        note: 'No rain in May',
      }),
    );
    expect(abandoned.status).toBe('abandoned');
    expect(abandoned.abandoned).toMatchObject({ reason: 'drought', note: 'No rain in May' });
    expect(abandoned.tasks.find((x) => x.id === done.id)?.status).toBe('done');
    expect(abandoned.tasks.filter((x) => x.id !== done.id).every((x) => x.status === 'skipped')).toBe(true);
    const closed = 'crops.errors.planClosed';
    const url = `/api/crop-plans/${plan.id}`;
    refused(await send(owner, 'POST', `${url}/abandon`, { reason: 'flood' }), 409, closed);
    refused(await send(owner, 'PATCH', url, { plantingDate: inDays(1) }), 409, closed);
    refused(
      await send(owner, 'POST', `${url}/inputs`, { kind: 'seed', name: 'Seed', cost: 5, date: inDays(0) }),
      409,
      closed,
    );
    refused(
      await send(owner, 'POST', `${url}/harvests`, { date: inDays(0), quantity: 1, unit: 't' }),
      409,
      closed,
    );
    refused(await send(owner, 'PATCH', `/api/tasks/${done.id}`, { status: 'open' }), 409, closed);
    const after = await readPlan(plan.id);
    expect(after).toMatchObject({ status: 'abandoned', inputs: [], harvests: [] });
    expect(after.money.inputs).toBe(0);
  });

  it('runs each farm analysis on a plan, and 404 for a plan the caller may not see', async () => {
    const { plan } = await farmWithPlan(t, send, owner);
    for (const type of ['yield_prediction', 'resource_optimization', 'pest_risk']) {
      const answer = await ok<{ type: string; data: object }>(
        await send(owner, 'GET', `/api/crop-plans/${plan.id}/analytics?type=${type}`),
      );
      expect(answer.type).toBe(type);
      expect(Object.keys(answer.data).length).toBeGreaterThan(0);
    }
    refused(await send(owner, 'GET', `/api/crop-plans/${plan.id}/analytics?type=soil`), 400);
    refused(await send(owner, 'GET', `/api/crop-plans/${plan.id}/analytics`), 400);
    const stranger = await userWithRole(t.app, t.ctx, 'farmer');
    refused(
      await send(stranger, 'GET', `/api/crop-plans/${plan.id}/analytics?type=pest_risk`),
      404,
      'crops.errors.planNotFound',
    );
    refused(await send(owner, 'GET', '/api/crop-plans/2000000000'), 404, 'crops.errors.planNotFound');
  });
});
