// Resource optimisation: irrigation applied vs the crop's net irrigation need over the week ending at the latest reading.
import {
  type AnalysisContext,
  analysisWindow,
  balanceSeries,
  buildSeries,
  measuredClimate,
  periodInputs,
} from './context';
import { cycleLength } from './crop-types';
import { isoOfDayNumber } from './dates';
import {
  type MethodRef,
  type MissingMessage,
  method,
  missing,
  type RecommendationMessage,
  recommendation,
} from './messages';
import { mm, round, score } from './numbers';
import { commonMissing, estimateMessages, et0Quality, sensorRecommendations } from './quality';
import type { ResourceOptimizationData } from './types';

const PENMAN_MONTEITH = method('fao56_penman_monteith', 'FAO-56 eq. 6, chapter 3 rules for missing data');
const HARGREAVES = method('hargreaves', 'FAO-56 eq. 52');
const BALANCE = method('fao56_water_balance', 'FAO-56 eq. 82–88, Table 19, Table 22; effective rain p.170');

/** Balance at most this far back before the window, so the window starts from a modelled depletion. */
const BALANCE_LOOKBACK_DAYS = 365;

export function analyseResources(ctx: AnalysisContext): ResourceOptimizationData {
  const window = analysisWindow(ctx);
  const missingList: MissingMessage[] = commonMissing(ctx);
  if (window === null) {
    const inputs = periodInputs(ctx, null, null);
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
  const { start, end } = window;
  const { crop, soil } = ctx;
  const firstDataDay = ctx.days[0]?.dayNumber ?? start;
  const balanceStart = Math.min(
    start,
    Math.max(firstDataDay, ctx.plantingDay ?? firstDataDay, end - BALANCE_LOOKBACK_DAYS),
  );
  // Kc_mid/Kc_end are adjusted (eq. 62/65) to the window's measured climate, the one the advice is about.
  const climate = measuredClimate(ctx, start, end);
  const series = buildSeries(ctx, balanceStart, end, climate);
  // The smaller Table 22 root depth: FAO-56 fn 1 advises it for irrigation scheduling.
  const rootDepth = crop.rootDepth.min;
  const { steps, taw } = balanceSeries(ctx, series, rootDepth);
  const offset = start - balanceStart;
  const windowDays = series.slice(offset);
  const windowSteps = steps.slice(offset);
  const hasWeather = series.some((d) => d.et0Result !== null);

  let et0Sum = 0;
  let etc = 0;
  let effectiveRain = 0;
  let current = 0;
  let kcSum = 0;
  let quality = 0;
  let rainMissing = 0;
  windowDays.forEach((day, i) => {
    et0Sum += day.et0;
    etc += windowSteps[i]?.etc ?? 0;
    effectiveRain += windowSteps[i]?.effectiveRain ?? 0;
    current += day.irrigation;
    kcSum += day.crop.kc;
    quality += et0Quality(day.et0Result);
    if (!day.rainMeasured) {
      rainMissing++;
    }
  });
  const n = windowDays.length;
  const recommended = hasWeather ? Math.max(0, etc - effectiveRain) : 0;
  const savings =
    hasWeather && current > recommended && current > 0 ? ((current - recommended) / current) * 100 : 0;
  const last = windowDays[n - 1];
  const lastStep = windowSteps[n - 1];
  const phase = last?.crop.phase ?? null;

  // Missing inputs and assumptions.
  const ownEt0 = windowDays.map((d) => d.et0Result);
  const daysWithoutEt0 = ownEt0.filter((r) => r === null).length;
  if (!hasWeather) {
    missingList.push(missing('no_temperature'));
  } else if (daysWithoutEt0 > 0) {
    missingList.push(missing('days_without_weather', { days: daysWithoutEt0 }));
  }
  missingList.push(...estimateMessages(ownEt0));
  if (rainMissing > 0) {
    missingList.push(missing('rainfall_assumed_zero', { days: rainMissing }));
  }
  if (soil.assumed) {
    missingList.push(missing('soil_texture_default'));
  }
  const surveysInWindow = ctx.surveys.some((s) => s.dayNumber >= start && s.dayNumber <= end);
  if (!surveysInWindow) {
    missingList.push(missing('irrigation_not_recorded'));
  }
  const measuredStart = series[0]?.weather?.soilMoisture != null;
  if (!measuredStart) {
    missingList.push(missing('initial_depletion_assumed', { date: isoOfDayNumber(balanceStart) }));
  }
  if (phase === 'not_planted' && ctx.plantingDay !== null) {
    missingList.push(missing('crop_not_planted', { date: isoOfDayNumber(ctx.plantingDay) }));
  }
  if (phase === 'after_season' && ctx.plantingDay !== null) {
    const seasonLength = crop.cycles.reduce((sum, c) => sum + cycleLength(c), 0);
    missingList.push(missing('season_ended', { date: isoOfDayNumber(ctx.plantingDay + seasonLength - 1) }));
  }

  // Recommendations.
  const recs: RecommendationMessage[] = [];
  if (hasWeather) {
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
  if (!surveysInWindow) {
    recs.push(recommendation('record_irrigation'));
  }
  const inputs = periodInputs(ctx, start, end);
  recs.push(...sensorRecommendations(inputs.readings));

  // Confidence: ET0 quality per window day, less for rain assumed 0 and unknown soil or irrigation (app weighting).
  let confidence = n > 0 ? quality / n : 0;
  confidence *= 1 - (0.3 * rainMissing) / Math.max(1, n);
  confidence *= soil.assumed ? 0.95 : 1;
  confidence *= surveysInWindow ? 1 : 0.9;
  confidence *= measuredStart ? 1 : 0.95;

  const et0Daily = windowDays.flatMap((d) =>
    d.et0Result === null
      ? []
      : [{ date: d.et0Result.date, et0: mm(d.et0Result.et0), method: d.et0Result.method }],
  );
  const hargreavesDays = et0Daily.filter((d) => d.method === 'hargreaves').length;
  const primary = hargreavesDays * 2 > et0Daily.length ? HARGREAVES : PENMAN_MONTEITH;
  const methods: MethodRef[] = [primary];
  if (hargreavesDays > 0 && primary !== HARGREAVES) {
    methods.push(HARGREAVES);
  }
  methods.push(
    method(
      'fao56_crop_coefficient',
      `FAO-56 Tables 11–12, eq. 66 (${last?.crop.cycle?.source ?? crop.cycles[0]?.source ?? ''})`,
    ),
  );
  if (climate !== null) {
    methods.push(method('fao56_kc_climate_adjustment', 'FAO-56 eq. 62 and 65'));
  }
  methods.push(BALANCE);

  return {
    method: primary,
    methods,
    inputs,
    missing: missingList,
    confidenceScore: score(confidence),
    recommendations: recs,
    et0: mm(n > 0 ? et0Sum / n : 0),
    et0Daily,
    kc: round(last?.crop.kc ?? 0, 3),
    kcMean: round(n > 0 ? kcSum / n : 0, 3),
    cropStage: phase,
    etc: mm(etc),
    effectiveRainfall: mm(effectiveRain),
    waterUsage: { current: mm(current), recommended: mm(recommended), savings: round(savings, 1) },
    rootZone:
      lastStep === undefined
        ? null
        : {
            depletion: mm(lastStep.depletionEnd),
            readilyAvailable: mm(lastStep.raw),
            totalAvailable: mm(taw),
            rootDepth: round(rootDepth, 2),
          },
  };
}
