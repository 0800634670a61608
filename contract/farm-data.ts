// A farm's data: sensor readings (JSON and CSV), device keys, field surveys and analytics results.
import { z } from 'zod';
import { ZAnalysisDataByType } from './analysis';
import { DAY_MS, MAX_INT4 } from './constants';
import { isPlausibleReading, SENSOR_TYPES, ZAnalyticsType, ZSensorType } from './crops';
import { parseDecimalInput, ZFarm, ZIsoDate } from './farms';
import { zMultiLine, zSingleLine } from './text';

/** Readings per JSON request (all or nothing). */
export const MAX_READINGS_PER_REQUEST = 10_000;
/** Rows per CSV upload (all or nothing); the 5 MB body limit comes first for long rows. */
export const MAX_CSV_ROWS = 100_000;
/** Per-row problems reported for a CSV upload (the rest are counted). */
export const MAX_CSV_ISSUES = 100;
/** Sensor bodies (JSON and CSV) may be this large (DESIGN §9). */
export const SENSOR_BODY_LIMIT = 5 * 1024 * 1024;
/**
 * Points per sensor type in GET /analytics: what a chart a few hundred pixels wide draws (30 days in 3-hour
 * buckets: 240; a year in 2-day buckets: 183). Every reading stays in GET /api/farms/:id/sensor-data.csv.
 */
export const MAX_POINTS_PER_TYPE = 250;
/** Days of sensor data GET /analytics returns by default, ending at the latest reading. */
export const SENSOR_VIEW_DAYS = 30;
/** Readings may carry a clock a little ahead of the server's, never more. */
const FUTURE_TOLERANCE_MS = DAY_MS;

export const ZTimestamp = z.iso.datetime({ offset: true, message: 'farms.validation.timestamp' });

export const ZSensorReadingInput = z
  .object({
    timestamp: ZTimestamp,
    type: ZSensorType,
    value: z.number(),
  })
  .superRefine((reading, refinement) => {
    if (
      SENSOR_TYPES.includes(reading.type) &&
      typeof reading.value === 'number' &&
      !isPlausibleReading(reading.type, reading.value)
    ) {
      refinement.addIssue({
        code: 'custom',
        path: ['value'],
        message: `farms.validation.range.${reading.type}`,
      });
    }
    const time = typeof reading.timestamp === 'string' ? Date.parse(reading.timestamp) : Number.NaN;
    if (
      Number.isFinite(time) &&
      (time > Date.now() + FUTURE_TOLERANCE_MS || time < Date.parse('1900-01-01T00:00:00Z'))
    ) {
      refinement.addIssue({
        code: 'custom',
        path: ['timestamp'],
        message: 'farms.validation.timestampRange',
      });
    }
  });
export type TSensorReadingInput = z.infer<typeof ZSensorReadingInput>;

export const ZSensorDataInput = z.object({
  readings: z.array(ZSensorReadingInput).min(1).max(MAX_READINGS_PER_REQUEST),
});

export const ZIngestResult = z.object({
  /** Readings stored (a reading for the same type and instant replaces the earlier value). */
  accepted: z.number().int(),
  from: z.string(),
  to: z.string(),
});
export type TIngestResult = z.infer<typeof ZIngestResult>;

/**
 * One point of the spec's sensor data (`{timestamp, value}`, with its type): a bucket of
 * `sensorWindow.bucketSeconds` starting at `timestamp` (ISO), its value the mean of the readings in it (rainfall:
 * their total, so sums stay exact). Buckets without readings have no point.
 */
export const ZSensorPoint = z.object({
  timestamp: z.string(),
  value: z.number(),
  type: ZSensorType,
});
export type TSensorPoint = z.infer<typeof ZSensorPoint>;

export const ZPest = z.object({
  name: zSingleLine().min(1).max(80),
  severity: z.number().int().min(0).max(3),
});
export const ZSurveyInput = z.object({
  date: ZIsoDate,
  growthStage: zSingleLine().max(60).nullable().optional(),
  pests: z.array(ZPest).max(20).default([]),
  irrigationMm: z.number().min(0).max(1000).default(0),
  notes: zMultiLine().max(2000).nullable().optional(),
});
export type TSurveyInput = z.input<typeof ZSurveyInput>;
export const ZSurvey = z.object({
  id: z.number().int(),
  farmId: z.number().int(),
  date: z.string(),
  growthStage: z.string().nullable(),
  pests: z.array(z.object({ name: z.string(), severity: z.number().int() })),
  irrigationMm: z.number(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type TSurvey = z.infer<typeof ZSurvey>;

export const ZDeviceInput = z.object({ name: zSingleLine().min(1).max(60) });
export const ZDevice = z.object({
  id: z.number().int(),
  farmId: z.number().int(),
  name: z.string(),
  keyHint: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TDevice = z.infer<typeof ZDevice>;
/** The create answer: the only time the key is shown. */
export const ZCreatedDevice = ZDevice.extend({ key: z.string() });
export type TCreatedDevice = z.infer<typeof ZCreatedDevice>;
export const ZDeviceParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_INT4),
  deviceId: z.coerce.number().int().positive().max(MAX_INT4),
});

export const ZGenerateInput = z.object({ type: ZAnalyticsType });
/** An analytics item as stored: results written by older versions may lack fields, so its result is served as is. */
const ZStoredAnalyticsItem = z.object({
  id: z.number().int(),
  type: ZAnalyticsType,
  /**
   * The analysis result, of its type's schema (contract/analysis.ts: ZAnalysisDataByType) when written by this
   * version. Its texts, method sources included, are messages `{ key, params }` of
   * web/locales/{en,fr}/agronomy.json that the web app translates. A record, so it is sent with its keys in the
   * order they were stored (a schema's object would rewrite them in its own).
   */
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});

/** An analytics item just computed (POST /analytics/generate): its result checked against its type's schema. */
export const ZAnalyticsItem = ZStoredAnalyticsItem.superRefine((item, context) => {
  const result = ZAnalysisDataByType[item.type].safeParse(item.data);
  for (const issue of result.error?.issues ?? []) {
    context.addIssue({ code: 'custom', path: ['data', ...issue.path], message: issue.message });
  }
});
export type TAnalyticsItem = z.infer<typeof ZAnalyticsItem>;

const ZTimeBound = z.union([ZIsoDate, ZTimestamp]);
export const ZAnalyticsQuery = z.object({
  type: ZSensorType.optional(),
  from: ZTimeBound.optional(),
  to: ZTimeBound.optional(),
});

export const ZFarmAnalytics = z.object({
  farm: ZFarm,
  /**
   * The spec's sensor data: downsampled points of every type (or of `?type=`) in the window, oldest first, at
   * most MAX_POINTS_PER_TYPE per type.
   */
  sensorData: z
    .array(ZSensorPoint)
    .describe(
      'Downsampled sensor data, oldest first: {timestamp, value, type} per bucket of sensorWindow.bucketSeconds ' +
        `(the mean of its readings; rainfall: their total), at most ${MAX_POINTS_PER_TYPE} points per type. ` +
        '?type= keeps one type; every reading is in GET /api/farms/{id}/sensor-data.csv.',
    ),
  /** The period the sensor data covers (null without readings) and the bucket length in seconds. */
  sensorWindow: z.object({ from: z.string(), to: z.string(), bucketSeconds: z.number().int() }).nullable(),
  latestReadingAt: z.string().nullable(),
  /** The latest surveys, newest first. */
  surveys: z.array(ZSurvey),
  /** The latest results, newest first. */
  analytics: z.array(ZStoredAnalyticsItem),
});
export type TFarmAnalytics = z.infer<typeof ZFarmAnalytics>;

/** The survey form: text inputs, one pest sighting at most (the API takes up to 20). */
export const ZSurveyForm = z.object({
  date: ZIsoDate,
  growthStage: zSingleLine().max(60),
  irrigationMm: z.preprocess(
    (text) => (typeof text === 'string' && text.trim() === '' ? 0 : parseDecimalInput(text)),
    z.number().min(0).max(1000),
  ),
  pestName: zSingleLine().max(80),
  pestSeverity: z.enum(['0', '1', '2', '3']),
  notes: zMultiLine().max(2000),
});
