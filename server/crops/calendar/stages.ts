// A crop plan's calendar: its FAO-56 growth stages from the planting date, lengthened by degree days, and its harvest window.
import type { z } from 'zod';
import { STAGE_KEYS, type StageKey, type TStage, type ZCalendarBasis } from '../../../contract/crop-plans';
import type { CropKey } from '../../../contract/crops';
import { CROPS, type CropCycle, dayNumberOfIso, isoOfDayNumber, round } from '../../farms';

export interface CalendarInput {
  crop: CropKey;
  /** YYYY-MM-DD. */
  plantingDate: string;
  /** Mean daily temperature measured on the farm (°C), null when none. */
  meanTemperature: number | null;
  /** Days the mean temperature was measured over. */
  temperatureDays: number;
}

export interface PlanCalendar {
  stages: TStage[];
  expectedHarvest: { from: string; to: string };
  basis: z.infer<typeof ZCalendarBasis>;
}

/** Fewer measured days than this say nothing about a season's warmth (one cold or hot spell), so the table stands. */
export const MIN_TEMPERATURE_DAYS = 7;
/** The most the degree-day adjustment lengthens a season: past it the farm is too cold for the crop, not slow. */
export const MAX_STAGE_FACTOR = 2;
/** Days a dry crop's harvest window stays open after the FAO-56 season end (field drying, labour, weather). */
export const DRY_HARVEST_SPREAD_DAYS = 14;

/**
 * How a crop's harvest window sits around the FAO-56 season end (the end of the late-season stage, "harvest or full
 * senescence", FAO-56 ch. 6). An app convention, not a published figure:
 * - `season_end`: dry grain, seed, bulbs, tubers and cane are harvested once, at maturity — from the season's last
 *   day for two weeks (the crop waits in the field while it dries and hands are found);
 * - `late_season`: fruit, heads, pods, cherries, bunches and bolls are picked as they ripen, through the late season
 *   (from the day after the mid-season ends to the season end);
 * - `in_ground`: cassava roots keep in the ground — from the end of year 1 through the dry-season rest that opens
 *   year 2 (Table 11's year-2 initial stage); once the plant regrows it draws on the roots' starch.
 */
export type HarvestRule = 'season_end' | 'late_season' | 'in_ground';

export const HARVEST_RULE: Readonly<Record<CropKey, HarvestRule>> = {
  maize: 'season_end',
  sorghum: 'season_end',
  millet: 'season_end',
  rice: 'season_end',
  wheat: 'season_end',
  cassava: 'in_ground',
  potato: 'season_end',
  sweet_potato: 'season_end',
  beans: 'season_end',
  soybean: 'season_end',
  groundnut: 'season_end',
  cowpea: 'season_end',
  tomato: 'late_season',
  onion: 'season_end',
  cabbage: 'late_season',
  cocoa: 'late_season',
  coffee: 'late_season',
  banana: 'late_season',
  cotton: 'late_season',
  sugarcane: 'season_end',
};

const HARVEST_RULE_SOURCE: Readonly<Record<HarvestRule, string>> = {
  season_end: `harvest window: the FAO-56 season end and the ${DRY_HARVEST_SPREAD_DAYS} days after it (app convention, not a published figure)`,
  late_season:
    'harvest window: the late-season stage, picked as it ripens, up to the FAO-56 season end (app convention, not a published figure)',
  in_ground:
    'harvest window: from the FAO-56 year-1 season end through the year-2 initial stage, roots kept in the ground (app convention, not a published figure)',
};

// --- Dates ----------------------------------------------------------------------------------------------------------

function dayNumber(iso: string): number {
  const day = dayNumberOfIso(iso);
  if (day === null) {
    throw new RangeError(`not a calendar date: ${iso}`);
  }
  return day;
}

/** The date `days` after (before, when negative) an ISO date, counted on UTC day numbers so no time zone moves it. */
export function shiftIsoDate(iso: string, days: number): string {
  return isoOfDayNumber(dayNumber(iso) + Math.round(days));
}

/** Days from one ISO date to another (negative when `toIso` comes first). */
export function daysBetween(fromIso: string, toIso: string): number {
  return dayNumber(toIso) - dayNumber(fromIso);
}

// --- Degree days ----------------------------------------------------------------------------------------------------

/** The farm's mean temperature when it was measured over enough days to speak for the season, else null. */
function weighedMean(meanTemperature: number | null, temperatureDays: number): number | null {
  if (
    meanTemperature === null ||
    !Number.isFinite(meanTemperature) ||
    !(temperatureDays >= MIN_TEMPERATURE_DAYS)
  ) {
    return null;
  }
  return meanTemperature;
}

/**
 * How much longer the stages take on this farm. Table 11's lengths are what the crop takes at the low end of its
 * optimum warmth (`gdd.reference`); a cooler farm gathers fewer degree days a day, (mean − base) instead of
 * (reference − base), so it needs proportionally more days for the same heat sum (McMaster & Wilhelm 1997, with the
 * upper cut-off). Never shortened: a warmer farm does not beat the table, whose lengths are at optimum warmth. Too few
 * measured days, or none, leave the table as it is. Rounded to 0.001, and the stages use the rounded factor, so the
 * factor shown is the one applied. It errs short: FAO's maize page (cited in the maize row's `gdd.source`) has each
 * 0.5 °C below 20 °C delay maturity 10–20 days, where this lengthens a 125-day maize season by 14 days at 19 °C.
 */
export function stageFactor(crop: CropKey, meanTemperature: number | null, temperatureDays: number): number {
  const { base, upper, reference } = CROPS[crop].gdd;
  const mean = weighedMean(meanTemperature, temperatureDays);
  if (mean === null || mean >= reference) {
    return 1;
  }
  const warmth = Math.min(mean, upper) - base;
  if (warmth <= 0) {
    return MAX_STAGE_FACTOR;
  }
  return round(Math.min(MAX_STAGE_FACTOR, Math.max(1, (reference - base) / warmth)), 3);
}

// --- Stages ---------------------------------------------------------------------------------------------------------

/**
 * The cycle a plan follows: the first, the one that starts at planting. Annuals have one. Cassava's year 1 is its
 * plan (its year 2 only bounds the harvest window, `in_ground`); banana and sugarcane plans are the plant crop (the
 * ratoons that follow are later plans); cocoa and coffee have one cycle, which is one season of an established
 * plantation (the plan's "planting date" is the season's start).
 */
function planCycle(crop: CropKey): CropCycle {
  const first = CROPS[crop].cycles[0];
  if (first === undefined) {
    throw new Error(`crop ${crop} has no cycle`);
  }
  return first;
}

/**
 * Each stage's [first, last] day offset from planting: the cumulative Table 11 ends are scaled and rounded (not each
 * length), so the season's total is the scaled total, to the day. Stage i starts the day after stage i−1 ends.
 */
function stageOffsets(cycle: CropCycle, factor: number): { key: StageKey; first: number; last: number }[] {
  let cumulative = 0;
  let previousEnd = 0;
  return STAGE_KEYS.map((key) => {
    cumulative += cycle.lengths[key];
    const end = Math.round(cumulative * factor);
    const offsets = { key, first: previousEnd, last: end - 1 };
    previousEnd = end;
    return offsets;
  });
}

function harvestWindow(crop: CropKey, stages: TStage[], factor: number): { from: string; to: string } {
  const late = stages[stages.length - 1];
  if (late === undefined) {
    throw new Error('a calendar has stages');
  }
  switch (HARVEST_RULE[crop]) {
    case 'season_end':
      return { from: late.end, to: shiftIsoDate(late.end, DRY_HARVEST_SPREAD_DAYS) };
    case 'late_season':
      return { from: late.start, to: late.end };
    case 'in_ground': {
      const next = CROPS[crop].cycles[1];
      const rest = next === undefined ? DRY_HARVEST_SPREAD_DAYS : Math.round(next.lengths.initial * factor);
      return { from: late.end, to: shiftIsoDate(late.end, Math.max(1, rest)) };
    }
  }
}

/** The plan's stages and harvest window from its planting date, with how they were set. */
export function planCalendar(input: CalendarInput): PlanCalendar {
  const { crop, plantingDate } = input;
  const cycle = planCycle(crop);
  const gdd = CROPS[crop].gdd;
  const factor = stageFactor(crop, input.meanTemperature, input.temperatureDays);
  const stages = stageOffsets(cycle, factor).map(({ key, first, last }) => ({
    key,
    start: shiftIsoDate(plantingDate, first),
    end: shiftIsoDate(plantingDate, last),
  }));
  // The mean is reported only when it was weighed (enough days): otherwise the table's lengths stand unexamined.
  const mean = weighedMean(input.meanTemperature, input.temperatureDays);
  return {
    stages,
    expectedHarvest: harvestWindow(crop, stages, factor),
    basis: {
      source: `FAO-56 ${cycle.source}; lengthened by degree days below ${gdd.reference} °C (base ${gdd.base} °C): ${gdd.source}; ${HARVEST_RULE_SOURCE[HARVEST_RULE[crop]]}`,
      meanTemperature: mean === null ? null : round(mean, 1),
      days: Math.max(0, Math.floor(input.temperatureDays)),
      factor,
    },
  };
}
