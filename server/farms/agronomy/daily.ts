// Aggregation of raw sensor readings into per-UTC-day weather, in one pass over the readings.

import { DAY_MS, HOUR_MS } from '../../../contract/constants';
import { isPlausibleReading, SENSOR_TYPES, type SensorType } from '../../../contract/crops';
import { MIN_HOURS_FOR_DAILY_EXTREMES } from './constants';
import { isoOfDayNumber } from './dates';
import type { ReadingCounts, ReadingInput } from './types';

/** Where a day's Tmax/Tmin came from: daily extreme sensors, hourly readings covering the day, or too few readings. */
export type TemperatureSource = 'daily_extremes' | 'hourly' | 'partial';

export interface DailyWeather {
  dayNumber: number;
  date: string;
  /** °C; from temperature_max/min sensors and hourly temperatures together. */
  tmax: number | null;
  tmin: number | null;
  temperatureSource: TemperatureSource | null;
  /** % RH extremes and mean of the day's humidity readings. */
  rhmax: number | null;
  rhmin: number | null;
  rhmean: number | null;
  /** Distinct UTC hours with at least one humidity reading. */
  humidityHours: number;
  /** Sum of rainfall readings [mm], null when the day has none. */
  rainfall: number | null;
  /** Mean wind speed at 2 m [m s⁻¹]. */
  windSpeed: number | null;
  /** Mean of solar radiation readings [MJ m⁻² d⁻¹]: each reading is a daily rate. */
  solarRadiation: number | null;
  /** Sum of sunshine readings [h]. */
  sunshineHours: number | null;
  /** Mean volumetric soil moisture [%]. */
  soilMoisture: number | null;
  /** Hours whose mean RH is ≥ 90 % (Smith periods, Hutton criteria, TOMCAST wetness proxy). */
  hoursRhAtLeast90: number;
  /** Mean air temperature during those hours (hours with a temperature reading only). */
  meanTempRhAtLeast90: number | null;
  counts: ReadingCounts;
}

export interface DailyAggregation {
  days: DailyWeather[];
  /** Readings ignored because their value was not finite or outside the plausible range. */
  rejected: number;
  /** Latest accepted reading time [ms], null without readings. */
  latestTime: number | null;
}

export function emptyCounts(): ReadingCounts {
  const counts = {} as ReadingCounts;
  for (const type of SENSOR_TYPES) {
    counts[type] = 0;
  }
  return counts;
}

interface DayAccumulator {
  dayNumber: number;
  counts: ReadingCounts;
  explicitMax: number;
  explicitMin: number;
  tempMax: number;
  tempMin: number;
  rhMax: number;
  rhMin: number;
  rhSum: number;
  rainSum: number;
  windSum: number;
  solarSum: number;
  sunshineSum: number;
  soilSum: number;
  // Per-hour sums and counts: [tSum, tCount, hSum, hCount] × 24, so humid hours can be paired with temperature.
  hourly: Float64Array;
}

function newAccumulator(dayNumber: number): DayAccumulator {
  return {
    dayNumber,
    counts: emptyCounts(),
    explicitMax: Number.NEGATIVE_INFINITY,
    explicitMin: Number.POSITIVE_INFINITY,
    tempMax: Number.NEGATIVE_INFINITY,
    tempMin: Number.POSITIVE_INFINITY,
    rhMax: Number.NEGATIVE_INFINITY,
    rhMin: Number.POSITIVE_INFINITY,
    rhSum: 0,
    rainSum: 0,
    windSum: 0,
    solarSum: 0,
    sunshineSum: 0,
    soilSum: 0,
    hourly: new Float64Array(96),
  };
}

function add(acc: DayAccumulator, type: SensorType, value: number, hour: number): void {
  acc.counts[type] += 1;
  switch (type) {
    case 'temperature':
      acc.tempMax = Math.max(acc.tempMax, value);
      acc.tempMin = Math.min(acc.tempMin, value);
      acc.hourly[hour * 4] = (acc.hourly[hour * 4] ?? 0) + value;
      acc.hourly[hour * 4 + 1] = (acc.hourly[hour * 4 + 1] ?? 0) + 1;
      break;
    case 'temperature_max':
      acc.explicitMax = Math.max(acc.explicitMax, value);
      break;
    case 'temperature_min':
      acc.explicitMin = Math.min(acc.explicitMin, value);
      break;
    case 'humidity':
      acc.rhMax = Math.max(acc.rhMax, value);
      acc.rhMin = Math.min(acc.rhMin, value);
      acc.rhSum += value;
      acc.hourly[hour * 4 + 2] = (acc.hourly[hour * 4 + 2] ?? 0) + value;
      acc.hourly[hour * 4 + 3] = (acc.hourly[hour * 4 + 3] ?? 0) + 1;
      break;
    case 'rainfall':
      acc.rainSum += value;
      break;
    case 'wind_speed':
      acc.windSum += value;
      break;
    case 'solar_radiation':
      acc.solarSum += value;
      break;
    case 'sunshine_hours':
      acc.sunshineSum += value;
      break;
    case 'soil_moisture':
      acc.soilSum += value;
      break;
  }
}

function finish(acc: DayAccumulator): DailyWeather {
  const c = acc.counts;
  let temperatureHours = 0;
  let humidityHours = 0;
  let humidHours = 0;
  let humidTempSum = 0;
  let humidTempCount = 0;
  for (let h = 0; h < 24; h++) {
    const tCount = acc.hourly[h * 4 + 1] ?? 0;
    const hCount = acc.hourly[h * 4 + 3] ?? 0;
    if (tCount > 0) {
      temperatureHours++;
    }
    if (hCount > 0) {
      humidityHours++;
      if ((acc.hourly[h * 4 + 2] ?? 0) / hCount >= 90) {
        humidHours++;
        if (tCount > 0) {
          humidTempSum += (acc.hourly[h * 4] ?? 0) / tCount;
          humidTempCount++;
        }
      }
    }
  }
  // With only one kind of extreme (e.g. a lone temperature_min), the day's range collapses to that value.
  const maxSeen = Math.max(acc.explicitMax, acc.tempMax);
  const minSeen = Math.min(acc.explicitMin, acc.tempMin);
  const a = Number.isFinite(maxSeen) ? maxSeen : minSeen;
  const b = Number.isFinite(minSeen) ? minSeen : maxSeen;
  // Inconsistent sensors (a minimum above the maximum) are read as a range rather than rejected.
  const highest = Math.max(a, b);
  const lowest = Math.min(a, b);
  const hasTemperature = c.temperature + c.temperature_max + c.temperature_min > 0;
  let temperatureSource: TemperatureSource | null = null;
  if (hasTemperature) {
    if (c.temperature_max > 0 && c.temperature_min > 0) {
      temperatureSource = 'daily_extremes';
    } else if (temperatureHours >= MIN_HOURS_FOR_DAILY_EXTREMES) {
      temperatureSource = 'hourly';
    } else {
      temperatureSource = 'partial';
    }
  }
  const mean = (sum: number, count: number): number | null => (count > 0 ? sum / count : null);
  return {
    dayNumber: acc.dayNumber,
    date: isoOfDayNumber(acc.dayNumber),
    tmax: hasTemperature ? highest : null,
    tmin: hasTemperature ? lowest : null,
    temperatureSource,
    rhmax: c.humidity > 0 ? acc.rhMax : null,
    rhmin: c.humidity > 0 ? acc.rhMin : null,
    rhmean: mean(acc.rhSum, c.humidity),
    humidityHours,
    rainfall: c.rainfall > 0 ? acc.rainSum : null,
    windSpeed: mean(acc.windSum, c.wind_speed),
    solarRadiation: mean(acc.solarSum, c.solar_radiation),
    sunshineHours: c.sunshine_hours > 0 ? acc.sunshineSum : null,
    soilMoisture: mean(acc.soilSum, c.soil_moisture),
    hoursRhAtLeast90: humidHours,
    meanTempRhAtLeast90: mean(humidTempSum, humidTempCount),
    counts: c,
  };
}

/** Groups readings by UTC day; readings may come in any order, the result is sorted by day. */
export function aggregateDaily(readings: readonly ReadingInput[]): DailyAggregation {
  const byDay = new Map<number, DayAccumulator>();
  let rejected = 0;
  let latestTime: number | null = null;
  let current: DayAccumulator | undefined;
  for (const reading of readings) {
    const ms = reading.timestamp.getTime();
    if (!Number.isFinite(ms) || !isPlausibleReading(reading.type, reading.value)) {
      rejected++;
      continue;
    }
    const dayNumber = Math.floor(ms / DAY_MS);
    // Sorted input hits the same day many times in a row: skip the map lookup then.
    if (current === undefined || current.dayNumber !== dayNumber) {
      current = byDay.get(dayNumber);
      if (current === undefined) {
        current = newAccumulator(dayNumber);
        byDay.set(dayNumber, current);
      }
    }
    const hour = Math.floor((ms - dayNumber * DAY_MS) / HOUR_MS);
    add(current, reading.type, reading.value, hour);
    latestTime = latestTime === null ? ms : Math.max(latestTime, ms);
  }
  const days = [...byDay.values()].sort((a, b) => a.dayNumber - b.dayNumber).map(finish);
  return { days, rejected, latestTime };
}
