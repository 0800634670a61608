// Crops, sensor types (with units and plausible ranges) and analytics types shared by the server and the web app.
import { z } from 'zod';
import { CROP_KEYS } from './crops-constants';

export { CROP_KEYS, type CropKey } from './crops-constants';

export const ZCropKey = z.enum(CROP_KEYS);

export const SENSOR_TYPES = [
  'temperature',
  'temperature_min',
  'temperature_max',
  'humidity',
  'rainfall',
  'wind_speed',
  'solar_radiation',
  'sunshine_hours',
  'soil_moisture',
] as const;
export type SensorType = (typeof SENSOR_TYPES)[number];
export const ZSensorType = z.enum(SENSOR_TYPES);

export interface SensorSpec {
  /** Unit of the stored value. */
  unit: string;
  /** Lowest plausible value (inclusive). */
  min: number;
  /** Highest plausible value (inclusive). */
  max: number;
}

// Ranges reject typing and unit errors, not rare weather: they sit beyond the recorded extremes
// (−89 °C and 57 °C air temperature, ~400 mm of rain in an hour, ~40 MJ m⁻² d⁻¹ clear-sky radiation).
export const SENSOR_SPECS: Readonly<Record<SensorType, SensorSpec>> = {
  temperature: { unit: '°C', min: -60, max: 70 },
  temperature_min: { unit: '°C', min: -60, max: 70 },
  temperature_max: { unit: '°C', min: -60, max: 70 },
  humidity: { unit: '%', min: 0, max: 100 },
  rainfall: { unit: 'mm', min: 0, max: 500 },
  wind_speed: { unit: 'm/s', min: 0, max: 75 },
  solar_radiation: { unit: 'MJ/m²/day', min: 0, max: 45 },
  sunshine_hours: { unit: 'h', min: 0, max: 24 },
  soil_moisture: { unit: '%', min: 0, max: 100 },
};

export function isPlausibleReading(type: SensorType, value: number): boolean {
  const spec = SENSOR_SPECS[type];
  return Number.isFinite(value) && value >= spec.min && value <= spec.max;
}

export const ANALYTICS_TYPES = ['yield_prediction', 'resource_optimization', 'pest_risk'] as const;
export type AnalyticsType = (typeof ANALYTICS_TYPES)[number];
export const ZAnalyticsType = z.enum(ANALYTICS_TYPES);
