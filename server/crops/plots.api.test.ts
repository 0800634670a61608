// Plots through the real server: a new farm's first plot, made, listed, renamed, resized and archived, never adding
// up to more than the farm (not even two made at once), and never archived or shrunk under a plan growing on it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCropPlan, TPlot, TPlots } from '../../contract/crop-plans';
import { sender } from '../test/agent-sale';
import { clearedFarm, farmWithPlan, inDays, refused } from '../test/crops';
import { farmInput, userWithRole } from '../test/factories';
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
const plotsOf = async (farmId: number) => ok<TPlots>(await send(owner, 'GET', `/api/farms/${farmId}/plots`));
const addPlot = (farmId: number, body: object) => send(owner, 'POST', `/api/farms/${farmId}/plots`, body);
const editPlot = (farmId: number, plotId: number, body: object) =>
  send(owner, 'PATCH', `/api/farms/${farmId}/plots/${plotId}`, body);

describe('plots', () => {
  it("a new farm's first plot is the whole farm, named as it, with its crop growing on it", async () => {
    const { farm, plan } = await farmWithPlan(t, send, owner, { name: 'Ferme Ndop', size: 3.2 });
    const answer = await plotsOf(farm.id);
    expect(answer).toMatchObject({ farmSize: 3.2, plottedArea: 3.2 });
    expect(answer.plots).toEqual([
      expect.objectContaining({
        id: plan.plotId,
        farmId: farm.id,
        name: 'Ferme Ndop',
        area: 3.2,
        archived: false,
        current: { planId: plan.id, crop: 'maize', status: 'active' },
      }),
    ]);
    expect(plan).toMatchObject({
      crop: 'maize',
      area: 3.2,
      plantingDate: '2026-03-15',
      plotName: 'Ferme Ndop',
    });
    // Nor is a farm under a square metre (its first plot would be one).
    refused(await send(owner, 'POST', '/api/farms', { ...farmInput(), size: 5e-324 }), 400);
    // Made from the farm's crop, not by its farmer: nothing before today is overdue.
    expect(plan.tasks.every((task) => task.due >= inDays(0))).toBe(true);
  });

  it('makes, lists, renames and resizes plots within the farm', async () => {
    const farm = await clearedFarm(t, send, owner, { size: 2 });
    const upper = await ok<TPlot>(await addPlot(farm.id, { name: 'Upper field', area: 1.25 }), 201);
    expect(upper).toMatchObject({
      farmId: farm.id,
      name: 'Upper field',
      area: 1.25,
      archived: false,
      current: null,
    });
    const lower = await ok<TPlot>(await addPlot(farm.id, { name: 'Lower field', area: 0.75 }), 201);
    const listed = await plotsOf(farm.id);
    expect(listed.plottedArea).toBe(2);
    expect(listed.plots.filter((p) => !p.archived).map((p) => [p.name, p.area])).toEqual([
      ['Upper field', 1.25],
      ['Lower field', 0.75],
    ]);
    const renamed = await ok<TPlot>(await editPlot(farm.id, upper.id, { name: 'Hill field', area: 1 }));
    expect(renamed).toMatchObject({ id: upper.id, name: 'Hill field', area: 1 });
    expect((await plotsOf(farm.id)).plottedArea).toBe(1.75);
    refused(await editPlot(farm.id, 2_000_000_000, { name: 'x' }), 404, 'crops.errors.plotNotFound');
    // Another farm's plot is not this farm's.
    const other = await clearedFarm(t, send, owner, { size: 1 });
    refused(await editPlot(other.id, lower.id, { name: 'Stolen' }), 404, 'crops.errors.plotNotFound');
    refused(await addPlot(farm.id, { name: '', area: 1 }), 400);
    refused(await addPlot(farm.id, { name: 'Zero', area: 0 }), 400);
    // Under a square metre is no plot: a yield per hectare on it overflowed (a 500 on every read of its plan).
    refused(await addPlot(farm.id, { name: 'Speck', area: 5e-324 }), 400);
    refused(await addPlot(farm.id, { name: 'Speck', area: 0.00009 }), 400);
    await ok(await addPlot(farm.id, { name: 'Square metre', area: 0.0001 }), 201);
  });

  it('refuses plots adding up to more than the farm, saying what is left (409, nothing stored)', async () => {
    const farm = await clearedFarm(t, send, owner, { size: 2.5 });
    const first = await ok<TPlot>(await addPlot(farm.id, { name: 'A', area: 1.5 }), 201);
    refused(await addPlot(farm.id, { name: 'B', area: 1.2 }), 409, 'crops.errors.plotsOverFarm', {
      available: 1,
    });
    refused(await editPlot(farm.id, first.id, { area: 2.6 }), 409, 'crops.errors.plotsOverFarm', {
      available: 2.5,
    });
    // Hectares typed with decimals that add up exactly fit (0.1 + 0.2 is not 0.3 in floating point).
    await ok(await addPlot(farm.id, { name: 'C', area: 0.7 }), 201);
    await ok(await addPlot(farm.id, { name: 'D', area: 0.2 }), 201);
    await ok(await addPlot(farm.id, { name: 'E', area: 0.1 }), 201);
    refused(await addPlot(farm.id, { name: 'F', area: 0.01 }), 409, 'crops.errors.plotsOverFarm', {
      available: 0,
    });
    const listed = await plotsOf(farm.id);
    expect(listed.plots.filter((p) => !p.archived).map((p) => p.name)).toEqual(['A', 'C', 'D', 'E']);
    expect(listed.plottedArea).toBe(2.5);
  });

  it('plots posted at once that fit one by one but not together: only those that fit are made', async () => {
    const farm = await clearedFarm(t, send, owner, { size: 1 });
    // Six at once, each fitting an empty farm, three fitting together: a check that read the plotted area before
    // another's insert committed would let more in.
    const answers = await Promise.all(
      ['N', 'S', 'E', 'W', 'NE', 'SW'].map((name) => addPlot(farm.id, { name, area: 0.3 })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    const listed = await plotsOf(farm.id);
    expect(listed.plots.filter((p) => !p.archived)).toHaveLength(3);
    expect(listed.plottedArea).toBe(0.9);
  });

  it('archives a plot (its hectares free again) and brings it back only if it still fits', async () => {
    const farm = await clearedFarm(t, send, owner, { size: 1 });
    const plot = await ok<TPlot>(await addPlot(farm.id, { name: 'Old field', area: 1 }), 201);
    const archived = await ok<TPlot>(await editPlot(farm.id, plot.id, { archived: true }));
    expect(archived.archived).toBe(true);
    expect((await plotsOf(farm.id)).plottedArea).toBe(0);
    const fresh = await ok<TPlot>(await addPlot(farm.id, { name: 'New field', area: 0.5 }), 201);
    refused(await editPlot(farm.id, plot.id, { archived: false }), 409, 'crops.errors.plotsOverFarm', {
      available: 0.5,
    });
    await ok(await editPlot(farm.id, plot.id, { archived: false, area: 0.5 }));
    expect((await plotsOf(farm.id)).plottedArea).toBe(1);
    // An archived plot takes no plan.
    await ok(await editPlot(farm.id, fresh.id, { archived: true }));
    refused(
      await send(owner, 'POST', `/api/farms/${farm.id}/crop-plans`, {
        plotId: fresh.id,
        crop: 'maize',
        area: 0.5,
        plantingDate: inDays(10),
      }),
      409,
      'crops.errors.plotArchived',
    );
  });

  it('a plot with a plan growing on it is neither archived nor shrunk below the plan', async () => {
    const farm = await clearedFarm(t, send, owner, { size: 2 });
    const plot = await ok<TPlot>(await addPlot(farm.id, { name: 'Maize field', area: 1.5 }), 201);
    const plan = await ok<TCropPlan>(
      await send(owner, 'POST', `/api/farms/${farm.id}/crop-plans`, {
        plotId: plot.id,
        crop: 'maize',
        area: 1.2,
        plantingDate: inDays(20),
      }),
      201,
    );
    const listed = await plotsOf(farm.id);
    expect(listed.plots.find((p) => p.id === plot.id)?.current).toEqual({
      planId: plan.id,
      crop: 'maize',
      status: 'planned',
    });
    refused(await editPlot(farm.id, plot.id, { archived: true }), 409, 'crops.errors.plotInUse');
    refused(await editPlot(farm.id, plot.id, { area: 1.1 }), 409, 'crops.errors.areaOverPlot');
    expect((await editPlot(farm.id, plot.id, { area: 1.2 })).statusCode).toBe(200);
    // Once the plan is over, the plot is free.
    await ok(await send(owner, 'POST', `/api/crop-plans/${plan.id}/abandon`, { reason: 'flood' }));
    const freed = await ok<TPlot>(await editPlot(farm.id, plot.id, { archived: true }));
    expect(freed).toMatchObject({ archived: true, current: null });
  });

  it('a farm may not shrink below what its plots take (409, the size kept)', async () => {
    const farm = await clearedFarm(t, send, owner, { size: 3 });
    await ok(await addPlot(farm.id, { name: 'Upper field', area: 2 }), 201);
    refused(
      await send(owner, 'PATCH', `/api/farms/${farm.id}`, { size: 1.5 }),
      409,
      'crops.errors.farmBelowPlots',
      {
        plotted: 2,
      },
    );
    expect((await plotsOf(farm.id)).farmSize).toBe(3);
    expect((await send(owner, 'PATCH', `/api/farms/${farm.id}`, { size: 2 })).statusCode).toBe(200);
    expect((await plotsOf(farm.id)).farmSize).toBe(2);
  });
});
