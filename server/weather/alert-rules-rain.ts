// Rain alerts: the planting rains have set in (Sivakumar 1988), heavy rain on a ripe crop or a drying lot (ETCCDI R20mm).
import type { TWeatherAlert } from '../../contract/weather';
import { round } from '../farms';
import { allDays, isKnownDry, runsOf, shiftDate, stageOf, within } from './alert-rules-days';
import type { RuleDay, RuleInput, RulePlan } from './alert-rules-input';

// --- Planting rains ----------------------------------------------------------------------------------------------

/**
 * Onset of the rains, Sivakumar, M.V.K. (1988), "Predicting rainy season potential from the onset of rains in
 * Southern Sahelian and Sudanian climatic zones of West Africa", Agricultural and Forest Meteorology 42:295–305: the
 * first day ending 3 consecutive days with at least 20 mm, not followed by a dry spell of more than 7 days. The
 * paper looks 30 days ahead; we can see only as far as the forecast, which the basis text says.
 */
export const ONSET_RAIN_MM = 20;
export const ONSET_DAYS = 3;
export const ONSET_MAX_DRY_DAYS = 7;
/** The onset is news while its last day is within this many days before today. */
const ONSET_NEWS_DAYS = 3;

/** The onset: the first observed 3-day window with enough rain and no long dry spell from it to the forecast's end. */
function onset(days: readonly RuleDay[], today: string): { end: string; rainMm: number } | null {
  for (let last = ONSET_DAYS - 1; last < days.length; last++) {
    const end = days[last];
    if (end === undefined || end.date >= today) {
      return null;
    }
    const window = days.slice(last - ONSET_DAYS + 1, last + 1);
    const first = window[0];
    if (first === undefined || shiftDate(first.date, ONSET_DAYS - 1) !== end.date) {
      continue;
    }
    const rain = window.reduce((sum, d) => sum + (d.rainMm ?? Number.NaN), 0);
    // A day without data counts as dry here: the onset must be shown, not assumed.
    const longestDry = Math.max(
      0,
      ...runsOf(days.slice(last - ONSET_DAYS + 1), (d) => d.rainMm === null || isKnownDry(d)).map(
        ([a, b]) => b - a + 1,
      ),
    );
    if (rain >= ONSET_RAIN_MM && longestDry <= ONSET_MAX_DRY_DAYS) {
      return { end: end.date, rainMm: rain };
    }
  }
  return null;
}

/** One alert per plan waiting to be sown, while the onset's last day is in the last 3 days (its `day`). */
export function plantingRainsAlerts(input: RuleInput): TWeatherAlert[] {
  const planned = input.plans.filter((p) => p.status === 'planned');
  const since = shiftDate(input.today, -ONSET_NEWS_DAYS);
  if (planned.length === 0 || since === null) {
    return [];
  }
  const found = onset(allDays(input), input.today);
  if (found === null || found.end < since) {
    return [];
  }
  return planned.map((plan) => ({
    kind: 'planting_rains',
    planId: plan.id,
    lotId: null,
    crop: plan.crop,
    plotName: plan.plotName,
    day: found.end,
    facts: { rainMm: round(found.rainMm, 1), days: ONSET_DAYS },
  }));
}

// --- Heavy rain --------------------------------------------------------------------------------------------------

/**
 * ETCCDI index R20mm, "very heavy precipitation days": daily rain ≥ 20 mm (Expert Team on Climate Change Detection
 * and Indices, CCl/WCRP/JCOMM).
 */
export const HEAVY_RAIN_MM = 20;
/** A plan is near harvest from this many days before its harvest window opens (app convention). */
export const NEAR_HARVEST_DAYS = 14;

function nearHarvest(plan: RulePlan, today: string): boolean {
  const late = stageOf(plan, 'late');
  if (late !== undefined && within(today, late)) {
    return true;
  }
  const harvest = plan.expectedHarvest;
  const opens = harvest === null ? null : shiftDate(harvest.from, -NEAR_HARVEST_DAYS);
  return harvest !== null && opens !== null && today >= opens && today <= harvest.to;
}

/**
 * The nearest forecast day with very heavy rain: one alert for each active plan near harvest, and one for each
 * drying lot (each lot is its own crop and moisture, and the dedupe key carries the lot; the coordinator's one
 * weather message a day keeps several lots from becoming several messages).
 */
export function heavyRainAlerts(input: RuleInput): TWeatherAlert[] {
  const heavy = input.forecast.find(
    (d) => d.date >= input.today && d.rainMm !== null && d.rainMm >= HEAVY_RAIN_MM,
  );
  if (heavy === undefined || heavy.rainMm === null) {
    return [];
  }
  const facts = { rainMm: round(heavy.rainMm, 1), date: heavy.date };
  const plans: TWeatherAlert[] = input.plans
    .filter((plan) => plan.status === 'active' && nearHarvest(plan, input.today))
    .map((plan) => ({
      kind: 'heavy_rain',
      planId: plan.id,
      lotId: null,
      crop: plan.crop,
      plotName: plan.plotName,
      day: heavy.date,
      facts,
    }));
  const lots: TWeatherAlert[] = input.dryingLots.map((lot) => ({
    kind: 'heavy_rain',
    planId: null,
    lotId: lot.lotId,
    crop: lot.crop,
    plotName: null,
    day: heavy.date,
    facts: { ...facts, moisture: round(lot.moisture, 1) },
  }));
  return [...plans, ...lots];
}
