// What a plan is shown with beyond its row: its expected yield (from the crop table, the country's published yields
// and the farm's own harvests), the plot's area, what was harvested, and its tasks' counts. Loaded per request.
import type { TExpectedYield } from '../../contract/crop-plans';
import type { CropKey } from '../../contract/crops';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { countryOfCallingCode } from '../farms';
import { today } from '../finance';
import { expectedYield } from './calendar/expected-yield';
import { harvestedKg, ownYields, type PlanWithNames, plotsOfFarm, taskCounts } from './crops.repo';
import type { TaskWithNames } from './tasks.repo';

export interface PlanView {
  plan: PlanWithNames;
  today: string;
  expected: TExpectedYield;
  plotArea: number;
  harvestedKg: number;
  counts: { open: number; overdue: number; done: number };
  tasks: TaskWithNames[];
}

/** Today's date (UTC), as the books date things. */
export const todayIso = today;

/** Expected yields of plans of one farm: each calibrated by the farm's other closed plans of its crop. */
export async function expectedYields(
  ctx: AppContext,
  db: Tx,
  farmId: number,
  plans: readonly { id: number | null; crop: string; areaHa: number }[],
): Promise<TExpectedYield[]> {
  const own = await ownYields(db, farmId, [...new Set(plans.map((p) => p.crop))]);
  const country = countryOfCallingCode(ctx.config.defaultCountryCode);
  return plans.map((plan) =>
    expectedYield({
      crop: plan.crop as CropKey,
      area: plan.areaHa,
      country,
      relativeYield: null,
      ownHarvests: own.filter((o) => o.crop === plan.crop && o.planId !== plan.id),
    }),
  );
}

/** Views of plans of one farm: five queries whatever their number. */
export async function planViews(
  ctx: AppContext,
  db: Tx,
  farmId: number,
  plans: readonly PlanWithNames[],
  tasksOf: ReadonlyMap<number, TaskWithNames[]> = new Map(),
): Promise<PlanView[]> {
  const today = todayIso();
  const ids = plans.map((p) => p.id);
  // One after another: `db` may be a transaction, whose one connection runs one query at a time.
  const counts = await taskCounts(db, ids, today);
  const harvested = await harvestedKg(db, ids);
  const plots = await plotsOfFarm(db, farmId);
  const expected = await expectedYields(ctx, db, farmId, plans);
  const plotArea = new Map(plots.map((p) => [p.id, p.areaHa]));
  return plans.map((plan, i) => ({
    plan,
    today,
    expected: expected[i] as TExpectedYield,
    plotArea: plotArea.get(plan.plotId) ?? plan.areaHa,
    harvestedKg: harvested.get(plan.id) ?? 0,
    counts: counts.get(plan.id) ?? { open: 0, overdue: 0, done: 0 },
    tasks: tasksOf.get(plan.id) ?? [],
  }));
}
