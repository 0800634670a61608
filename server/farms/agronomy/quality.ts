// Reporting on input quality: confidence lost to estimated inputs, `missing` entries and sensors worth adding.
import type { AnalysisContext } from './context';
import type { DailyEt0, Et0Estimate } from './et0';
import { type MissingMessage, missing, type RecommendationMessage, recommendation } from './messages';
import type { ReadingCounts } from './types';

// Confidence lost per estimated input (app weighting, no published standard; FAO-56 p.28, 60 and 63 say
// estimated radiation, humidity and wind make daily ET0 less reliable, radiation from temperature the most).
const ESTIMATE_PENALTY: Record<Et0Estimate, number> = {
  radiation_from_sunshine: 0.05,
  radiation_from_temperature: 0.15,
  humidity_from_mean: 0.05,
  humidity_from_tmin: 0.1,
  wind_default: 0.05,
  temperature_partial: 0.2,
  hargreaves_fallback: 0.25,
};

/** Quality of one day's ET0, 0 (no ET0) to 1 (every input measured). */
export function et0Quality(et0: DailyEt0 | null): number {
  if (et0 === null) {
    return 0;
  }
  const lost = et0.estimates.reduce((sum, e) => sum + ESTIMATE_PENALTY[e], 0);
  return Math.max(0.2, 1 - lost);
}

/** One `missing` entry per estimate, with the number of days it applied to. */
export function estimateMessages(et0s: readonly (DailyEt0 | null)[]): MissingMessage[] {
  const counts = new Map<Et0Estimate, number>();
  for (const et0 of et0s) {
    for (const e of et0?.estimates ?? []) {
      counts.set(e, (counts.get(e) ?? 0) + 1);
    }
  }
  return [...counts.entries()].map(([e, days]) => missing(e, { days }));
}

/** Sensors worth adding, from what the period lacked. */
export function sensorRecommendations(counts: ReadingCounts): RecommendationMessage[] {
  const result: RecommendationMessage[] = [];
  if (counts.temperature + counts.temperature_max + counts.temperature_min === 0) {
    result.push(recommendation('add_temperature_sensor'));
  }
  if (counts.rainfall === 0) {
    result.push(recommendation('add_rain_gauge'));
  }
  if (counts.humidity === 0) {
    result.push(recommendation('add_humidity_sensor'));
  }
  if (counts.wind_speed === 0) {
    result.push(recommendation('add_wind_sensor'));
  }
  if (counts.solar_radiation + counts.sunshine_hours === 0) {
    result.push(recommendation('add_radiation_sensor'));
  }
  if (counts.soil_moisture === 0) {
    result.push(recommendation('add_soil_moisture_sensor'));
  }
  return result;
}

/** Missing entries every analysis shares (rejected readings, unusable location or planting date). */
export function commonMissing(analysis: AnalysisContext): MissingMessage[] {
  const result: MissingMessage[] = [];
  if (analysis.days.length === 0) {
    result.push(missing('no_readings'));
  }
  if (analysis.rejected > 0) {
    result.push(missing('readings_rejected', { count: analysis.rejected }));
  }
  if (!analysis.locationValid) {
    result.push(missing('location_invalid'));
  }
  if (!analysis.plantingDateValid) {
    result.push(missing('planting_date_invalid'));
  }
  return result;
}
