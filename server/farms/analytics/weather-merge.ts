// The farm's own readings where it has them, the provider's weather for the rest: per kind of weather and UTC day,
// a day the farm measured is the farm's alone (a partly measured day is not topped up, so rain is never counted
// twice), and a day it did not is the provider's.
import type { TAnalysisWeather } from '../../../contract/weather';
import { dayNumberOfTime } from '../agronomy/dates';
import type { ReadingInput } from '../agronomy/types';
import type { ProviderWeather } from '../hooks';

/** Sensor types that describe the same weather: a day with any of a group's readings is measured for the group. */
const GROUP: Readonly<Record<ReadingInput['type'], string>> = {
  temperature: 'temperature',
  temperature_min: 'temperature',
  temperature_max: 'temperature',
  humidity: 'humidity',
  rainfall: 'rainfall',
  wind_speed: 'wind_speed',
  solar_radiation: 'sun',
  sunshine_hours: 'sun',
  soil_moisture: 'soil_moisture',
};

const keyOf = (r: ReadingInput) => `${GROUP[r.type]}|${dayNumberOfTime(r.timestamp.getTime())}`;

/** The readings an analysis reads, oldest first, and whose they were. */
export function mergeWeather(
  own: readonly ReadingInput[],
  provider: ProviderWeather | null,
): { readings: ReadingInput[]; weather: TAnalysisWeather } {
  const measured = new Set(own.map(keyOf));
  const added = (provider?.readings ?? []).filter((r) => !measured.has(keyOf(r)));
  const readings =
    added.length === 0
      ? [...own]
      : [...own, ...added].sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
  const used = own.length > 0 ? (added.length > 0 ? 'both' : 'farm') : added.length > 0 ? 'provider' : 'none';
  return {
    readings,
    weather: {
      used,
      source: added.length > 0 && provider ? provider.source : null,
      gridDegrees: added.length > 0 && provider ? provider.gridDegrees : null,
    },
  };
}
