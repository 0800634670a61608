// The stand-in's weather: plausible tropical hourly weather for a grid cell, a pure function of the cell and the
// hour (the same hour asked twice, by the forecast or the archive, is the same), made up for tests and never shown
// as data. Radiation and ET₀ follow FAO-56 (Allen et al. 1998, Irrigation and Drainage Paper 56) for the hour, with
// the app's own hourly functions, so they are 0 at night and about 0.1–0.7 mm/h by day like the provider's.
import { DAY_MS, HOUR_MS } from '../../contract/constants';
import { dayNumberOfTime } from '../farms/agronomy/dates';
import { hourlyPenmanMonteithEt0, solarHour as sunOfHour } from '../farms/agronomy/et0-hourly';
import { seededRandom } from '../farms/demo-weather';
import { WIND_10M_TO_2M } from '../weather/weather-hours';

export const STAND_IN_VARIABLES = ['temperature', 'humidity', 'wind', 'radiation', 'rain', 'et0'] as const;
export type StandInVariable = (typeof STAND_IN_VARIABLES)[number];
export type StandInHour = Record<StandInVariable, number | null>;
export interface StandInCell {
  latitude: number;
  longitude: number;
}
/** What a test forces for an hour (wind in m/s, radiation in W/m², whatever unit the request asked for). */
export type StandInScript = (cell: StandInCell, utcHour: Date) => Partial<StandInHour>;

/** Every 97th hour (counted from 1970) has no humidity, as a provider's answer has gaps. */
const HUMIDITY_GAP_EVERY = 97;
/** Hourly Stefan-Boltzmann constant [MJ K⁻⁴ m⁻² h⁻¹], FAO-56 eq. 53 notes. */
const W_PER_MJ_HOUR = 1e6 / 3600;

const clamp = (value: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, value));
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** A number in [0, 1) fixed by the cell and the keys (a day, a purpose), the same on every call. */
function draw(cell: StandInCell, ...keys: number[]): number {
  let seed = Math.imul(Math.round(cell.latitude * 10) + 1_000, 73_856_093);
  seed ^= Math.imul(Math.round(cell.longitude * 10) + 2_000, 19_349_663);
  for (const key of keys) {
    seed = Math.imul(seed ^ key, 83_492_791) + 0x9e3779b9;
  }
  return seededRandom(seed)();
}

/** The cell's elevation [m]: 150 to 1,450 m, the range of the farms' regions from coast to highland. */
export function standInElevation(cell: StandInCell): number {
  return Math.round(150 + 1_300 * draw(cell, 1));
}

// --- The hour --------------------------------------------------------------------------------------------------

interface Day {
  wet: boolean;
  cloud: number;
  anomaly: number;
  /** On wet days, the afternoon storm: first hour (local solar), hours, total mm. */
  storm: { from: number; hours: number; mm: number };
}

function dayOf(cell: StandInCell, solarDay: number): Day {
  const wet = draw(cell, solarDay, 2) < 0.4;
  return {
    wet,
    cloud: wet ? 0.55 + 0.3 * draw(cell, solarDay, 3) : 0.15 + 0.35 * draw(cell, solarDay, 3),
    anomaly: (draw(cell, solarDay, 4) - 0.5) * 3,
    storm: {
      from: 13 + Math.floor(draw(cell, solarDay, 5) * 5),
      hours: 1 + Math.floor(draw(cell, solarDay, 6) * 3),
      mm: 2 + 28 * draw(cell, solarDay, 7),
    },
  };
}

/** The hour's weather before any script: numbers, in m/s and W/m². */
function modelHour(cell: StandInCell, endMs: number, elevation: number) {
  const solarMs = endMs + (cell.longitude / 15) * HOUR_MS;
  const solarHour = Math.floor((solarMs % DAY_MS) / HOUR_MS);
  const solarDay = dayNumberOfTime(solarMs);
  const day = dayOf(cell, solarDay);
  // The day's warmth drifts into the next day's over the hours, so midnight has no step.
  const anomaly = day.anomaly + (dayOf(cell, solarDay + 1).anomaly - day.anomaly) * (solarHour / 24);
  // Rain labelled h fell during the hour before h: the storm's hours are from+1 .. from+hours.
  const raining = day.wet && solarHour > day.storm.from && solarHour <= day.storm.from + day.storm.hours;
  const diurnal = Math.sin((2 * Math.PI * (solarHour - 9)) / 24);
  const jitter = draw(cell, endMs / HOUR_MS, 8) - 0.5;
  // 27.5 °C at sea level less the standard lapse rate of 6.5 °C/km.
  const mean = 27.5 - 0.0065 * elevation + anomaly;
  const temperature = mean + 5 * (1 - 0.5 * day.cloud) * diurnal - (raining ? 2 : 0) + jitter * 0.6;
  const humidity = clamp(80 - 18 * diurnal + (raining ? 12 : 0) + day.cloud * 8 + jitter * 4, 30, 100);
  const wind = clamp(1.8 + 1.6 * Math.max(0, diurnal) + (raining ? 2.5 : 0) + jitter * 0.8, 0.3, 15);
  const { ra } = sunOfHour(cell.latitude, cell.longitude, new Date(endMs - HOUR_MS));
  // Ångström's defaults (FAO-56 eq. 35) with the day's sunshine fraction 1 − cloud; a storm halves it.
  const rs = ra * (0.25 + 0.5 * (1 - day.cloud)) * (raining ? 0.5 : 1);
  return {
    temperature,
    humidity,
    wind,
    radiation: rs * W_PER_MJ_HOUR,
    rain: raining ? day.storm.mm / day.storm.hours : 0,
    rsOverRso: clamp((0.25 + 0.5 * (1 - day.cloud)) / (0.75 + 2e-5 * elevation), 0.3, 1),
  };
}

function et0Of(cell: StandInCell, endMs: number, hour: StandInHour, rsOverRso: number, elevation: number) {
  const { temperature, humidity, wind, radiation } = hour;
  if (temperature === null || humidity === null || wind === null || radiation === null) {
    return null;
  }
  return hourlyPenmanMonteithEt0({
    temperature,
    humidity,
    u2: wind * WIND_10M_TO_2M,
    rs: radiation / W_PER_MJ_HOUR,
    ra: sunOfHour(cell.latitude, cell.longitude, new Date(endMs - HOUR_MS)).ra,
    elevation,
    nightRsRso: rsOverRso,
  }).et0;
}

/**
 * The hour labelled `endMs` (UTC) of a cell, rounded as the provider rounds; what `script` gives wins, and ET₀
 * follows the scripted inputs unless the script sets it too.
 */
export function standInHour(cell: StandInCell, endMs: number, script: StandInScript | null): StandInHour {
  const elevation = standInElevation(cell);
  const { rsOverRso, ...model } = modelHour(cell, endMs, elevation);
  const forced = script?.(cell, new Date(endMs)) ?? {};
  const inputs: StandInHour = { ...model, et0: null, ...forced };
  const hour: StandInHour = {
    temperature: inputs.temperature === null ? null : round(inputs.temperature, 1),
    humidity: inputs.humidity === null ? null : Math.round(inputs.humidity),
    wind: inputs.wind === null ? null : round(inputs.wind, 2),
    radiation: inputs.radiation === null ? null : round(inputs.radiation, 1),
    rain: inputs.rain === null ? null : round(inputs.rain, 1),
    et0: null,
  };
  const et0 = 'et0' in forced ? (forced.et0 ?? null) : et0Of(cell, endMs, hour, rsOverRso, elevation);
  hour.et0 = et0 === null ? null : round(et0, 2);
  if (!('humidity' in forced) && Math.round(endMs / HOUR_MS) % HUMIDITY_GAP_EVERY === 0) {
    hour.humidity = null;
  }
  return hour;
}
