// Resource optimisation: irrigation applied vs the crop's net irrigation need over the week ending at the latest reading.
import { type AnalysisContext, analysisWindow, periodInputs, type SeriesDay } from './context';
import { cycleLength } from './crop-types';
import { isoOfDayNumber } from './dates';
import {
  type MethodRef,
  type MissingMessage,
  method,
  missing,
  type RecommendationMessage,
  recommendation,
  source,
} from './messages';
import { mm, round, score } from './numbers';
import { commonMissing, estimateMessages, sensorRecommendations } from './quality';
import { balanceWindow, type WindowBalance, type WindowTotals, windowTotals } from './resource-window';
import type { Et0Day, ReadingCounts, ResourceOptimizationData } from './types';

const PENMAN_MONTEITH = method('fao56_penman_monteith', source('fao56_penman_monteith'));
const HARGREAVES = method('hargreaves', source('hargreaves'));
const BALANCE = method('fao56_water_balance', source('fao56_water_balance_window'));

export function analyseResources(analysis: AnalysisContext): ResourceOptimizationData {
  const window = analysisWindow(analysis);
  const missingList: MissingMessage[] = commonMissing(analysis);
  if (window === null) {
    return noWindowResult(analysis, missingList);
  }
  const { start, end } = window;
  const balance = balanceWindow(analysis, start, end);
  const totals = windowTotals(balance);
  const evidence: Evidence = {
    surveysInWindow: analysis.surveys.some((s) => s.dayNumber >= start && s.dayNumber <= end),
    measuredStart: balance.series[0]?.weather?.soilMoisture != null,
  };
  missingList.push(...resourceMissing(analysis, balance, totals, evidence));
  const inputs = periodInputs(analysis, start, end);
  const et0Daily = dailyEt0(balance.windowDays);
  const { primary, methods } = resourceMethods(analysis, balance, totals, et0Daily);
  const { n, lastStep } = totals;

  return {
    method: primary,
    methods,
    inputs,
    missing: missingList,
    confidenceScore: score(resourceConfidence(analysis, totals, evidence)),
    recommendations: resourceRecommendations(balance, totals, evidence, inputs.readings),
    et0: mm(n > 0 ? totals.et0Sum / n : 0),
    et0Daily,
    kc: round(totals.last?.crop.kc ?? 0, 3),
    kcMean: round(n > 0 ? totals.kcSum / n : 0, 3),
    cropStage: totals.phase,
    etc: mm(totals.etc),
    effectiveRainfall: mm(totals.effectiveRain),
    waterUsage: {
      current: mm(totals.current),
      recommended: mm(totals.recommended),
      savings: round(totals.savings, 1),
    },
    rootZone:
      lastStep === undefined
        ? null
        : {
            depletion: mm(lastStep.depletionEnd),
            readilyAvailable: mm(lastStep.raw),
            totalAvailable: mm(balance.taw),
            rootDepth: round(balance.rootDepth, 2),
          },
  };
}

/** No reading at all: nothing to balance, so the advice is to record irrigation and add sensors. */
function noWindowResult(analysis: AnalysisContext, missingList: MissingMessage[]): ResourceOptimizationData {
  const inputs = periodInputs(analysis, null, null);
  return {
    method: PENMAN_MONTEITH,
    methods: [PENMAN_MONTEITH],
    inputs,
    missing: missingList,
    confidenceScore: 0,
    recommendations: [recommendation('record_irrigation'), ...sensorRecommendations(inputs.readings)],
    et0: 0,
    et0Daily: [],
    kc: 0,
    kcMean: 0,
    cropStage: null,
    etc: 0,
    effectiveRainfall: 0,
    waterUsage: { current: 0, recommended: 0, savings: 0 },
    rootZone: null,
  };
}

/** Whether the farm recorded irrigation in the window and measured the soil where the balance starts. */
interface Evidence {
  surveysInWindow: boolean;
  measuredStart: boolean;
}

/** Missing inputs and assumptions. */
function resourceMissing(
  analysis: AnalysisContext,
  balance: WindowBalance,
  totals: WindowTotals,
  evidence: Evidence,
): MissingMessage[] {
  const { crop, soil } = analysis;
  const { rainMissing, phase } = totals;
  const list: MissingMessage[] = [];
  const ownEt0 = balance.windowDays.map((d) => d.et0Result);
  const daysWithoutEt0 = ownEt0.filter((r) => r === null).length;
  if (!balance.hasWeather) {
    list.push(missing('no_temperature'));
  } else if (daysWithoutEt0 > 0) {
    list.push(missing('days_without_weather', { days: daysWithoutEt0 }));
  }
  list.push(...estimateMessages(ownEt0));
  if (rainMissing > 0) {
    list.push(missing('rainfall_assumed_zero', { days: rainMissing }));
  }
  if (soil.assumed) {
    list.push(missing('soil_texture_default'));
  }
  if (!evidence.surveysInWindow) {
    list.push(missing('irrigation_not_recorded'));
  }
  if (!evidence.measuredStart) {
    list.push(missing('initial_depletion_assumed', { date: isoOfDayNumber(balance.balanceStart) }));
  }
  if (phase === 'not_planted' && analysis.plantingDay !== null) {
    list.push(missing('crop_not_planted', { date: isoOfDayNumber(analysis.plantingDay) }));
  }
  if (phase === 'after_season' && analysis.plantingDay !== null) {
    const seasonLength = crop.cycles.reduce((sum, c) => sum + cycleLength(c), 0);
    list.push(missing('season_ended', { date: isoOfDayNumber(analysis.plantingDay + seasonLength - 1) }));
  }
  return list;
}

function resourceRecommendations(
  balance: WindowBalance,
  totals: WindowTotals,
  evidence: Evidence,
  readings: ReadingCounts,
): RecommendationMessage[] {
  const { current, recommended, savings, phase, lastStep } = totals;
  const recs: RecommendationMessage[] = [];
  if (balance.hasWeather) {
    const tolerance = Math.max(1, 0.1 * recommended);
    if (current > recommended + tolerance) {
      recs.push(
        recommendation('reduce_irrigation', { mm: mm(current - recommended), percent: round(savings, 1) }),
      );
    } else if (recommended > current + tolerance) {
      recs.push(recommendation('irrigate', { mm: mm(recommended - current), need: mm(recommended) }));
    } else if (recommended === 0 && current === 0) {
      recs.push(recommendation('no_irrigation_needed'));
    } else {
      recs.push(recommendation('irrigation_on_target'));
    }
    const inSeason = phase !== null && phase !== 'not_planted' && phase !== 'after_season';
    if (
      inSeason &&
      lastStep !== undefined &&
      lastStep.depletionEnd >= lastStep.raw &&
      lastStep.depletionEnd > 0
    ) {
      recs.push(recommendation('irrigate_now', { mm: mm(lastStep.depletionEnd) }));
    }
  }
  if (phase === 'after_season') {
    recs.push(recommendation('update_planting_date'));
  }
  if (!evidence.surveysInWindow) {
    recs.push(recommendation('record_irrigation'));
  }
  recs.push(...sensorRecommendations(readings));
  return recs;
}

/** Confidence: ET0 quality per window day, less for rain assumed 0 and unknown soil or irrigation (app weighting). */
function resourceConfidence(analysis: AnalysisContext, totals: WindowTotals, evidence: Evidence): number {
  const { n, quality, rainMissing } = totals;
  let confidence = n > 0 ? quality / n : 0;
  confidence *= 1 - (0.3 * rainMissing) / Math.max(1, n);
  confidence *= analysis.soil.assumed ? 0.95 : 1;
  confidence *= evidence.surveysInWindow ? 1 : 0.9;
  confidence *= evidence.measuredStart ? 1 : 0.95;
  return confidence;
}

function dailyEt0(windowDays: readonly SeriesDay[]): Et0Day[] {
  return windowDays.flatMap((d) =>
    d.et0Result === null
      ? []
      : [{ date: d.et0Result.date, et0: mm(d.et0Result.et0), method: d.et0Result.method }],
  );
}

/** The main ET0 method is the one most window days used; every other contributing method follows it. */
function resourceMethods(
  analysis: AnalysisContext,
  balance: WindowBalance,
  totals: WindowTotals,
  et0Daily: readonly Et0Day[],
): { primary: MethodRef; methods: MethodRef[] } {
  const hargreavesDays = et0Daily.filter((d) => d.method === 'hargreaves').length;
  const primary = hargreavesDays * 2 > et0Daily.length ? HARGREAVES : PENMAN_MONTEITH;
  const methods: MethodRef[] = [primary];
  if (hargreavesDays > 0 && primary !== HARGREAVES) {
    methods.push(HARGREAVES);
  }
  methods.push(
    method(
      'fao56_crop_coefficient',
      source('fao56_crop_coefficient', {
        citation: totals.last?.crop.cycle?.source ?? analysis.crop.cycles[0]?.source ?? '',
      }),
    ),
  );
  if (balance.climateAdjusted) {
    methods.push(method('fao56_kc_climate_adjustment', source('fao56_kc_climate_adjustment')));
  }
  methods.push(BALANCE);
  return { primary, methods };
}
