// Dry spell at flowering: a forecast run of dry days over the mid-season stage, with the irrigation the FAO-56 root-zone
// water balance asks for once the depletion passes the readily available water.
import type { CropKey } from '../../contract/crops';
import type { TWeatherAlert } from '../../contract/weather';
import { CROPS, dayNumberOfIso, kcOnDay, runWaterBalance, soilWater, totalAvailableWater } from '../farms';
import { allDays, isKnownDry, runsOf, stageOf, within } from './alert-rules-days';
import type { RuleDay, RuleInput, RulePlan } from './alert-rules-input';

/**
 * Crops whose flowering (FAO-56's mid-season stage) is their most water-sensitive period: cereals and grain legumes,
 * and tomato (Doorenbos & Kassam 1979, FAO Irrigation and Drainage Paper 33, "Yield response to water").
 */
export const WATER_SENSITIVE_CROPS: readonly CropKey[] = [
  'maize',
  'sorghum',
  'millet',
  'rice',
  'beans',
  'cowpea',
  'groundnut',
  'soybean',
  'tomato',
];
/** Dry days the forecast must hold in a row (app convention for a "dry spell" worth a message). */
export const DRY_SPELL_DAYS = 5;

function isSensitive(crop: string): crop is CropKey {
  return (WATER_SENSITIVE_CROPS as readonly string[]).includes(crop);
}

/** The first run of dry days with DRY_SPELL_DAYS of them forecast, some in the stage; it may start in the past. */
function drySpell(
  days: readonly RuleDay[],
  today: string,
  stage: { start: string; end: string },
): RuleDay[] | null {
  for (const [a, b] of runsOf(days, isKnownDry)) {
    const run = days.slice(a, b + 1);
    const ahead = run.filter((d) => d.date >= today);
    if (ahead.length >= DRY_SPELL_DAYS && ahead.some((d) => within(d.date, stage))) {
      return run;
    }
  }
  return null;
}

/**
 * Depletion of the root zone [mm] and its RAW on each day from planting (or the first day known) to the forecast's
 * end: FAO-56 (Allen et al. 1998) ch. 8, eq. 85, started at field capacity like the farm analyses, with Kc from the
 * plan's own stages (eq. 66 over them), the Table 22 root depth for irrigation scheduling (the smaller) and p, TAW
 * from the soil (Table 19). A day without data adds neither rain nor demand.
 */
function balance(
  plan: RulePlan,
  crop: CropKey,
  days: readonly RuleDay[],
  soilTexture: string | null,
): Map<string, { depletion: number; raw: number }> | null {
  const params = CROPS[crop];
  const cycle = params.cycles[0];
  const start = plan.stages[0]?.start ?? plan.plantingDate;
  const startDay = dayNumberOfIso(start);
  if (cycle === undefined || startDay === null) {
    return null;
  }
  const lengths = { initial: 0, development: 0, mid: 0, late: 0 };
  for (const stage of plan.stages) {
    const first = dayNumberOfIso(stage.start);
    const last = dayNumberOfIso(stage.end);
    lengths[stage.key] = first === null || last === null ? 0 : Math.max(1, last - first + 1);
  }
  const season = days.filter((d) => d.date >= start);
  const soil = soilWater(soilTexture);
  const taw = totalAvailableWater(soil.fieldCapacity, soil.wiltingPoint, params.rootDepth.min);
  const steps = runWaterBalance(
    season.map((d) => ({
      et0: d.et0Mm ?? 0,
      kc: kcOnDay(lengths, cycle.kc, (dayNumberOfIso(d.date) ?? startDay) - startDay + 1).kc,
      rain: d.rainMm ?? 0,
      irrigation: 0,
      measuredDepletion: null,
    })),
    { taw, pTable: params.depletionFraction, adjustP: true, initialDepletion: 0 },
  );
  return new Map(
    season.map((d, i) => [d.date, { depletion: steps[i]?.depletionEnd ?? 0, raw: steps[i]?.raw ?? taw }]),
  );
}

/** For each active plan of a sensitive crop, a dry spell over its flowering that takes the root zone past RAW. */
export function drySpellAlerts(input: RuleInput): TWeatherAlert[] {
  const days = allDays(input);
  const alerts: TWeatherAlert[] = [];
  for (const plan of input.plans) {
    const mid = stageOf(plan, 'mid');
    if (plan.status !== 'active' || !isSensitive(plan.crop) || mid === undefined) {
      continue;
    }
    const spell = drySpell(days, input.today, mid) ?? [];
    const first = spell[0];
    const last = spell[spell.length - 1];
    const states = first === undefined ? null : balance(plan, plan.crop, days, input.soilTexture);
    if (states === null || first === undefined || last === undefined) {
      continue;
    }
    // Past RAW on a forecast day of the spell: the crop starts to lose yield to water stress (FAO-56 eq. 84).
    const stressed = spell.some((d) => {
      const state = states.get(d.date);
      return d.date >= input.today && state !== undefined && state.depletion > state.raw;
    });
    if (!stressed) {
      continue;
    }
    alerts.push({
      kind: 'dry_spell',
      planId: plan.id,
      lotId: null,
      crop: plan.crop,
      plotName: plan.plotName,
      day: first.date,
      facts: {
        days: spell.length,
        from: first.date,
        irrigationMm: Math.round(states.get(last.date)?.depletion ?? 0),
      },
    });
  }
  return alerts;
}
