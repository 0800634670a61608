// Demo crops: amina's and moussa's two plots each with a plan in every status over two seasons, made through the
// crops services as each would from the app: inputs booked in the books, harvests, a sale of the harvested crop,
// tasks done and left overdue, and fatou recording for amina, whom she represents. Dates count from today.
import { and, asc, eq } from 'drizzle-orm';
import {
  ZAbandonInput,
  ZCropPlanInput,
  ZCropPlanUpdate,
  ZHarvestInput,
  ZPlanInputInput,
  ZTaskInput,
  ZTaskUpdate,
} from '../../contract/crop-plans';
import { ZSaleInput } from '../../contract/finance';
import { isActiveAgentOf } from '../agents';
import { findUsersByUsernames } from '../auth/user-accounts';
import type { AppContext } from '../context';
import { seasonBounds, seasonOf } from '../crops/calendar/season';
import type { PlotRow } from '../crops/crops.repo';
import { type CropAccess, cropAccess } from '../crops/crops-access';
import { type PlanView, todayIso } from '../crops/plan-views';
import { abandonPlan, createPlan, farmPlans, planWithTasks, updateCropPlan } from '../crops/plans.service';
import { createPlot, farmPlots, updateFarmPlot } from '../crops/plots.service';
import { addHarvest, addInput, linkMoney } from '../crops/records.service';
import type { TaskWithNames } from '../crops/tasks.repo';
import { addTask, changeTask } from '../crops/tasks.service';
import { firstFarmIdOf } from '../farms/lookups';
import { createSale } from '../finance/finance.service';
import { addDays } from '../finance/periods';
import type { SessionUser } from '../http/access';
import { commodities } from '../marketplace/marketplace.schema';
import {
  type AbandonedPlan,
  ACTIVE_DAYS_AGO,
  type ActivePlan,
  DEMO_CROPS,
  type DemoCrops,
  type DemoInput,
  type HarvestedPlan,
  type PlannedPlan,
} from './crops-data';
import { demoAmount } from './money';
import { actor } from './orders-recent';

/** Days before this season's start that last season's plans are planted at the latest (so they fall inside it). */
const DAYS_INTO_PREVIOUS_SEASON = 30;
/** Days before today that the previous season's plans are planted at the latest (so they were harvested). */
const PREVIOUS_SEASON_DAYS_AGO = 240;
/** Days between a plan's first harvest and its final one. */
const HARVEST_DAYS_APART = 5;
/** Days after last season's harvested plan that its abandoned one was planted. */
const ABANDONED_AFTER_DAYS = 20;
/** This season's tasks due in the last days are left open (overdue); the older ones were done. */
const OVERDUE_DAYS = 14;
/** One scouting round in this many was skipped on a finished plan: a busy week. */
const SKIPPED_SCOUTING_EVERY = 3;

/** One farmer's run: who acts (and their agent, when one represents them), on which farm, what day it is. */
interface Run {
  ctx: AppContext;
  farmer: SessionUser;
  agent: SessionUser | null;
  access: CropAccess;
  today: string;
}

const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * The day last season's plans are planted: in the season (half-year) before this season's plan's, and long enough
 * ago that their harvest is past.
 */
function previousSeasonDay(today: string): string {
  const thisSeason = seasonBounds(seasonOf(addDays(today, -ACTIVE_DAYS_AGO)));
  return earlier(
    addDays(today, -PREVIOUS_SEASON_DAYS_AGO),
    addDays(thisSeason.from, -DAYS_INTO_PREVIOUS_SEASON),
  );
}

export async function seed(ctx: AppContext): Promise<void> {
  const users = await findUsersByUsernames(ctx.db, ['fatou', ...DEMO_CROPS.map((d) => d.farmer)]);
  const fatou = users.get('fatou');
  for (const demo of DEMO_CROPS) {
    const user = users.get(demo.farmer);
    const farmId = user ? await firstFarmIdOf(ctx.db, user.id) : null;
    if (!user || farmId === null) {
      continue;
    }
    const farmer = actor(user);
    const access = await cropAccess(ctx.db, farmer, farmId, 'farm.crops.plan');
    if (await alreadySeeded(ctx, access)) {
      continue;
    }
    const agent = fatou && (await isActiveAgentOf(ctx.db, fatou.id, user.id)) ? actor(fatou) : null;
    await seedFarm({ ctx, farmer, agent, access, today: todayIso() }, demo);
  }
}

/** A farm with two plots or a closed plan has had its demo (or its farmer's own work): it is left alone. */
async function alreadySeeded(ctx: AppContext, access: CropAccess): Promise<boolean> {
  const { plots } = await farmPlots(ctx, { farm: access.farm });
  if (plots.length >= 2) {
    return true;
  }
  const plans = await farmPlans(ctx, { access, query: {} });
  return plans.some((view) => view.plan.status === 'harvested' || view.plan.status === 'abandoned');
}

async function seedFarm(run: Run, demo: DemoCrops): Promise<void> {
  const plots = await ensurePlots(run, demo);
  const lastSeason = previousSeasonDay(run.today);
  await seedHarvested(run, plots, demo.harvested, lastSeason);
  await seedAbandoned(run, plots, demo.abandoned, addDays(lastSeason, ABANDONED_AFTER_DAYS));
  await seedActive(run, plots, demo.active);
  await seedPlanned(run, plots, demo.planned);
}

// ─── Plots ───────────────────────────────────────────────────────────────────

/**
 * The farmer's two plots. A farm made through the farms service already has one (the whole farm, named as it, with
 * the farm's crop planned on it): it becomes the first, renamed and shrunk, its plan shrunk with it when needed.
 */
async function ensurePlots(run: Run, demo: DemoCrops): Promise<PlotRow[]> {
  const { ctx, access } = run;
  const found = await farmPlots(ctx, { farm: access.farm });
  const [first, second] = demo.plots;
  const existing = found.plots.find((p) => p.archivedAt === null);
  let firstPlot: PlotRow;
  if (existing) {
    const current = found.current.get(existing.id);
    if (current && current.areaHa > first.area) {
      await updateCropPlan(ctx, {
        user: run.farmer,
        planId: current.id,
        input: ZCropPlanUpdate.parse({ area: first.area }),
      });
    }
    const input = { name: first.name, area: first.area };
    firstPlot = (await updateFarmPlot(ctx, { farm: access.farm, plotId: existing.id, input })).plot;
  } else {
    firstPlot = await createPlot(ctx, { farm: access.farm, input: first });
  }
  return [firstPlot, await createPlot(ctx, { farm: access.farm, input: second })];
}

// ─── Plans ───────────────────────────────────────────────────────────────────

async function newPlan(
  run: Run,
  plots: PlotRow[],
  plan: HarvestedPlan | AbandonedPlan | ActivePlan | PlannedPlan,
  plantingDate: string,
  by: SessionUser = run.farmer,
): Promise<PlanView> {
  const plot = plots[plan.plot];
  if (!plot) {
    throw new Error(`demo crops: no plot ${plan.plot}`);
  }
  const access =
    by === run.farmer ? run.access : await cropAccess(run.ctx.db, by, run.access.farm.id, 'farm.crops.plan');
  const input = ZCropPlanInput.parse({
    plotId: plot.id,
    crop: plan.crop,
    variety: plan.variety,
    area: plan.area,
    plantingDate,
  });
  return (await createPlan(run.ctx, { user: by, access, input })).view;
}

/** Inputs bought for the plan, each booked as an expense on its day (never after `latest`, the harvest's day). */
async function bookInputs(run: Run, view: PlanView, inputs: DemoInput[], latest: string): Promise<void> {
  for (const item of inputs) {
    const day = item.day === 'harvest' ? latest : addDays(view.plan.plantingDate, item.day);
    const date = earlier(day, latest);
    const input = ZPlanInputInput.parse({
      kind: item.kind,
      name: item.name,
      quantity: item.quantity ?? null,
      unit: item.unit ?? null,
      cost: demoAmount(item.cost),
      date,
    });
    await addInput(run.ctx, { user: run.farmer, planId: view.plan.id, input });
  }
}

/** Marks a task done (on its due day unless it was later) or skipped, as `by`. */
async function closeTask(run: Run, task: TaskWithNames, status: 'done' | 'skipped', by = run.farmer) {
  const input = ZTaskUpdate.parse(
    status === 'done' ? { status, doneAt: earlier(task.due, run.today) } : { status },
  );
  await changeTask(run.ctx, { user: by, taskId: task.id, input });
}

/** Last season's plan: worked through, harvested twice (the last final), its crop sold after. */
async function seedHarvested(run: Run, plots: PlotRow[], plan: HarvestedPlan, plantingDate: string) {
  const view = await newPlan(run, plots, plan, plantingDate);
  const yesterday = addDays(run.today, -1);
  const first = earlier(
    view.plan.calendar?.expectedHarvest.from ?? yesterday,
    addDays(yesterday, -HARVEST_DAYS_APART),
  );
  const final = addDays(first, HARVEST_DAYS_APART);
  for (const task of view.tasks) {
    const skipped = task.kind === 'scouting' && (task.round ?? 0) % SKIPPED_SCOUTING_EVERY === 0;
    await closeTask(run, task, skipped ? 'skipped' : 'done');
  }
  await bookInputs(run, view, plan.inputs, first);
  for (const [index, harvest] of plan.harvests.entries()) {
    const last = index === plan.harvests.length - 1;
    const input = ZHarvestInput.parse({
      date: last ? final : first,
      quantity: harvest.quantity,
      unit: harvest.unit,
      grade: harvest.grade,
      moisture: harvest.moisture ?? null,
      final: last,
      uses: harvest.uses,
    });
    const by = harvest.byAgent && run.agent ? run.agent : run.farmer;
    await addHarvest(run.ctx, { user: by, planId: view.plan.id, input });
  }
  await sellHarvest(run, view, plan, earlier(addDays(final, plan.sale.daysAfterHarvest), run.today));
}

/**
 * The harvested crop sold in the books: against the seller's listing of it (the plan takes the sale itself, as a sale
 * of its crop after its harvest), or as a sale of no listing that the farmer gives the plan.
 */
async function sellHarvest(run: Run, view: PlanView, plan: HarvestedPlan, date: string): Promise<void> {
  const { ctx, farmer, access } = run;
  const { sale } = plan;
  const commodityId = sale.listing ? await listingOf(ctx, farmer.id, sale.listing) : null;
  const input = ZSaleInput.parse({
    commodityId,
    type: commodityId === null ? 'custom' : 'commodity',
    date,
    quantity: sale.quantity,
    pricePerUnit: demoAmount(sale.price),
    buyer: sale.buyer,
    paid: true,
    paymentMethod: 'cash',
  });
  const row = await createSale(ctx, { farm: { id: access.farm.id, ownerId: farmer.id }, input });
  if (commodityId === null) {
    await linkMoney(ctx, {
      user: farmer,
      planId: view.plan.id,
      source: 'sale',
      sourceId: row.id,
      unlink: false,
    });
  }
}

/** The seller's first listing named `name`, or null (the sale is then one of no listing). */
async function listingOf(ctx: AppContext, ownerId: number, name: string): Promise<number | null> {
  const [row] = await ctx.db
    .select({ id: commodities.id })
    .from(commodities)
    .where(and(eq(commodities.ownerId, ownerId), eq(commodities.name, name)))
    .orderBy(asc(commodities.id))
    .limit(1);
  return row?.id ?? null;
}

/** Last season's plan given up: its first weeks' work done, then abandoned with the reason. */
async function seedAbandoned(run: Run, plots: PlotRow[], plan: AbandonedPlan, plantingDate: string) {
  const view = await newPlan(run, plots, plan, plantingDate);
  const gaveUp = addDays(plantingDate, plan.afterDays);
  for (const task of view.tasks.filter((t) => t.due <= gaveUp)) {
    await closeTask(run, task, 'done');
  }
  await bookInputs(run, view, plan.inputs, gaveUp);
  const input = ZAbandonInput.parse({ reason: plan.reason, note: plan.note });
  await abandonPlan(run.ctx, { user: run.farmer, planId: view.plan.id, input });
}

/**
 * This season's plan: the past tasks done but those of the last days (or the last one), left overdue (the agent
 * ticked the one before, when there is one); the farmer's own task for this week beside the calendar's.
 */
async function seedActive(run: Run, plots: PlotRow[], plan: ActivePlan) {
  const existing = await currentPlanOf(run, plots[plan.plot], plan);
  const view = existing ?? (await newPlan(run, plots, plan, addDays(run.today, -plan.daysAgo)));
  if (!existing) {
    await bookInputs(run, view, plan.inputs, run.today);
  }
  const past = view.tasks.filter((t) => t.status === 'open' && t.due < run.today);
  const lately = addDays(run.today, -OVERDUE_DAYS);
  const recent = past.filter((t) => t.due >= lately);
  const overdue = new Set((recent.length > 0 ? recent : past.slice(-1)).map((t) => t.id));
  const done = past.filter((t) => !overdue.has(t.id));
  for (const [index, task] of done.entries()) {
    const byAgent = run.agent !== null && index === done.length - 1;
    await closeTask(run, task, 'done', byAgent && run.agent ? run.agent : run.farmer);
  }
  const input = ZTaskInput.parse({
    title: plan.ownTask.title,
    due: addDays(run.today, plan.ownTask.inDays),
    planId: view.plan.id,
  });
  await addTask(run.ctx, { user: run.farmer, farm: run.access.farm, input });
}

/** The plan the farm service made on the first plot for the farm's crop, when it is this season's crop. */
async function currentPlanOf(
  run: Run,
  plot: PlotRow | undefined,
  plan: ActivePlan,
): Promise<PlanView | null> {
  const views = await farmPlans(run.ctx, { access: run.access, query: {} });
  const found = views.find((v) => v.plan.plotId === plot?.id && v.plan.crop === plan.crop);
  if (!found) {
    return null;
  }
  return planWithTasks(run.ctx, run.ctx.db, found.plan);
}

/** A plan ahead of its planting date, made by the farmer's agent when one represents them. */
async function seedPlanned(run: Run, plots: PlotRow[], plan: PlannedPlan) {
  await newPlan(run, plots, plan, addDays(run.today, plan.inDays), run.agent ?? run.farmer);
}
