// Deterministic synthetic weather for tests and benchmarks: smooth daily and yearly cycles, no random numbers.

import { HOUR_MS } from '../../../contract/constants';
import type { SensorType } from '../../../contract/crops';
import type { ReadingInput, SiteInput } from './types';

export const SITE: SiteInput = {
  latitude: 3.87,
  longitude: 11.52,
  elevation: 760,
  crop: 'maize',
  plantingDate: '2024-03-15',
  soilTexture: 'loam',
  sizeHa: 2,
};

export interface WeatherOptions {
  start: string;
  days: number;
  /** Sensor types to emit; all hourly except solar_radiation (one daily value at noon). */
  types?: readonly SensorType[];
  meanTemp?: number;
  /** Relative humidity added at night (pushes nights ≥ 90 % when high). */
  nightHumidity?: number;
  /** Rain falls every `rainEvery` days at 15:00 UTC. */
  rainEvery?: number;
  rainMm?: number;
}

const HOURLY_DEFAULT: readonly SensorType[] = [
  'temperature',
  'humidity',
  'rainfall',
  'wind_speed',
  'soil_moisture',
  'solar_radiation',
];

/** Hourly readings sorted by time. */
export function syntheticReadings(options: WeatherOptions): ReadingInput[] {
  const types = new Set(options.types ?? HOURLY_DEFAULT);
  const start = Date.parse(`${options.start}T00:00:00Z`);
  const meanTemp = options.meanTemp ?? 24;
  const nightHumidity = options.nightHumidity ?? 10;
  const rainEvery = options.rainEvery ?? 5;
  const rainMm = options.rainMm ?? 12;
  const readings: ReadingInput[] = [];
  for (let day = 0; day < options.days; day++) {
    const season = Math.sin((2 * Math.PI * day) / 365);
    for (let hour = 0; hour < 24; hour++) {
      const timestamp = new Date(start + (day * 24 + hour) * HOUR_MS);
      const diurnal = Math.sin((2 * Math.PI * (hour - 9)) / 24);
      const temperature = meanTemp + 2 * season + 5 * diurnal;
      const humidity = Math.min(100, 75 - 15 * diurnal + (diurnal < 0 ? nightHumidity : 0));
      const push = (type: SensorType, value: number): void => {
        if (types.has(type)) {
          readings.push({ timestamp, type, value: Math.round(value * 100) / 100 });
        }
      };
      push('temperature', temperature);
      push('humidity', humidity);
      push('rainfall', hour === 15 && day % rainEvery === 0 ? rainMm : 0);
      push('wind_speed', 1.8 + 0.8 * Math.max(0, diurnal));
      push('soil_moisture', 24 - 4 * ((day % rainEvery) / rainEvery));
      if (hour === 12) {
        push('solar_radiation', 18 + 3 * season);
        push('sunshine_hours', 6 + 2 * season);
      }
    }
  }
  return readings;
}
