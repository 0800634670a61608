// Crop plans: planned on a plot with their calendar and tasks, read with what they rest on, moved, abandoned; and a
// farm's single crop made its first plan.
import type { z } from 'zod';
import type {
  ZAbandonInput,
  ZCropPlanInput,
  ZCropPlanQuery,
  ZCropPlanUpdate,
} from '../../contract/crop-plans';
import type { AnalyticsType, CropKey } from '../../contract/crops';
import { parseTonsToKg } from '../../contract/quantity';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { analysePlan, recentMeanTemperature } from '../farms';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { seasonBounds } from './calendar/season';
import { daysBetween, type PlanCalendar, planCalendar, shiftIsoDate } from './calendar/stages';
import { planTasks } from './calendar/tasks-template';
import {
  insertPlan,
  insertPlot,
  type PlanWithNames,
  planById,
  plansOfFarm,
  plansWithoutCalendar,
  plotOfFarm,
  updatePlan,
} from './crops.repo';
import { type CropAccess, type CropAction, cropAccess } from './crops-access';
import { cropsTransaction } from './crops-events';
import { type PlanView, planViews, todayIso } from './plan-views';
import { AREA_EPSILON } from './plots.service';
import { insertTasks, shiftOpenTasks, skipOpenTasks, tasksOfPlan } from './tasks.repo';

type Actor = Pick<SessionUser, 'id' | 'role'>;
/** A plan the caller may act on, locked for the write when asked. */
export interface PlanAccess extends CropAccess {
  plan: PlanWithNames;
}

/** The plan if the caller may do `action` on its farm; a plan they may not see is 404, as one that does not exist. */
export async function planAccess(
  db: Tx,
  user: Actor,
  planId: number,
  action: CropAction,
  lock = false,
): Promise<PlanAccess> {
  const plan = await planById(db, planId, lock);
  if (!plan) {
    throw new AppError('notFound', 'crops.errors.planNotFound');
  }
  try {
    return { ...(await cropAccess(db, user, plan.farmId, action)), plan };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) {
      throw new AppError('notFound', 'crops.errors.planNotFound');
    }
    throw error;
  }
}

/** A plan that no longer takes work: abandoned, or (for `harvestToo`) harvested. */
export function assertOpen(plan: PlanWithNames, harvestToo: boolean): void {
  if (plan.status === 'abandoned' || (harvestToo && plan.status === 'harvested')) {
    throw new AppError('conflict', 'crops.errors.planClosed');
  }
}

/** The stage calendar of a crop planted on a day, lengthened where the farm is cooler than the crop's optimum. */
async function calendarFor(
  db: Tx,
  farmId: number,
  crop: CropKey,
  plantingDate: string,
): Promise<PlanCalendar> {
  const warmth = await recentMeanTemperature(db, farmId);
  return planCalendar({
    crop,
    plantingDate,
    meanTemperature: warmth?.mean ?? null,
    temperatureDays: warmth?.days ?? 0,
  });
}

function shiftCalendar(calendar: PlanCalendar, days: number): PlanCalendar {
  return {
    stages: calendar.stages.map((s) => ({
      ...s,
      start: shiftIsoDate(s.start, days),
      end: shiftIsoDate(s.end, days),
    })),
    expectedHarvest: {
      from: shiftIsoDate(calendar.expectedHarvest.from, days),
      to: shiftIsoDate(calendar.expectedHarvest.to, days),
    },
    basis: calendar.basis,
  };
}

/** The plan's view with its tasks, for an answer. */
export async function planWithTasks(ctx: AppContext, db: Tx, plan: PlanWithNames): Promise<PlanView> {
  const tasks = await tasksOfPlan(db, plan.id);
  const [view] = await planViews(ctx, db, plan.farmId, [plan], new Map([[plan.id, tasks]]));
  return view as PlanView;
}

// ---- Commands ----

export async function createPlan(
  ctx: AppContext,
  options: {
    user: Pick<SessionUser, 'id' | 'username'>;
    access: CropAccess;
    input: z.output<typeof ZCropPlanInput>;
  },
): Promise<{ view: PlanView; farmName: string }> {
  const { user, input, access } = options;
  return cropsTransaction(ctx, async (tx, changed) => {
    const plot = await plotOfFarm(tx, access.farm.id, input.plotId);
    if (!plot) {
      throw new AppError('notFound', 'crops.errors.plotNotFound');
    }
    if (plot.archivedAt !== null) {
      throw new AppError('conflict', 'crops.errors.plotArchived');
    }
    if (input.area > plot.areaHa + AREA_EPSILON) {
      throw new AppError('conflict', 'crops.errors.areaOverPlot');
    }
    const targetKg = input.targetQuantity ? parseTonsToKg(input.targetQuantity) : null;
    const calendar = await calendarFor(tx, access.farm.id, input.crop, input.plantingDate);
    const row = await insertPlan(tx, {
      farmId: access.farm.id,
      plotId: plot.id,
      crop: input.crop,
      variety: input.variety,
      areaHa: input.area,
      plantingDate: input.plantingDate,
      calendar,
      targetKg,
      targetDate: input.targetDate ?? null,
      recordedBy: user.id,
    });
    await insertTasks(
      tx,
      planTasks(input.crop, calendar).map((task) => ({ ...task, farmId: access.farm.id, planId: row.id })),
    );
    // The row as planById would read it: its plot's name and who recorded it (the caller).
    const view = await planWithTasks(ctx, tx, { ...row, plotName: plot.name, recordedByName: user.username });
    await changed(access.farm.id);
    return { view, farmName: access.farm.name };
  });
}

export async function updateCropPlan(
  ctx: AppContext,
  options: { user: Actor; planId: number; input: z.output<typeof ZCropPlanUpdate> },
): Promise<PlanAccess> {
  const { input } = options;
  return cropsTransaction(ctx, async (tx, changed) => {
    const access = await planAccess(tx, options.user, options.planId, 'farm.crops.plan', true);
    const { plan } = access;
    assertOpen(plan, true);
    if (input.area !== undefined) {
      const plot = await plotOfFarm(tx, plan.farmId, plan.plotId);
      if (plot && input.area > plot.areaHa + AREA_EPSILON) {
        throw new AppError('conflict', 'crops.errors.areaOverPlot');
      }
    }
    const changes: Parameters<typeof updatePlan>[2] = {};
    if (input.variety !== undefined) {
      changes.variety = input.variety;
    }
    if (input.area !== undefined) {
      changes.areaHa = input.area;
    }
    if (input.plantingDate !== undefined && input.plantingDate !== plan.plantingDate) {
      const days = daysBetween(plan.plantingDate, input.plantingDate);
      changes.plantingDate = input.plantingDate;
      // The stored calendar moves as a whole (the same lengths): the open tasks move by the same days with it.
      changes.calendar = plan.calendar ? shiftCalendar(plan.calendar, days) : null;
      await shiftOpenTasks(tx, plan.id, days);
    }
    if (Object.keys(changes).length > 0) {
      await updatePlan(tx, plan.id, changes);
      await changed(plan.farmId);
    }
    return { ...access, plan: (await planById(tx, plan.id)) ?? plan };
  });
}

export async function abandonPlan(
  ctx: AppContext,
  options: { user: Actor; planId: number; input: z.output<typeof ZAbandonInput> },
): Promise<PlanAccess> {
  return cropsTransaction(ctx, async (tx, changed) => {
    const access = await planAccess(tx, options.user, options.planId, 'farm.crops.plan', true);
    assertOpen(access.plan, true);
    await updatePlan(tx, access.plan.id, {
      status: 'abandoned',
      abandonReason: options.input.reason,
      abandonNote: options.input.note,
      closedAt: new Date(),
    });
    await skipOpenTasks(tx, access.plan.id);
    await changed(access.farm.id);
    return { ...access, plan: (await planById(tx, access.plan.id)) ?? access.plan };
  });
}

// ---- Reads ----

export async function planDetails(
  ctx: AppContext,
  options: { user: Actor; planId: number },
): Promise<PlanAccess> {
  return planAccess(ctx.db, options.user, options.planId, 'farm.crops.read');
}

export async function farmPlans(
  ctx: AppContext,
  options: { access: CropAccess; query: z.output<typeof ZCropPlanQuery> },
): Promise<PlanView[]> {
  const { query, access } = options;
  const bounds = query.season ? seasonBounds(query.season) : null;
  const plans = await plansOfFarm(ctx.db, access.farm.id, {
    from: bounds?.from ?? null,
    to: bounds?.to ?? null,
    status: query.status ?? null,
    today: todayIso(),
  });
  return planViews(ctx, ctx.db, access.farm.id, plans);
}

/** One of the farm analytics run on the plan's crop, planting date and area (not stored). */
export async function planAnalysis(
  ctx: AppContext,
  options: { user: Actor; planId: number; type: AnalyticsType },
): Promise<Record<string, unknown>> {
  const { farm, plan } = await planAccess(ctx.db, options.user, options.planId, 'farm.crops.read');
  return analysePlan(ctx, {
    farm,
    plan: { crop: plan.crop, plantingDate: plan.plantingDate, sizeHa: plan.areaHa },
    type: options.type,
  });
}

// ---- A farm's single crop as its first plan ----

/** Tasks of a plan made for a farm's crop (not by its farmer) start today: a past season's work is not overdue. */
function tasksFromToday(crop: CropKey, calendar: PlanCalendar, today: string) {
  return planTasks(crop, calendar).filter((task) => task.due >= today);
}

/** A new farm's crop and planting date become its first plot (the whole farm, named as it) and plan. */
export async function plantNewFarm(
  tx: Tx,
  farm: { id: number; ownerId: number; name: string; sizeHa: number; crop: string; plantingDate: string },
): Promise<void> {
  const plot = await insertPlot(tx, { farmId: farm.id, name: farm.name, areaHa: farm.sizeHa });
  const crop = farm.crop as CropKey;
  const calendar = await calendarFor(tx, farm.id, crop, farm.plantingDate);
  const plan = await insertPlan(tx, {
    farmId: farm.id,
    plotId: plot.id,
    crop,
    areaHa: farm.sizeHa,
    plantingDate: farm.plantingDate,
    calendar,
    recordedBy: farm.ownerId,
  });
  await insertTasks(
    tx,
    tasksFromToday(crop, calendar, todayIso()).map((t) => ({ ...t, farmId: farm.id, planId: plan.id })),
  );
}

/** Plans the migration carried over from farms' single crop get their calendar and tasks (from today on). */
export async function fillMissingCalendars(ctx: AppContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const plans = await plansWithoutCalendar(tx, 1000);
    for (const plan of plans) {
      const crop = plan.crop as CropKey;
      const calendar = await calendarFor(tx, plan.farmId, crop, plan.plantingDate);
      await updatePlan(tx, plan.id, { calendar });
      await insertTasks(
        tx,
        tasksFromToday(crop, calendar, todayIso()).map((t) => ({
          ...t,
          farmId: plan.farmId,
          planId: plan.id,
        })),
      );
    }
    return plans.length;
  });
}
