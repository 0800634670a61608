// Crop management: a farm's plots, its season plans with their stages and task calendar, the inputs used and the
// harvests taken, and each plan's money. Areas in hectares, quantities in tons (as listings), money as amounts.
import { z } from 'zod';
import { ZId } from './common';
import { MIN_AREA_HA } from './constants';
import { STAGE_KEYS } from './crop-plans-constants';
import { ZCropKey } from './crops';
import { ZIsoDate } from './farms';
import { ZAmount } from './finance';
import { GRADES } from './marketplace';
import { zMultiLine, zSingleLine } from './text';

export { STAGE_KEYS, type StageKey } from './crop-plans-constants';

export const PLAN_STATUSES = ['planned', 'active', 'harvested', 'abandoned'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
export const ABANDON_REASONS = ['drought', 'flood', 'pests', 'disease', 'inputs', 'labour', 'other'] as const;
export const TASK_KINDS = [
  'land_preparation',
  'planting',
  'gap_filling',
  'weeding',
  'basal_fertiliser',
  'top_dressing',
  'scouting',
  'spray',
  'harvest',
  'drying_storage',
  /** A task the farmer wrote (its title is theirs). */
  'custom',
] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export const TASK_STATUSES = ['open', 'done', 'skipped'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const INPUT_KINDS = ['seed', 'fertiliser', 'pesticide', 'labour', 'hire', 'other'] as const;
export type InputKind = (typeof INPUT_KINDS)[number];
/** The ledger category an input is booked under (contract/finance-categories.ts). */
export const INPUT_CATEGORY: Readonly<Record<InputKind, string>> = {
  seed: 'seeds',
  fertiliser: 'fertilizer',
  pesticide: 'pesticides',
  labour: 'labour',
  hire: 'repairs',
  other: 'other_expense',
};
export const HARVEST_UNITS = ['kg', 't', 'bag50', 'bag100'] as const;
export type HarvestUnit = (typeof HARVEST_UNITS)[number];
export const HARVEST_UNIT_KG: Readonly<Record<HarvestUnit, number>> = {
  kg: 1,
  t: 1000,
  bag50: 50,
  bag100: 100,
};
export const HARVEST_USES = ['sold', 'home', 'feed', 'stored', 'lost'] as const;
export type HarvestUse = (typeof HARVEST_USES)[number];
export const YIELD_CONFIDENCES = ['low', 'medium', 'high'] as const;
/** What an expected yield rests on, most trusted last. */
export const YIELD_BASES = ['potential', 'typical', 'own_harvests'] as const;

/** The largest plot or plan area (ha), as a farm's size. */
export const MAX_AREA_HA = 1_000_000;
/** Tasks a list answers at most (a season of a large farm fits). */
export const TASK_LIST_LIMIT = 500;
/** The longest task list window (days). */
export const TASK_WINDOW_MAX_DAYS = 400;
/** Days before its due date that a task is reminded. */
export const TASK_REMINDER_DAYS = 1;

const ZArea = z
  .number({ error: 'crops.validation.area' })
  .min(MIN_AREA_HA, 'crops.validation.area')
  .max(MAX_AREA_HA, 'crops.validation.area');
const ZTons = z
  .number({ error: 'crops.validation.quantity' })
  .positive('crops.validation.quantity')
  .max(2_000_000, 'crops.validation.quantity');
const optionalLine = (max: number) =>
  zSingleLine()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
const optionalNote = zMultiLine()
  .max(500)
  .nullish()
  .transform((v) => (v ? v : null));
// In a change, a field left out stays as it is (undefined); only an empty or null one clears it. (optionalLine and
// optionalNote make a missing field null, which a change would store: every tick erased the task's note.)
const changedLine = (max: number) =>
  zSingleLine()
    .max(max)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));
const changedNote = zMultiLine()
  .max(500)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

// ---- Plots ----

export const ZPlotInput = z.object({
  name: zSingleLine().min(1, 'crops.validation.name').max(60, 'crops.validation.name'),
  area: ZArea,
});
export type TPlotInput = z.input<typeof ZPlotInput>;
export const ZPlotUpdate = ZPlotInput.partial().extend({ archived: z.boolean().optional() });
export type TPlotUpdate = z.input<typeof ZPlotUpdate>;
export const ZPlotParams = z.object({ id: ZId, plotId: ZId });
export const ZPlot = z.object({
  id: z.number().int(),
  farmId: z.number().int(),
  name: z.string(),
  area: z.number(),
  archived: z.boolean(),
  /** The plan growing on it now (planned or active), if any. */
  current: z.object({ planId: z.number().int(), crop: ZCropKey, status: z.enum(PLAN_STATUSES) }).nullable(),
  createdAt: z.string(),
});
export type TPlot = z.infer<typeof ZPlot>;
export const ZPlots = z.object({
  plots: z.array(ZPlot),
  /** The farm's size and what its plots (not archived) take of it, in hectares. */
  farmSize: z.number(),
  plottedArea: z.number(),
});
export type TPlots = z.infer<typeof ZPlots>;

// ---- Crop plans ----

export const ZCropPlanInput = z.object({
  plotId: ZId,
  crop: ZCropKey,
  variety: optionalLine(60),
  area: ZArea,
  plantingDate: ZIsoDate,
  /** Tons wanted from this plan: the answer's `target` says the area it would take. */
  targetQuantity: ZTons.nullish(),
  /** The day the harvest is wanted by: the answer's `target` says the latest planting date. */
  targetDate: ZIsoDate.nullish(),
});
export type TCropPlanInput = z.input<typeof ZCropPlanInput>;
export const ZCropPlanUpdate = z.object({
  variety: changedLine(60),
  area: ZArea.optional(),
  /** Moves the plan's stages and its open tasks by the same number of days. */
  plantingDate: ZIsoDate.optional(),
});
export type TCropPlanUpdate = z.input<typeof ZCropPlanUpdate>;
export const ZAbandonInput = z.object({ reason: z.enum(ABANDON_REASONS), note: optionalNote });
export type TAbandonInput = z.input<typeof ZAbandonInput>;
/** `season`: a year (2026), or its first (2026-1: planted January–June) or second half (2026-2). */
export const ZSeason = z.string().regex(/^\d{4}(-[12])?$/, 'crops.validation.season');
export const ZCropPlanQuery = z.object({
  season: ZSeason.optional(),
  status: z.enum(PLAN_STATUSES).optional(),
});

export const ZStage = z.object({ key: z.enum(STAGE_KEYS), start: z.string(), end: z.string() });
export type TStage = z.infer<typeof ZStage>;
export const ZExpectedYield = z.object({
  /** Tons per hectare and for the plan's area: always an estimate. */
  perHectare: z.number(),
  total: z.number(),
  estimate: z.literal(true),
  basis: z.enum(YIELD_BASES),
  confidence: z.enum(YIELD_CONFIDENCES),
  /** The water-limited potential (FAO-33 yield response, FAO-56 eq. 90) from the crop table and the farm's data. */
  potential: z.object({ perHectare: z.number(), relativeYield: z.number().nullable(), source: z.string() }),
  /** What farms of the country commonly harvest, from a published table. */
  typical: z.object({ low: z.number(), high: z.number(), period: z.string(), source: z.string() }).nullable(),
  /** The farm's own final harvests of this crop, per hectare. */
  own: z.object({ perHectare: z.number(), harvests: z.number().int() }).nullable(),
  product: z.string(),
});
export type TExpectedYield = z.infer<typeof ZExpectedYield>;
export const ZPlanTarget = z.object({
  quantity: z.number().nullable(),
  /** Hectares the quantity takes at the expected yield, and whether the plot has them. */
  areaNeeded: z.number().nullable(),
  fitsPlot: z.boolean().nullable(),
  date: z.string().nullable(),
  /** The latest planting date whose harvest window opens by `date`. */
  plantBy: z.string().nullable(),
});
export type TPlanTarget = z.infer<typeof ZPlanTarget>;
/** How the stage lengths were set: the table's days, or lengthened by the farm's measured warmth (degree days). */
export const ZCalendarBasis = z.object({
  source: z.string(),
  /** The mean temperature the lengths were adjusted for (°C), and over how many days it was measured. */
  meanTemperature: z.number().nullable(),
  days: z.number().int(),
  /** The factor the table's stage lengths were multiplied by (1: unchanged). */
  factor: z.number(),
});

export const ZTaskPerson = z.object({ id: z.number().int(), username: z.string() });
export const ZTask = z.object({
  id: z.number().int(),
  farmId: z.number().int(),
  planId: z.number().int().nullable(),
  kind: z.enum(TASK_KINDS),
  /** The farmer's own words for a custom task; null for a task of the crop's template (named by its kind). */
  title: z.string().nullable(),
  /** For repeated tasks (weeding, scouting): 1, 2, … */
  round: z.number().int().nullable(),
  due: z.string(),
  status: z.enum(TASK_STATUSES),
  doneAt: z.string().nullable(),
  note: z.string().nullable(),
  assignee: ZTaskPerson.nullable(),
  /** Who recorded the last change (the web names them when it was someone else: an agent, a worker). */
  recordedBy: ZTaskPerson.nullable(),
  plan: z.object({ crop: ZCropKey, plotName: z.string() }).nullable(),
  /** The farm's name (on lists across farms). */
  farmName: z.string(),
});
export type TTask = z.infer<typeof ZTask>;
export const ZTaskUpdate = z
  .object({
    status: z.enum(TASK_STATUSES).optional(),
    doneAt: ZIsoDate.nullish(),
    note: changedNote,
    assigneeId: ZId.nullish(),
    due: ZIsoDate.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'crops.validation.nothingToChange');
export type TTaskUpdate = z.input<typeof ZTaskUpdate>;
export const ZTaskInput = z.object({
  title: zSingleLine().min(1, 'crops.validation.title').max(80, 'crops.validation.title'),
  due: ZIsoDate,
  planId: ZId.nullish(),
  note: optionalNote,
  assigneeId: ZId.nullish(),
});
export type TTaskInput = z.input<typeof ZTaskInput>;
export const ZTaskQuery = z.object({
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
  status: z.enum(TASK_STATUSES).optional(),
});
export const ZTasks = z.object({ tasks: z.array(ZTask) });
export type TTasks = z.infer<typeof ZTasks>;

// ---- Inputs, harvests and money ----

export const ZPlanInputInput = z
  .object({
    kind: z.enum(INPUT_KINDS),
    name: zSingleLine().min(1, 'crops.validation.name').max(80, 'crops.validation.name'),
    quantity: z.number().positive().max(1_000_000).nullish(),
    unit: optionalLine(20),
    /** Booked as a farm expense on `date`; or name `transactionId`, an expense already booked, to link it instead. */
    cost: ZAmount.optional(),
    transactionId: ZId.optional(),
    date: ZIsoDate,
  })
  .refine((v) => (v.cost === undefined) !== (v.transactionId === undefined), {
    message: 'crops.validation.costOrTransaction',
    path: ['cost'],
  });
export type TPlanInputInput = z.input<typeof ZPlanInputInput>;
export const ZPlanInput = z.object({
  id: z.number().int(),
  kind: z.enum(INPUT_KINDS),
  name: z.string(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  cost: z.number(),
  date: z.string(),
  transactionId: z.number().int(),
  recordedBy: ZTaskPerson.nullable(),
});
export type TPlanInput = z.infer<typeof ZPlanInput>;

export const ZHarvestUses = z.object({
  sold: z.number().min(0).optional(),
  home: z.number().min(0).optional(),
  feed: z.number().min(0).optional(),
  stored: z.number().min(0).optional(),
  lost: z.number().min(0).optional(),
});
export const ZHarvestInput = z.object({
  date: ZIsoDate,
  /** In `unit`; the uses are in the same unit and add up to it. */
  quantity: z
    .number({ error: 'crops.validation.quantity' })
    .positive('crops.validation.quantity')
    .max(1_000_000_000, 'crops.validation.quantity'),
  unit: z.enum(HARVEST_UNITS),
  grade: z.enum(GRADES).nullish(),
  moisture: z.number().min(0).max(100).nullish(),
  final: z.boolean().optional(),
  uses: ZHarvestUses.optional(),
});
export type THarvestInput = z.input<typeof ZHarvestInput>;
export const ZHarvest = z.object({
  id: z.number().int(),
  date: z.string(),
  /** Tons. */
  quantity: z.number(),
  entered: z.object({ quantity: z.number(), unit: z.enum(HARVEST_UNITS) }),
  grade: z.enum(GRADES).nullable(),
  moisture: z.number().nullable(),
  final: z.boolean(),
  /** Tons of each use. */
  uses: z.object({
    sold: z.number(),
    home: z.number(),
    feed: z.number(),
    stored: z.number(),
    lost: z.number(),
  }),
  recordedBy: ZTaskPerson.nullable(),
});
export type THarvest = z.infer<typeof ZHarvest>;

export const ZPlanMoney = z.object({
  inputs: z.number(),
  sales: z.number(),
  margin: z.number(),
  /** Inputs per ton harvested; null before a harvest. */
  costPerTon: z.number().nullable(),
});
export const ZPlanMoneyLink = z.object({
  source: z.enum(['transaction', 'sale']),
  id: z.number().int(),
  date: z.string(),
  amount: z.number(),
  type: z.enum(['income', 'expense']),
  /** A sale the plan took because it sold its crop after its harvest (the farmer may move it). */
  automatic: z.boolean(),
});
/** `POST /api/crop-plans/:id/links`: this money belongs to this plan (taken from any other). */
export const ZPlanLinkInput = z.object({ source: z.enum(['transaction', 'sale']), id: ZId });
/** `DELETE /api/crop-plans/:id/links/:source/:sourceId`: this money belongs to no plan. */
export const ZPlanLinkParams = z.object({ id: ZId, source: z.enum(['transaction', 'sale']), sourceId: ZId });

export const ZCropPlan = z.object({
  id: z.number().int(),
  farmId: z.number().int(),
  plotId: z.number().int(),
  plotName: z.string(),
  crop: ZCropKey,
  variety: z.string().nullable(),
  area: z.number(),
  plantingDate: z.string(),
  season: z.string(),
  status: z.enum(PLAN_STATUSES),
  abandoned: z
    .object({ reason: z.enum(ABANDON_REASONS), note: z.string().nullable(), at: z.string() })
    .nullable(),
  stages: z.array(ZStage),
  expectedHarvest: z.object({ from: z.string(), to: z.string() }),
  expectedYield: ZExpectedYield,
  calendar: ZCalendarBasis,
  target: ZPlanTarget.nullable(),
  /** Tons harvested so far, and per hectare. */
  harvested: z.object({ quantity: z.number(), perHectare: z.number() }).nullable(),
  tasks: z.array(ZTask),
  recordedBy: ZTaskPerson.nullable(),
  createdAt: z.string(),
});
export type TCropPlan = z.infer<typeof ZCropPlan>;
export const ZCropPlanDetails = ZCropPlan.extend({
  inputs: z.array(ZPlanInput),
  harvests: z.array(ZHarvest),
  money: ZPlanMoney,
  links: z.array(ZPlanMoneyLink),
});
export type TCropPlanDetails = z.infer<typeof ZCropPlanDetails>;
/** A list of plans leaves out their tasks (read a plan for them). */
export const ZCropPlanSummary = ZCropPlan.omit({ tasks: true }).extend({
  openTasks: z.number().int(),
  overdueTasks: z.number().int(),
});
export type TCropPlanSummary = z.infer<typeof ZCropPlanSummary>;
export const ZCropPlans = z.object({ plans: z.array(ZCropPlanSummary) });
export type TCropPlans = z.infer<typeof ZCropPlans>;
