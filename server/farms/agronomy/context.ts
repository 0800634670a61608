// Shared preparation for the analyses: daily weather, the analysis window, daily ET0 and the crop/water series.

import { MIN_HOURS_FOR_DAILY_EXTREMES, WINDOW_DAYS } from './constants';
import type { CropParameters } from './crop-types';
import { CROPS } from './crops';
import { aggregateDaily, type DailyWeather, emptyCounts } from './daily';
import { dayNumberOfIso, dayNumberOfTime, isoOfDayNumber } from './dates';
import { type DailyEt0, dailyEt0 } from './et0';
import { type CropDay, cropDay } from './kc';
import { type SoilWater, soilWater } from './soils';
import type { AnalysisInput, AnalysisInputs, ReadingCounts, SiteInput, SurveyInput } from './types';
import {
  type BalanceStep,
  depletionFromSoilMoisture,
  runWaterBalance,
  totalAvailableWater,
} from './water-balance';

export interface DatedSurvey extends SurveyInput {
  dayNumber: number;
}

export interface AnalysisContext {
  site: SiteInput;
  crop: CropParameters;
  soil: SoilWater;
  /** Planting day number; falls back to the first day with data when the date is not valid. */
  plantingDay: number | null;
  plantingDateValid: boolean;
  locationValid: boolean;
  days: DailyWeather[];
  dayByNumber: Map<number, DailyWeather>;
  rejected: number;
  /** Last day of the analysis: the UTC day of the latest reading, else of the latest survey. */
  endDay: number | null;
  surveys: DatedSurvey[];
  irrigationByDay: Map<number, number>;
  et0Cache: Map<number, DailyEt0 | null>;
}

export function buildContext(input: AnalysisInput): AnalysisContext {
  const { site } = input;
  const aggregation = aggregateDaily(input.readings);
  const surveys: DatedSurvey[] = [];
  const irrigationByDay = new Map<number, number>();
  for (const survey of input.surveys) {
    const dayNumber = dayNumberOfIso(survey.date);
    if (dayNumber === null) {
      continue;
    }
    surveys.push({ ...survey, dayNumber });
    const irrigation = Number.isFinite(survey.irrigationMm) ? Math.max(0, survey.irrigationMm) : 0;
    irrigationByDay.set(dayNumber, (irrigationByDay.get(dayNumber) ?? 0) + irrigation);
  }
  surveys.sort((a, b) => a.dayNumber - b.dayNumber);
  const latestSurvey = surveys[surveys.length - 1];
  const endDay =
    aggregation.latestTime !== null
      ? dayNumberOfTime(aggregation.latestTime)
      : (latestSurvey?.dayNumber ?? null);
  const parsedPlanting = dayNumberOfIso(site.plantingDate);
  const firstDay = aggregation.days[0]?.dayNumber ?? surveys[0]?.dayNumber ?? null;
  return {
    site,
    crop: CROPS[site.crop],
    soil: soilWater(site.soilTexture),
    plantingDay: parsedPlanting ?? firstDay,
    plantingDateValid: parsedPlanting !== null,
    locationValid: Number.isFinite(site.latitude) && Math.abs(site.latitude) <= 90,
    days: aggregation.days,
    dayByNumber: new Map(aggregation.days.map((d) => [d.dayNumber, d])),
    rejected: aggregation.rejected,
    endDay,
    surveys,
    irrigationByDay,
    et0Cache: new Map(),
  };
}

export function et0Of(analysis: AnalysisContext, dayNumber: number): DailyEt0 | null {
  const cached = analysis.et0Cache.get(dayNumber);
  if (cached !== undefined) {
    return cached;
  }
  const day = analysis.dayByNumber.get(dayNumber);
  const result = day === undefined ? null : dailyEt0(day, analysis.site);
  analysis.et0Cache.set(dayNumber, result);
  return result;
}

/** The week ending at the latest reading. */
export function analysisWindow(analysis: AnalysisContext): { start: number; end: number } | null {
  return analysis.endDay === null ? null : { start: analysis.endDay - WINDOW_DAYS + 1, end: analysis.endDay };
}

export function countReadings(
  analysis: AnalysisContext,
  start: number,
  end: number,
): { counts: ReadingCounts; daysWithData: number } {
  const counts = emptyCounts();
  let daysWithData = 0;
  for (let d = start; d <= end; d++) {
    const day = analysis.dayByNumber.get(d);
    if (day === undefined) {
      continue;
    }
    daysWithData++;
    for (const type of Object.keys(counts) as (keyof ReadingCounts)[]) {
      counts[type] += day.counts[type];
    }
  }
  return { counts, daysWithData };
}

/**
 * Mean wind and RHmin measured over a period, for the Kc climate adjustment (eq. 62); null unless both were
 * measured (RHmin only on days whose humidity covers enough hours to show the daily minimum).
 */
export function measuredClimate(
  analysis: AnalysisContext,
  start: number,
  end: number,
): { u2: number; rhmin: number } | null {
  let windSum = 0;
  let windDays = 0;
  let rhSum = 0;
  let rhDays = 0;
  for (let d = start; d <= end; d++) {
    const day = analysis.dayByNumber.get(d);
    if (day?.windSpeed != null) {
      windSum += day.windSpeed;
      windDays++;
    }
    if (day?.rhmin != null && day.humidityHours >= MIN_HOURS_FOR_DAILY_EXTREMES) {
      rhSum += day.rhmin;
      rhDays++;
    }
  }
  return windDays > 0 && rhDays > 0 ? { u2: windSum / windDays, rhmin: rhSum / rhDays } : null;
}

export interface SeriesDay {
  dayNumber: number;
  weather: DailyWeather | undefined;
  et0Result: DailyEt0 | null;
  /** ET0 used in the balance: the day's own, else the mean of computed days within ±15 days, else of the series. */
  et0: number;
  crop: CropDay;
  rain: number;
  rainMeasured: boolean;
  irrigation: number;
}

const FILL_RADIUS = 15;

/** Calendar days start..end with ET0 (gaps filled from neighbouring days), crop stage, rain and irrigation. */
export function buildSeries(
  analysis: AnalysisContext,
  start: number,
  end: number,
  climate: { u2: number; rhmin: number } | null,
): SeriesDay[] {
  const n = Math.max(0, end - start + 1);
  const results: (DailyEt0 | null)[] = [];
  // Prefix sums over the series make each gap's neighbourhood mean O(1).
  const sum = new Float64Array(n + 1);
  const count = new Uint32Array(n + 1);
  for (let i = 0; i < n; i++) {
    const result = et0Of(analysis, start + i);
    results.push(result);
    sum[i + 1] = (sum[i] ?? 0) + (result?.et0 ?? 0);
    count[i + 1] = (count[i] ?? 0) + (result === null ? 0 : 1);
  }
  const totalCount = count[n] ?? 0;
  const seriesMean = totalCount > 0 ? (sum[n] ?? 0) / totalCount : 0;
  const series: SeriesDay[] = [];
  const planting = analysis.plantingDay;
  for (let i = 0; i < n; i++) {
    const dayNumber = start + i;
    const result = results[i] ?? null;
    let et0 = result?.et0 ?? seriesMean;
    if (result === null) {
      const lo = Math.max(0, i - FILL_RADIUS);
      const hi = Math.min(n, i + FILL_RADIUS + 1);
      const near = (count[hi] ?? 0) - (count[lo] ?? 0);
      if (near > 0) {
        et0 = ((sum[hi] ?? 0) - (sum[lo] ?? 0)) / near;
      }
    }
    const weather = analysis.dayByNumber.get(dayNumber);
    series.push({
      dayNumber,
      weather,
      et0Result: result,
      et0,
      crop: cropDay(analysis.crop, planting === null ? -1 : dayNumber - planting, climate),
      rain: weather?.rainfall ?? 0,
      rainMeasured: weather?.rainfall != null,
      irrigation: analysis.irrigationByDay.get(dayNumber) ?? 0,
    });
  }
  return series;
}

export function isoOrNull(dayNumber: number | null): string | null {
  return dayNumber === null ? null : isoOfDayNumber(dayNumber);
}

/** The `inputs` summary of a period [start, end]. */
export function periodInputs(
  analysis: AnalysisContext,
  start: number | null,
  end: number | null,
): AnalysisInputs {
  const period = start !== null && end !== null ? countReadings(analysis, start, end) : null;
  const daysSincePlanting = end !== null && analysis.plantingDay !== null ? end - analysis.plantingDay : null;
  const surveys =
    start !== null && end !== null
      ? analysis.surveys.filter((s) => s.dayNumber >= start && s.dayNumber <= end).length
      : 0;
  return {
    crop: analysis.site.crop,
    windowStart: isoOrNull(start),
    windowEnd: isoOrNull(end),
    days: start !== null && end !== null ? Math.max(0, end - start + 1) : 0,
    daysWithData: period?.daysWithData ?? 0,
    readings: period?.counts ?? emptyCounts(),
    readingsRejected: analysis.rejected,
    surveys,
    cropStage: daysSincePlanting === null ? null : cropDay(analysis.crop, daysSincePlanting).phase,
    daysSincePlanting,
    soilTexture: analysis.soil.texture,
  };
}

/**
 * Runs the root-zone balance over a series with a root depth (Table 22: the smaller for irrigation scheduling,
 * the larger for stress modelling, fn 1), starting at field capacity and re-anchored to soil moisture readings (eq. 87).
 */
export function balanceSeries(
  analysis: AnalysisContext,
  series: readonly SeriesDay[],
  rootDepth: number,
): { steps: BalanceStep[]; taw: number } {
  const { soil, crop } = analysis;
  const taw = totalAvailableWater(soil.fieldCapacity, soil.wiltingPoint, rootDepth);
  const steps = runWaterBalance(
    series.map((day) => ({
      et0: day.et0,
      kc: day.crop.kc,
      rain: day.rain,
      irrigation: day.irrigation,
      measuredDepletion:
        day.weather?.soilMoisture != null
          ? depletionFromSoilMoisture(soil.fieldCapacity, day.weather.soilMoisture, rootDepth, taw)
          : null,
    })),
    { taw, pTable: crop.depletionFraction, adjustP: true, initialDepletion: 0 },
  );
  return { steps, taw };
}
