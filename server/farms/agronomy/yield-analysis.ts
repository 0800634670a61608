// Yield prediction: attainable yield × FAO-33 water-stress factor (eq. 90, daily balance eq. 85) × heat accumulation factor.
import {
  type AnalysisContext,
  balanceSeries,
  buildSeries,
  isoOrNull,
  measuredClimate,
  periodInputs,
  type SeriesDay,
} from './context';
import { cycleLength, type SourceTag } from './crop-types';
import { isoOfDayNumber } from './dates';
import { cropDay } from './kc';
import {
  cited,
  type MissingMessage,
  method,
  missing,
  type RecommendationMessage,
  recommendation,
  source,
} from './messages';
import { mm, round, score, tonnes } from './numbers';
import { commonMissing, estimateMessages, et0Quality, sensorRecommendations } from './quality';
import type { ReadingCounts, YieldPredictionData } from './types';
import { typicalYieldsFor } from './typical-yields';
import type { BalanceStep } from './water-balance';
import { growingDegreeDays, heatAccumulationFactor, relativeYield } from './yield';

const FAO33 = method('fao33_yield_response', source('fao33_yield_response'));
const SOURCE_FACTOR: Record<SourceTag, number> = { P: 1, S: 1, D: 0.95, U: 0.85 };
/**
 * App weighting: the figure is what water and heat allow (FAO-33) on a crop that nutrients, weeds and pests do not
 * limit, which smallholder fields seldom are (sub-Saharan farm yields run 70–90 % below potential, GYGA). Until the
 * farm's own harvests calibrate it, it is at best an even bet as a forecast of this farm's harvest.
 */
const UNCALIBRATED_FACTOR = 0.5;

interface Season {
  start: number;
  length: number;
  end: number;
  ended: boolean;
}

/** The season the prediction is for: planting to the end of the last cycle, or the current cycle of a perennial. */
function currentSeason(analysis: AnalysisContext, planting: number, endDay: number): Season | null {
  const { crop } = analysis;
  const today = cropDay(crop, endDay - planting);
  if (today.phase === 'not_planted') {
    return null;
  }
  let start = planting;
  let length = crop.cycles.reduce((sum, c) => sum + cycleLength(c), 0);
  if (crop.repeatLastCycle && today.cycle !== null) {
    start = planting + today.cycleStart;
    length = cycleLength(today.cycle);
  }
  const seasonLast = start + length - 1;
  return { start, length, end: Math.min(endDay, seasonLast), ended: endDay > seasonLast };
}

export function analyseYield(analysis: AnalysisContext): YieldPredictionData {
  const { crop } = analysis;
  const attainable = crop.attainableYield;
  const missingList: MissingMessage[] = [...commonMissing(analysis), missing('potential_not_calibrated')];
  const recs: RecommendationMessage[] = [];
  if (attainable.tag === 'U') {
    missingList.push(missing('attainable_yield_unverified'));
    recs.push(recommendation('set_local_attainable_yield'));
  }
  if (crop.gdd.tag === 'U') {
    missingList.push(missing('heat_parameters_unverified'));
  }
  const base = yieldBase(analysis);
  const planting = analysis.plantingDay;
  const season =
    analysis.endDay === null || planting === null ? null : currentSeason(analysis, planting, analysis.endDay);
  const firstData =
    season === null
      ? undefined
      : analysis.days.find((d) => d.dayNumber >= season.start && d.dayNumber <= season.end);
  if (season === null || firstData === undefined) {
    if (season === null && analysis.endDay !== null && planting !== null) {
      missingList.push(missing('crop_not_planted', { date: isoOfDayNumber(planting) }));
    }
    return noDataResult(analysis, base, season, missingList, recs);
  }

  // Days of the season before the first reading have unknown weather: they are left out, not guessed.
  const balanceStart = firstData.dayNumber;
  const climate = measuredClimate(analysis, balanceStart, season.end);
  const series = buildSeries(analysis, balanceStart, season.end, climate);
  const water = waterStress(analysis, series);
  const heat = heatAccumulation(analysis, series);
  const { quality, rainMissing } = seriesQuality(series);
  const predicted = Math.min(
    attainable.tonnesPerHa,
    attainable.tonnesPerHa * water.waterFactor * heat.heatFactor,
  );
  const daysElapsed = season.end - season.start + 1;
  missingList.push(...yieldMissing(analysis, season, balanceStart, series, rainMissing));
  const inputs = periodInputs(analysis, season.start, season.end);
  recs.push(...yieldRecommendations(season, water, heat, inputs.readings));

  return {
    ...base,
    inputs,
    missing: missingList,
    confidenceScore: score(yieldConfidence(analysis, season, series.length, quality, rainMissing)),
    recommendations: recs,
    predictedYield: tonnes(predicted),
    waterStressFactor: score(water.waterFactor),
    heatFactor: score(heat.heatFactor),
    relativeEt: score(water.relativeEt),
    gdd: { accumulated: round(heat.accumulated, 1), expected: round(heat.expected, 1), base: crop.gdd.base },
    season: {
      start: isoOfDayNumber(season.start),
      end: isoOfDayNumber(season.end),
      daysElapsed,
      length: season.length,
    },
  };
}

/**
 * Confidence (app weighting): ET0 quality over the elapsed season (days without data count 0), the share of the
 * season still ahead (assumed free of stress), rain assumed 0, soil and yield-table provenance, and whether the
 * farm's own harvests calibrate the potential (not yet: UNCALIBRATED_FACTOR).
 */
function yieldConfidence(
  analysis: AnalysisContext,
  season: Season,
  seriesDays: number,
  quality: number,
  rainMissing: number,
): number {
  const daysElapsed = season.end - season.start + 1;
  let confidence = quality / daysElapsed;
  confidence *= 0.5 + (0.5 * daysElapsed) / season.length;
  confidence *= 1 - (0.3 * rainMissing) / Math.max(1, seriesDays);
  confidence *= analysis.soil.assumed ? 0.95 : 1;
  confidence *= SOURCE_FACTOR[analysis.crop.attainableYield.tag];
  return confidence * UNCALIBRATED_FACTOR;
}

/** The fields of the result that depend only on the crop. */
function yieldBase(analysis: AnalysisContext) {
  const { crop } = analysis;
  const attainable = crop.attainableYield;
  return {
    method: FAO33,
    methods: [
      FAO33,
      method('attainable_yield', cited(attainable.source)),
      method('fao56_water_balance', source('fao56_water_balance_season')),
      method('fao56_penman_monteith', source('fao56_penman_monteith')),
      method('growing_degree_days', cited(crop.gdd.source)),
    ],
    attainableYield: tonnes(attainable.tonnesPerHa),
    yieldProduct: attainable.product,
    attainableYieldSource: attainable.source,
    ky: crop.ky,
    estimate: 'water_limited_potential' as const,
    typicalYields: typicalYieldsFor(analysis.site.crop, analysis.site.country ?? null),
  };
}

/** Not planted yet, or no reading in the season: the attainable yield, with no confidence. */
function noDataResult(
  analysis: AnalysisContext,
  base: ReturnType<typeof yieldBase>,
  season: Season | null,
  missingList: MissingMessage[],
  recs: RecommendationMessage[],
): YieldPredictionData {
  const inputs = periodInputs(analysis, season?.start ?? null, season?.end ?? null);
  recs.push(...sensorRecommendations(inputs.readings));
  return {
    ...base,
    inputs,
    missing: missingList,
    confidenceScore: 0,
    recommendations: recs,
    predictedYield: tonnes(analysis.crop.attainableYield.tonnesPerHa),
    waterStressFactor: 1,
    heatFactor: 1,
    relativeEt: 1,
    gdd: { accumulated: 0, expected: 0, base: analysis.crop.gdd.base },
    season: {
      start: isoOrNull(season?.start ?? null),
      end: isoOrNull(season?.end ?? null),
      daysElapsed: season === null ? 0 : season.end - season.start + 1,
      length: season?.length ?? 0,
    },
  };
}

interface WaterStress {
  /** Seasonal ETa/ETm. */
  relativeEt: number;
  /** Ya/Ym (FAO-33). */
  waterFactor: number;
  lastStep: BalanceStep | undefined;
}

/** Seasonal water balance over the larger root depth, and the yield it allows. */
function waterStress(analysis: AnalysisContext, series: readonly SeriesDay[]): WaterStress {
  const { steps } = balanceSeries(analysis, series, analysis.crop.rootDepth.max);
  let etm = 0;
  let eta = 0;
  for (const step of steps) {
    etm += step.etc;
    eta += step.etcAdj;
  }
  const relativeEt = etm > 0 ? eta / etm : 1;
  return {
    relativeEt,
    waterFactor: relativeYield(analysis.crop.ky, relativeEt),
    lastStep: steps[steps.length - 1],
  };
}

interface HeatAccumulation {
  accumulated: number;
  expected: number;
  heatFactor: number;
}

/** Degree days accumulated vs expected at the reference temperature, on days with both extremes. */
function heatAccumulation(analysis: AnalysisContext, series: readonly SeriesDay[]): HeatAccumulation {
  const { base: gddBase, upper, reference } = analysis.crop.gdd;
  const dailyExpected = growingDegreeDays(reference, reference, gddBase, upper);
  let accumulated = 0;
  let expected = 0;
  for (const day of series) {
    const w = day.weather;
    if (w?.tmax != null && w.tmin != null) {
      accumulated += growingDegreeDays(w.tmax, w.tmin, gddBase, upper);
      expected += dailyExpected;
    }
  }
  return { accumulated, expected, heatFactor: heatAccumulationFactor(accumulated, expected) };
}

/** Summed ET0 quality of the days and how many had no rain measured. */
function seriesQuality(series: readonly SeriesDay[]): { quality: number; rainMissing: number } {
  let quality = 0;
  let rainMissing = 0;
  for (const day of series) {
    quality += et0Quality(day.et0Result);
    if (!day.rainMeasured) {
      rainMissing++;
    }
  }
  return { quality, rainMissing };
}

/** Missing inputs and assumptions of a season with data. */
function yieldMissing(
  analysis: AnalysisContext,
  season: Season,
  balanceStart: number,
  series: readonly SeriesDay[],
  rainMissing: number,
): MissingMessage[] {
  const list: MissingMessage[] = [];
  const daysElapsed = season.end - season.start + 1;
  const daysWithEt0 = series.filter((d) => d.et0Result !== null).length;
  if (daysElapsed - daysWithEt0 > 0) {
    list.push(missing('season_days_without_weather', { days: daysElapsed - daysWithEt0 }));
  }
  list.push(...estimateMessages(series.map((d) => d.et0Result)));
  if (rainMissing > 0) {
    list.push(missing('rainfall_assumed_zero', { days: rainMissing }));
  }
  if (analysis.soil.assumed) {
    list.push(missing('soil_texture_default'));
  }
  if (series[0]?.weather?.soilMoisture == null) {
    list.push(missing('initial_depletion_assumed', { date: isoOfDayNumber(balanceStart) }));
  }
  if (season.ended) {
    list.push(missing('season_ended', { date: isoOfDayNumber(season.end) }));
  }
  return list;
}

function yieldRecommendations(
  season: Season,
  water: WaterStress,
  heat: HeatAccumulation,
  readings: ReadingCounts,
): RecommendationMessage[] {
  const { waterFactor, lastStep } = water;
  const { heatFactor } = heat;
  const recs: RecommendationMessage[] = [];
  if (season.ended) {
    recs.push(recommendation('update_planting_date'));
  }
  if (waterFactor < 0.95) {
    recs.push(recommendation('yield_water_stress', { percent: round((1 - waterFactor) * 100, 1) }));
  }
  if (
    !season.ended &&
    lastStep !== undefined &&
    lastStep.depletionEnd >= lastStep.raw &&
    lastStep.depletionEnd > 0
  ) {
    recs.push(recommendation('irrigate_now', { mm: mm(lastStep.depletionEnd) }));
  }
  if (heatFactor < 0.95) {
    recs.push(recommendation('yield_heat_deficit', { percent: round((1 - heatFactor) * 100, 1) }));
  }
  if (waterFactor >= 0.95 && heatFactor >= 0.95) {
    recs.push(recommendation('yield_on_track'));
  }
  recs.push(...sensorRecommendations(readings));
  return recs;
}
