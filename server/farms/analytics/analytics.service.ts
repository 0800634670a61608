// Farm analytics: loads the window an analysis needs, runs the published method, stores the result; the overview.

import { DAY_MS } from '../../../contract/constants';
import type { AnalyticsType, SensorType } from '../../../contract/crops';
import { MAX_POINTS_PER_TYPE, SENSOR_VIEW_DAYS, type TSensorPoint } from '../../../contract/farm-data';
import type { TAnalysisWeather } from '../../../contract/weather';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { AppError } from '../../http/errors';
import { runAnalysis } from '../agronomy/analyse';
import type { AnalysisInput } from '../agronomy/types';
import { type Country, countryOfCallingCode } from '../agronomy/typical-yields';
import type { FarmRow } from '../farm-access-cache';
import { farmAudience } from '../farm-audience';
import { farmPagesCache } from '../farm-pages-cache';
import { analysisStored, providerWeather } from '../hooks';
import { toPoints } from '../sensors/sensor-series';
import { bucketSeconds, downsampledReadings, readingSpan, readingsBetween } from '../sensors/sensors.repo';
import { listSurveys, type SurveyRow, surveysSince } from '../surveys/surveys.repo';
import { type AnalyticsRow, insertAnalytics, latestAnalytics } from './analytics.repo';
import { mergeWeather } from './weather-merge';

/** The analyses look back at most a year (water balance and insect degree days since planting). */
const MAX_LOOKBACK_DAYS = 366;
/** The 7-day window, the day before it (late-blight periods) and a margin. */
const MIN_LOOKBACK_DAYS = 9;
/** Survey sightings count for 14 days before the window's end. */
const SURVEY_MARGIN_DAYS = 15;

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The first instant an analysis ending at `last` reads: the season since planting, within a year, ≥ 9 days. */
export function analysisFrom(plantingDate: string, last: Date): Date {
  const planting = Date.parse(`${plantingDate}T00:00:00Z`);
  const lastMs = last.getTime();
  const yearBack = lastMs - MAX_LOOKBACK_DAYS * DAY_MS;
  const season = Number.isFinite(planting) ? Math.max(planting - DAY_MS, yearBack) : yearBack;
  const from = Math.min(season, lastMs - MIN_LOOKBACK_DAYS * DAY_MS);
  return new Date(Math.floor(from / DAY_MS) * DAY_MS);
}

/** An analysis input, with whose weather it holds. */
export type LoadedInput = AnalysisInput & { weather: TAnalysisWeather };

/** The latest of two instants, either possibly absent. */
const latest = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/**
 * The analysis input of a farm, loading only the readings and surveys the analyses can use: the farm's own readings,
 * and the provider's weather of its grid cell for the days and kinds of weather it did not measure.
 */
export async function loadAnalysisInput(
  db: Tx,
  farm: FarmRow,
  country: Country | null = null,
): Promise<LoadedInput> {
  const now = new Date();
  const span = await readingSpan(db, farm.id);
  const provider = await providerWeather.call(db, farm.id, analysisFrom(farm.plantingDate, now), now);
  const providerLast = provider?.readings.at(-1)?.timestamp ?? null;
  const last = latest(span?.last ?? null, providerLast);
  const from = last ? analysisFrom(farm.plantingDate, last) : null;
  const own = span && from ? await readingsBetween(db, farm.id, from, span.last) : [];
  const { readings, weather } = mergeWeather(
    own.map((r) => ({ timestamp: r.ts, type: r.type, value: r.value })),
    provider && from ? { ...provider, readings: provider.readings.filter((r) => r.timestamp >= from) } : null,
  );
  const surveys = await surveysSince(
    db,
    farm.id,
    from ? isoDay(from.getTime() - SURVEY_MARGIN_DAYS * DAY_MS) : null,
  );
  return {
    site: {
      latitude: farm.latitude,
      longitude: farm.longitude,
      elevation: farm.elevation,
      crop: farm.crop as AnalysisInput['site']['crop'],
      plantingDate: farm.plantingDate,
      soilTexture: farm.soilTexture,
      sizeHa: farm.sizeHa,
      country,
    },
    readings,
    surveys: surveys.map((s) => ({
      date: s.date,
      growthStage: s.growthStage,
      pests: s.pests,
      irrigationMm: s.irrigationMm,
    })),
    weather,
  };
}

/** An analysis's result, saying whose weather it read. */
function analysed(type: AnalyticsType, input: LoadedInput): Record<string, unknown> {
  const data = runAnalysis(type, input) as unknown as Record<string, unknown>;
  const inputs = data.inputs;
  return typeof inputs === 'object' && inputs !== null
    ? { ...data, inputs: { ...inputs, weather: input.weather } }
    : data;
}

/** Runs one analysis on the farm's own data and stores the result (publishing `analytics`). */
export async function generateAnalytics(
  ctx: AppContext,
  options: { farm: FarmRow; type: AnalyticsType; actor: { id: number } | null },
): Promise<AnalyticsRow> {
  const { farm, type } = options;
  const input = await loadAnalysisInput(ctx.db, farm, countryOfCallingCode(ctx.config.defaultCountryCode));
  const data = analysed(type, input);
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertAnalytics(tx, {
      farmId: farm.id,
      type,
      data,
      createdBy: options.actor?.id ?? null,
    });
    await analysisStored.call(tx, farm.id, type, data);
    await ctx.bus.publish(tx, { type: 'analytics', id: farm.id }, farmAudience(farm.id));
    return inserted;
  });
  farmPagesCache.of(ctx).drop(farm.id);
  return row;
}

/**
 * Runs one analysis on the farm's data for a crop plan's crop, planting date and area, without storing it: a plan's
 * analyses on the farm's weather.
 */
export async function analysePlan(
  ctx: AppContext,
  options: {
    farm: FarmRow;
    plan: { crop: string; plantingDate: string; sizeHa: number };
    type: AnalyticsType;
  },
): Promise<Record<string, unknown>> {
  const { farm, plan } = options;
  const site = { ...farm, crop: plan.crop, plantingDate: plan.plantingDate, sizeHa: plan.sizeHa };
  const input = await loadAnalysisInput(ctx.db, site, countryOfCallingCode(ctx.config.defaultCountryCode));
  return analysed(options.type, input);
}

function parseBound(text: string | undefined, endOfDay: boolean): Date | null {
  if (text === undefined) {
    return null;
  }
  return new Date(text.length === 10 ? `${text}T${endOfDay ? '23:59:59.999' : '00:00:00'}Z` : text);
}

/** The analytics overview of a farm, in rows: analytics.present shapes it for GET /analytics (with the farm). */
export interface FarmAnalyticsOverview {
  /** Downsampled to at most MAX_POINTS_PER_TYPE points per type, oldest first. */
  sensorData: TSensorPoint[];
  sensorWindow: { from: Date; to: Date; bucketSeconds: number } | null;
  latestReadingAt: Date | null;
  surveys: SurveyRow[];
  analytics: AnalyticsRow[];
}

/** GET /analytics: the farm's sensor series (≤ MAX_POINTS_PER_TYPE points per type), latest surveys and results. */
export async function farmAnalyticsOverview(
  ctx: AppContext,
  options: {
    farm: FarmRow;
    query: { type?: SensorType | undefined; from?: string | undefined; to?: string | undefined };
  },
): Promise<FarmAnalyticsOverview> {
  const { db } = ctx;
  const { farm, query } = options;
  const span = await readingSpan(db, farm.id);
  let sensorData: TSensorPoint[] = [];
  let sensorWindow: FarmAnalyticsOverview['sensorWindow'] = null;
  const toBound = parseBound(query.to, true);
  const fromBound = parseBound(query.from, false);
  const to = toBound ?? span?.last ?? null;
  const from = fromBound ?? (to ? new Date(to.getTime() - SENSOR_VIEW_DAYS * DAY_MS) : null);
  if (from && to && from.getTime() > to.getTime()) {
    throw new AppError('badRequest', 'farms.errors.badRange');
  }
  if (span && from && to) {
    const bucket = bucketSeconds(from, to, MAX_POINTS_PER_TYPE);
    const rows = await downsampledReadings(db, { farmId: farm.id, from, to, bucket, type: query.type });
    sensorWindow = { from, to, bucketSeconds: bucket };
    sensorData = toPoints(rows, sensorWindow);
  }
  const [surveys, analytics] = await Promise.all([
    listSurveys(db, farm.id, { limit: 20 }),
    latestAnalytics(db, farm.id, 30),
  ]);
  return { sensorData, sensorWindow, latestReadingAt: span?.last ?? null, surveys, analytics };
}
