// A farm's plots: made, renamed, resized and archived, never adding up to more than the farm's size.
import type { z } from 'zod';
import type { ZPlotInput, ZPlotUpdate } from '../../contract/crop-plans';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { FarmRow } from '../farms';
import { AppError } from '../http/errors';
import {
  currentPlans,
  insertPlot,
  lockFarmPlots,
  type PlanRow,
  type PlotRow,
  plotOfFarm,
  plotsOfFarm,
  plottedArea,
  updatePlot,
} from './crops.repo';
import { cropsTransaction } from './crops-events';

/** Hectares are typed with decimals: a sum that differs by rounding alone still fits. */
export const AREA_EPSILON = 1e-9;

async function assertFits(
  tx: Tx,
  farm: { id: number; sizeHa: number },
  area: number,
  exceptPlotId: number | null,
) {
  const taken = await plottedArea(tx, farm.id, exceptPlotId);
  if (taken + area > farm.sizeHa + AREA_EPSILON) {
    throw new AppError('conflict', 'crops.errors.plotsOverFarm', {
      available: Math.max(0, Math.round((farm.sizeHa - taken) * 10_000) / 10_000),
    });
  }
}

export async function createPlot(
  ctx: AppContext,
  options: { farm: FarmRow; input: z.output<typeof ZPlotInput> },
): Promise<PlotRow> {
  const { farm } = options;
  return cropsTransaction(ctx, async (tx, changed) => {
    await lockFarmPlots(tx, farm.id);
    await assertFits(tx, farm, options.input.area, null);
    const plot = await insertPlot(tx, {
      farmId: farm.id,
      name: options.input.name,
      areaHa: options.input.area,
    });
    await changed(farm.id);
    return plot;
  });
}

export async function updateFarmPlot(
  ctx: AppContext,
  options: { farm: FarmRow; plotId: number; input: z.output<typeof ZPlotUpdate> },
): Promise<{ plot: PlotRow; current: PlanRow | null }> {
  const { input, farm } = options;
  return cropsTransaction(ctx, async (tx, changed) => {
    await lockFarmPlots(tx, farm.id);
    const plot = await plotOfFarm(tx, farm.id, options.plotId, true);
    if (!plot) {
      throw new AppError('notFound', 'crops.errors.plotNotFound');
    }
    const archived = input.archived ?? plot.archivedAt !== null;
    const area = input.area ?? plot.areaHa;
    if (!archived) {
      await assertFits(tx, farm, area, plot.id);
    }
    const current = (await currentPlans(tx, farm.id)).get(plot.id) ?? null;
    if (current && input.archived === true) {
      throw new AppError('conflict', 'crops.errors.plotInUse');
    }
    if (current && area + AREA_EPSILON < current.areaHa) {
      throw new AppError('conflict', 'crops.errors.areaOverPlot');
    }
    const updated = await updatePlot(tx, plot.id, {
      name: input.name ?? plot.name,
      areaHa: area,
      archivedAt: archived ? (plot.archivedAt ?? new Date()) : null,
    });
    await changed(farm.id);
    return { plot: updated, current };
  });
}

/** A farm may not shrink below what its plots take (they are archived or made smaller first). */
export async function assertFarmHoldsPlots(tx: Tx, farmId: number, sizeHa: number): Promise<void> {
  await lockFarmPlots(tx, farmId);
  const taken = await plottedArea(tx, farmId, null);
  if (taken > sizeHa + AREA_EPSILON) {
    throw new AppError('conflict', 'crops.errors.farmBelowPlots', {
      plotted: Math.round(taken * 10_000) / 10_000,
    });
  }
}

export async function farmPlots(
  ctx: AppContext,
  options: { farm: FarmRow },
): Promise<{ plots: PlotRow[]; current: Map<number, PlanRow>; farmSize: number; plotted: number }> {
  const { farm } = options;
  const plots = await plotsOfFarm(ctx.db, farm.id);
  const current = await currentPlans(ctx.db, farm.id);
  const plotted = plots.filter((p) => p.archivedAt === null).reduce((sum, p) => sum + p.areaHa, 0);
  return { plots, current, farmSize: farm.sizeHa, plotted };
}
