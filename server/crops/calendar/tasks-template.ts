// The tasks a new crop plan starts with: each crop group's field operations, dated from the plan's stages.

import { type StageKey, TASK_KINDS, type TaskKind } from '../../../contract/crop-plans';
import type { CropKey } from '../../../contract/crops';
import { CROPS } from '../../farms';
import { daysBetween, type PlanCalendar, shiftIsoDate } from './stages';

export interface TemplateTask {
  kind: TaskKind;
  /** 1, 2, … for repeated tasks (weeding, scouting); null for one-off tasks. */
  round: number | null;
  due: string;
}

/** A day inside a stage: `fraction` 0 is its first day, 0.5 its middle. */
interface Anchor {
  stage: StageKey;
  fraction: number;
}

interface Template {
  /** Days after planting to replace what did not come up; null: an established plantation (no land preparation, planting or gap filling). */
  gapFillingDays: number | null;
  /** When the basal fertiliser goes on. */
  basal: Anchor | 'planting';
  weeding: { first: Anchor; everyDays: number; rounds: number };
  /** Nitrogen top-dressing, in the middle of the development stage; null: none (legumes fix their own). */
  topDressing: Anchor | null;
}

/** Land is cleared and ploughed ahead of planting, so the soil has settled and the first weeds are turned in. */
const LAND_PREPARATION_DAYS_BEFORE = 14;
/** Most field crops are up within a week of sowing (4–10 days): scouting starts then. */
const EMERGENCE_DAYS = 7;
/** Scouting rounds a plan gets at most: long crops are scouted every two (three…) weeks instead, to the same end. */
export const MAX_SCOUTING_ROUNDS = 20;
/** A week of sun on the threshing floor or drying rack before the crop goes into store. */
const DRYING_DAYS_AFTER_HARVEST = 7;

const DEVELOPMENT_START: Anchor = { stage: 'development', fraction: 0 };
const DEVELOPMENT_MIDDLE: Anchor = { stage: 'development', fraction: 0.5 };

// Every timing below is an app convention drawn from extension practice as we know it (FAO, IITA, CGIAR centres,
// national extension services), paraphrased from memory rather than from a document stored with the project: no
// figure here is data, each is a default the farmer moves when their own practice differs.

// TEMPLATE_SOURCE cereals (maize, sorghum, millet, rice, wheat): national extension guides (e.g. Ghana's Ministry of
// Food and Agriculture maize guide, IITA's maize production manual) ask for land cleared a couple of weeks before
// sowing, basal NPK at sowing, gaps re-sown about ten days after sowing, weeds cleared at about three and six weeks
// after sowing, and nitrogen top-dressed four to six weeks after sowing, while the crop is in its rapid growth: here
// the first weeding opens the development stage, the second follows three weeks later, top-dressing is in its middle.
const CEREAL: Template = {
  gapFillingDays: 10,
  basal: 'planting',
  weeding: { first: DEVELOPMENT_START, everyDays: 21, rounds: 2 },
  topDressing: DEVELOPMENT_MIDDLE,
};
// TEMPLATE_SOURCE legumes (beans, soybean, groundnut, cowpea): IITA and national guides for grain legumes ask for two
// weedings, the second before groundnut pegs or cowpea pods form (about three and six weeks), phosphate at sowing
// and no nitrogen top-dressing (the crop fixes its own).
const LEGUME: Template = { ...CEREAL, topDressing: null };
// TEMPLATE_SOURCE vegetables (tomato, cabbage, onion, potato): transplants or seed tubers that fail are replaced
// within the first week, two weedings, compost or NPK at planting and a nitrogen side-dressing while the crop grows
// fast (FAO and national horticulture extension practice).
const VEGETABLE: Template = { ...CEREAL, gapFillingDays: EMERGENCE_DAYS };
// TEMPLATE_SOURCE cassava: IITA's cassava guides: cuttings take up to three weeks to sprout, so missing stands are
// replaced then; fertiliser once the cuttings have rooted (not at planting); the field kept weed-free for the first
// three months, which takes about three weedings a month apart.
const CASSAVA: Template = {
  gapFillingDays: 21,
  basal: DEVELOPMENT_START,
  weeding: { first: DEVELOPMENT_START, everyDays: 28, rounds: 3 },
  topDressing: null,
};
// TEMPLATE_SOURCE sweet potato: vine cuttings re-planted where they failed after about two weeks, two weedings
// before the vines cover the ground, no top-dressing (CGIAR/CIP extension practice).
const SWEET_POTATO: Template = { ...LEGUME, gapFillingDays: 14 };
// TEMPLATE_SOURCE tree crops (cocoa, coffee): a plan is one season of an established plantation (cocoa and coffee
// bear from their third to fifth year, so a plan planted this season would have no harvest): no land preparation,
// planting or gap filling; national cocoa and coffee extension (e.g. Ghana's Cocoa Research Institute) asks for
// slashing weeds a few times a year and fertiliser with the early-season flush: here at the start of the
// development stage, the second slashing a season-quarter later.
const TREE: Template = {
  gapFillingDays: null,
  basal: DEVELOPMENT_START,
  weeding: { first: DEVELOPMENT_START, everyDays: 90, rounds: 2 },
  topDressing: null,
};
// TEMPLATE_SOURCE plantation crops planted for the plan (banana, sugarcane): suckers or setts that did not take are
// replaced after about three weeks; the young crop is kept weeded through its slow first months (three weedings
// about two months apart, from the middle of the initial stage) and gets nitrogen split during its growth
// (extension practice in FAO and national guides).
const PLANTATION: Template = {
  gapFillingDays: 21,
  basal: 'planting',
  weeding: { first: { stage: 'initial', fraction: 0.5 }, everyDays: 56, rounds: 3 },
  topDressing: DEVELOPMENT_MIDDLE,
};
// TEMPLATE_SOURCE cotton: national cotton company practice in West Africa: sown like a cereal, re-sown and thinned
// after about ten days, weeded twice, urea at squaring (the development stage).
const FIBRE: Template = CEREAL;

const TEMPLATES: Readonly<Record<CropKey, Template>> = {
  maize: CEREAL,
  sorghum: CEREAL,
  millet: CEREAL,
  rice: CEREAL,
  wheat: CEREAL,
  beans: LEGUME,
  soybean: LEGUME,
  groundnut: LEGUME,
  cowpea: LEGUME,
  tomato: VEGETABLE,
  cabbage: VEGETABLE,
  onion: VEGETABLE,
  potato: VEGETABLE,
  cassava: CASSAVA,
  sweet_potato: SWEET_POTATO,
  cocoa: TREE,
  coffee: TREE,
  banana: PLANTATION,
  sugarcane: PLANTATION,
  cotton: FIBRE,
};

/**
 * Crops dried (or cured) and stored after harvest: grain, seed and nuts, cocoa and coffee beans, seed cotton, onion
 * bulbs and potato tubers (cured before storing). Tomato, cabbage, cassava and sweet potato roots, bananas and cane
 * are sold or processed fresh, so they get no drying task.
 */
const DRIED: ReadonlySet<CropKey> = new Set<CropKey>([
  'maize',
  'sorghum',
  'millet',
  'rice',
  'wheat',
  'beans',
  'soybean',
  'groundnut',
  'cowpea',
  'onion',
  'potato',
  'cocoa',
  'coffee',
  'cotton',
]);

// --- Dating -----------------------------------------------------------------------------------------------------

function anchorDate(calendar: PlanCalendar, anchor: Anchor): string {
  const stage = calendar.stages.find((s) => s.key === anchor.stage);
  if (stage === undefined) {
    throw new Error(`a calendar without its ${anchor.stage} stage`);
  }
  const length = daysBetween(stage.start, stage.end) + 1;
  return shiftIsoDate(stage.start, Math.floor(anchor.fraction * length));
}

function stageEnd(calendar: PlanCalendar, key: StageKey): string {
  const stage = calendar.stages.find((s) => s.key === key);
  if (stage === undefined) {
    throw new Error(`a calendar without its ${key} stage`);
  }
  return stage.end;
}

/**
 * Weekly scouting from emergence to the end of the mid-season stage, when most pests and diseases that cost yield
 * strike. A long crop would get dozens of rounds (a cassava plan 21, a cocoa season 38, a banana plan 47): past MAX_SCOUTING_ROUNDS the
 * interval widens by whole weeks until the same span fits, so every crop is watched to the same stage end.
 */
function scoutingTasks(calendar: PlanCalendar, plantingDate: string): TemplateTask[] {
  const first = shiftIsoDate(plantingDate, EMERGENCE_DAYS);
  const span = daysBetween(first, stageEnd(calendar, 'mid'));
  if (span < 0) {
    return [];
  }
  let interval = 7;
  while (Math.floor(span / interval) + 1 > MAX_SCOUTING_ROUNDS) {
    interval += 7;
  }
  const rounds = Math.floor(span / interval) + 1;
  return Array.from({ length: rounds }, (_, i) => ({
    kind: 'scouting' as const,
    round: i + 1,
    due: shiftIsoDate(first, i * interval),
  }));
}

function establishmentTasks(template: Template, plantingDate: string): TemplateTask[] {
  if (template.gapFillingDays === null) {
    return [];
  }
  return [
    { kind: 'land_preparation', round: null, due: shiftIsoDate(plantingDate, -LAND_PREPARATION_DAYS_BEFORE) },
    { kind: 'planting', round: null, due: plantingDate },
    { kind: 'gap_filling', round: null, due: shiftIsoDate(plantingDate, template.gapFillingDays) },
  ];
}

function nutritionTasks(template: Template, calendar: PlanCalendar, plantingDate: string): TemplateTask[] {
  const basal = template.basal === 'planting' ? plantingDate : anchorDate(calendar, template.basal);
  const tasks: TemplateTask[] = [{ kind: 'basal_fertiliser', round: null, due: basal }];
  if (template.topDressing !== null) {
    tasks.push({ kind: 'top_dressing', round: null, due: anchorDate(calendar, template.topDressing) });
  }
  return tasks;
}

function weedingTasks(template: Template, calendar: PlanCalendar): TemplateTask[] {
  const first = anchorDate(calendar, template.weeding.first);
  return Array.from({ length: template.weeding.rounds }, (_, i) => ({
    kind: 'weeding' as const,
    round: i + 1,
    due: shiftIsoDate(first, i * template.weeding.everyDays),
  }));
}

/** Earlier first; on one day in the order of the season's work (TASK_KINDS), then by round. */
function byDue(a: TemplateTask, b: TemplateTask): number {
  return (
    a.due.localeCompare(b.due) ||
    TASK_KINDS.indexOf(a.kind) - TASK_KINDS.indexOf(b.kind) ||
    (a.round ?? 0) - (b.round ?? 0)
  );
}

/** The crop's template tasks dated from the plan's calendar, sorted by due date. */
export function planTasks(crop: CropKey, calendar: PlanCalendar): TemplateTask[] {
  const template = TEMPLATES[crop];
  const plantingDate = calendar.stages[0]?.start;
  if (plantingDate === undefined) {
    throw new Error('a calendar has stages');
  }
  const harvest = calendar.expectedHarvest.from;
  const tasks: TemplateTask[] = [
    ...establishmentTasks(template, plantingDate),
    ...nutritionTasks(template, calendar, plantingDate),
    ...weedingTasks(template, calendar),
    ...scoutingTasks(calendar, plantingDate),
    { kind: 'harvest', round: null, due: harvest },
  ];
  if (DRIED.has(crop)) {
    tasks.push({
      kind: 'drying_storage',
      round: null,
      due: shiftIsoDate(harvest, DRYING_DAYS_AFTER_HARVEST),
    });
  }
  return tasks.sort(byDue);
}

/**
 * A spray the day after the blight model flags a high risk (Smith/Hutton periods, on potato and tomato): a
 * protectant fungicide works before the spores infect, so the farmer acts at once. Null for a crop blight spares.
 */
export function blightSprayTask(crop: CropKey, riskDate: string): TemplateTask | null {
  if (!CROPS[crop].blightHost) {
    return null;
  }
  return { kind: 'spray', round: null, due: shiftIsoDate(riskDate, 1) };
}
