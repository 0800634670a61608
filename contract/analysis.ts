// The farm analyses' results (the `data` of an analytics item): their schemas, and the message keys they carry.
import { z } from 'zod';
import { type AnalyticsType, ZCropKey, ZSensorType } from './crops';
import { ZAnalysisWeather } from './weather';

// --- Message keys (web/locales/{en,fr}/agronomy.json) ---------------------------------------------------------------

export const METHOD_NAMES = [
  'fao56_penman_monteith',
  'hargreaves',
  'fao56_crop_coefficient',
  'fao56_kc_climate_adjustment',
  'fao56_water_balance',
  'fao33_yield_response',
  'attainable_yield',
  'growing_degree_days',
  'pest_risk_rules',
  'late_blight_periods',
  'tomcast',
  'insect_degree_days',
  'survey_sightings',
] as const;

export const MISSING_NAMES = [
  'no_readings',
  'no_temperature',
  'days_without_weather',
  'radiation_from_sunshine',
  'radiation_from_temperature',
  'humidity_from_mean',
  'humidity_from_tmin',
  'wind_default',
  'temperature_partial',
  'hargreaves_fallback',
  'rainfall_assumed_zero',
  'soil_texture_default',
  'irrigation_not_recorded',
  'initial_depletion_assumed',
  'readings_rejected',
  'location_invalid',
  'planting_date_invalid',
  'crop_not_planted',
  'season_ended',
  'season_days_without_weather',
  'attainable_yield_unverified',
  'heat_parameters_unverified',
  'hourly_humidity_missing',
  'no_surveys',
  'no_weather_rule_for_crop',
  'potential_not_calibrated',
] as const;

export const RECOMMENDATION_NAMES = [
  'irrigate',
  'reduce_irrigation',
  'irrigation_on_target',
  'no_irrigation_needed',
  'irrigate_now',
  'record_irrigation',
  'update_planting_date',
  'add_temperature_sensor',
  'add_rain_gauge',
  'add_humidity_sensor',
  'add_wind_sensor',
  'add_radiation_sensor',
  'add_soil_moisture_sensor',
  'yield_water_stress',
  'yield_heat_deficit',
  'yield_on_track',
  'set_local_attainable_yield',
  'late_blight_protect',
  'late_blight_watch',
  'early_blight_protect',
  'faw_scout',
  'treat_reported_pest',
  'monitor_reported_pest',
  'record_scouting',
  'no_pest_action',
] as const;

export const RISK_NAMES = ['late_blight', 'early_blight', 'fall_armyworm', 'reported_pest'] as const;

export const REASON_NAMES = [
  'full_smith',
  'smith_near_miss',
  'hutton',
  'half_smith',
  'no_blight_period',
  'tomcast_dsv',
  'faw_degree_days',
  'survey_sighting',
] as const;

/**
 * Published sources of the methods. Each text names its references (FAO-56 equation, table and page numbers,
 * authors and years), which are the same in every language; `cited` quotes a crop-table row as the row gives it.
 */
export const SOURCE_NAMES = [
  'fao56_penman_monteith',
  'hargreaves',
  'fao56_crop_coefficient',
  'fao56_kc_climate_adjustment',
  'fao56_water_balance_window',
  'fao56_water_balance_season',
  'fao33_yield_response',
  'pest_risk_rules',
  'late_blight_periods',
  'tomcast',
  'fall_armyworm_degree_days',
  'survey_sightings',
  'cited',
] as const;

/** The crop's phase on a day: the four FAO-56 growth stages, before planting and after the season. */
export const STAGE_NAMES = [
  'initial',
  'development',
  'mid_season',
  'late_season',
  'not_planted',
  'after_season',
] as const;

/** Soil textures of FAO-56 Table 19 (p.144), the classes the water balance knows. */
export const SOIL_TEXTURE_NAMES = [
  'sand',
  'loamy_sand',
  'sandy_loam',
  'loam',
  'silt_loam',
  'silt',
  'silty_clay_loam',
  'silty_clay',
  'clay',
] as const;

/** The countries the app is deployed in, by ISO 3166-1 alpha-2 code. */
export const COUNTRIES = ['CM', 'GH', 'CI'] as const;

/** Where a typical yield holds: the whole country, or one region (its name translated in agronomy.json). */
export const TYPICAL_SCOPES = ['national', 'cm_north_garoua'] as const;

export const ET0_METHODS = ['fao56_penman_monteith', 'hargreaves'] as const;

// --- Messages -------------------------------------------------------------------------------------------------------

export const ZMessageParams = z.record(z.string(), z.union([z.string(), z.number()]));

/** The message keys `<prefix>.<name>` of a list of names, typed as such. */
function messageKeys<P extends string, N extends string>(prefix: P, names: readonly [N, ...N[]]) {
  const [first, ...rest] = names;
  return [`${prefix}.${first}`, ...rest.map((name) => `${prefix}.${name}`)] as [
    `${P}.${N}`,
    ...`${P}.${N}`[],
  ];
}

/**
 * A text for the web app to translate, `t('agronomy:' + key, params)`, its key `<prefix>.<one of names>` (an enum
 * of the keys rather than a template literal: the web's shared zod chunk already holds enums).
 */
function zMessage<P extends string, N extends string>(prefix: P, names: readonly [N, ...N[]]) {
  return z.object({ key: z.enum(messageKeys(prefix, names)), params: ZMessageParams });
}

/** A method's published source, translated like any message; the references in it stay exact. */
export const ZSourceMessage = zMessage('source', SOURCE_NAMES);
/** A named method and its published source. */
export const ZMethodRef = z.object({
  key: z.enum(messageKeys('method', METHOD_NAMES)),
  source: ZSourceMessage,
});
export const ZMissingMessage = zMessage('missing', MISSING_NAMES);
export const ZRecommendationMessage = zMessage('recommendation', RECOMMENDATION_NAMES);

// --- Results --------------------------------------------------------------------------------------------------------

export const ZSeasonPhase = z.enum(STAGE_NAMES);
export const ZSoilTexture = z.enum(SOIL_TEXTURE_NAMES);
export const ZCountry = z.enum(COUNTRIES);
export const ZEt0Method = z.enum(ET0_METHODS);

/** Accepted readings per sensor type. */
export const ZReadingCounts = z.record(ZSensorType, z.number());

/** What an analysis used. */
export const ZAnalysisInputs = z.object({
  crop: ZCropKey,
  /** First and last day of the analysed period (YYYY-MM-DD), null without data. */
  windowStart: z.string().nullable(),
  windowEnd: z.string().nullable(),
  /** Calendar days in the period and how many of them had weather readings. */
  days: z.number(),
  daysWithData: z.number(),
  /** Accepted readings per sensor type in the period. */
  readings: ZReadingCounts,
  /** Readings ignored anywhere in the data because their value was implausible. */
  readingsRejected: z.number(),
  /** Surveys that fell in the period. */
  surveys: z.number(),
  /** Crop phase at the end of the period and days since planting then. */
  cropStage: ZSeasonPhase.nullable(),
  daysSincePlanting: z.number().nullable(),
  soilTexture: ZSoilTexture,
  /** Whose weather the analysis read: the farm's readings, the provider's, or both. */
  weather: ZAnalysisWeather.optional(),
});

/** What every result carries. */
const ZCommonData = z.object({
  /** The main method and its source. */
  method: ZMethodRef,
  /** Every method that contributed, the main one first. */
  methods: z.array(ZMethodRef),
  inputs: ZAnalysisInputs,
  /** Inputs that were missing and how they were estimated or what was assumed. */
  missing: z.array(ZMissingMessage),
  /** 0–1: falls when inputs were estimated or days are missing. */
  confidenceScore: z.number(),
  recommendations: z.array(ZRecommendationMessage),
});

export const ZEt0Day = z.object({ date: z.string(), et0: z.number(), method: ZEt0Method });

export const ZResourceOptimizationData = ZCommonData.extend({
  /** Mean ET0 over the window [mm/day]. */
  et0: z.number(),
  et0Daily: z.array(ZEt0Day),
  /** Crop coefficient on the last day of the window, and the window's mean. */
  kc: z.number(),
  kcMean: z.number(),
  cropStage: ZSeasonPhase.nullable(),
  /** Crop water need over the window, Kc × ET0 [mm]. */
  etc: z.number(),
  /** Rain kept in the root zone over the window [mm]. */
  effectiveRainfall: z.number(),
  /** mm over the window; savings in % of the current use (0 when under-irrigating). */
  waterUsage: z.object({ current: z.number(), recommended: z.number(), savings: z.number() }),
  /** Root zone at the end of the window [mm], null when no day could be balanced. */
  rootZone: z
    .object({
      depletion: z.number(),
      readilyAvailable: z.number(),
      totalAvailable: z.number(),
      rootDepth: z.number(),
    })
    .nullable(),
});

/** What farms of a country commonly harvest, from a publication, set beside the predicted yield. */
export const ZTypicalYield = z.object({
  country: ZCountry,
  scope: z.enum(TYPICAL_SCOPES),
  /** The crop the figure is for; null: every cereal together (used only when the crop has no figure of its own). */
  crop: ZCropKey.nullable(),
  /** t/ha; equal when the source gives one mean, a range when it gives the spread between kinds of fields. */
  low: z.number(),
  high: z.number(),
  /** What was weighed (as the crop tables name it: grain, paddy, fresh roots, dry beans). */
  product: z.string(),
  /** The years the figure covers. */
  period: z.string(),
  /** The publication, as it names itself; the same in every language. */
  citation: z.string(),
});
export type TTypicalYield = z.infer<typeof ZTypicalYield>;

export const ZYieldPredictionData = ZCommonData.extend({
  /** t/ha, never above the attainable yield: the water-limited potential, not a forecast of what the farm will weigh. */
  predictedYield: z.number(),
  /**
   * What predictedYield is: what the season's water and heat allow when nothing else limits the crop. This and
   * typicalYields are absent from items stored before they were added.
   */
  estimate: z.literal('water_limited_potential').optional(),
  /** What farms of the country commonly get for this crop, with their sources; empty when none is documented. */
  typicalYields: z.array(ZTypicalYield).optional(),
  attainableYield: z.number(),
  yieldProduct: z.string(),
  attainableYieldSource: z.string(),
  /** Ya/Ym from water stress (FAO-33) and the heat accumulation factor, 0–1. */
  waterStressFactor: z.number(),
  heatFactor: z.number(),
  ky: z.number(),
  /** Seasonal ETa/ETm. */
  relativeEt: z.number(),
  gdd: z.object({ accumulated: z.number(), expected: z.number(), base: z.number() }),
  season: z.object({
    start: z.string().nullable(),
    end: z.string().nullable(),
    daysElapsed: z.number(),
    length: z.number(),
  }),
});

export const ZRisk = z.object({
  name: zMessage('risk', RISK_NAMES),
  score: z.number(),
  reason: zMessage('reason', REASON_NAMES),
});

export const ZPestRiskData = ZCommonData.extend({
  /** 0–1: the highest risk found. */
  riskScore: z.number(),
  risks: z.array(ZRisk),
});

/** Each analysis type's result schema. */
export const ZAnalysisDataByType = {
  yield_prediction: ZYieldPredictionData,
  resource_optimization: ZResourceOptimizationData,
  pest_risk: ZPestRiskData,
} as const satisfies Record<AnalyticsType, z.ZodType>;

export type TAnalysisDataByType = {
  [T in AnalyticsType]: z.infer<(typeof ZAnalysisDataByType)[T]>;
};
export type TAnalysisData = TAnalysisDataByType[AnalyticsType];
export type TYieldPredictionData = TAnalysisDataByType['yield_prediction'];
export type TResourceOptimizationData = TAnalysisDataByType['resource_optimization'];
export type TPestRiskData = TAnalysisDataByType['pest_risk'];
