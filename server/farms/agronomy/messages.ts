// Translatable keys (web/locales/{en,fr}/agronomy.json) that analysis results may carry, and helpers to build them.

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

export const STAGE_NAMES = [
  'initial',
  'development',
  'mid_season',
  'late_season',
  'not_planted',
  'after_season',
] as const;

export type MethodName = (typeof METHOD_NAMES)[number];
export type MissingName = (typeof MISSING_NAMES)[number];
export type RecommendationName = (typeof RECOMMENDATION_NAMES)[number];
export type RiskName = (typeof RISK_NAMES)[number];
export type ReasonName = (typeof REASON_NAMES)[number];
export type SourceName = (typeof SOURCE_NAMES)[number];

export type MessageParams = Record<string, string | number>;

/** A text for the web app to translate: `t('agronomy:' + key, params)`. */
export type Message<K extends string = string> = { key: K; params: MessageParams };

/** A method's published source, translated like any message; the references in it stay exact. */
export type SourceMessage = Message<`source.${SourceName}`>;

/** A named method and its published source. */
export type MethodRef = { key: `method.${MethodName}`; source: SourceMessage };

export type MissingMessage = Message<`missing.${MissingName}`>;
export type RecommendationMessage = Message<`recommendation.${RecommendationName}`>;

export function method(name: MethodName, source: SourceMessage): MethodRef {
  return { key: `method.${name}`, source };
}

export function source(name: SourceName, params: MessageParams = {}): SourceMessage {
  return { key: `source.${name}`, params };
}

/** A source quoted as a crop-table row gives it (the rows cite their publications in English). */
export function cited(citation: string): SourceMessage {
  return source('cited', { citation });
}

export function missing(name: MissingName, params: MessageParams = {}): MissingMessage {
  return { key: `missing.${name}`, params };
}

export function recommendation(name: RecommendationName, params: MessageParams = {}): RecommendationMessage {
  return { key: `recommendation.${name}`, params };
}

export function riskName(name: RiskName, params: MessageParams = {}): Message<`risk.${RiskName}`> {
  return { key: `risk.${name}`, params };
}

export function reason(name: ReasonName, params: MessageParams = {}): Message<`reason.${ReasonName}`> {
  return { key: `reason.${name}`, params };
}
