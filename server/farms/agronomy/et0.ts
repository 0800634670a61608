// Reference evapotranspiration ET0: FAO-56 Penman–Monteith (eq. 6) with the chapter-3 rules for missing data,
// and Hargreaves (eq. 52) as the fallback.
import {
  DEFAULT_WIND_SPEED,
  HARGREAVES_KRS_INTERIOR,
  MIN_HOURS_FOR_DAILY_EXTREMES,
  MIN_WIND_SPEED,
  MJ_TO_MM,
} from './constants';
import type { DailyWeather } from './daily';
import { dayOfYear } from './dates';
import {
  actualVapourPressureFromRhExtremes,
  actualVapourPressureFromRhMean,
  actualVapourPressureFromTmin,
  atmosphericPressure,
  meanSaturationVapourPressure,
  psychrometricConstant,
  saturationSlope,
} from './meteo';
import {
  angstromRadiation,
  clearSkyRadiation,
  daylightHours,
  extraterrestrialRadiation,
  hargreavesRadiation,
  netLongwaveRadiation,
  netRadiation,
  netShortwaveRadiation,
} from './radiation';
import type { Et0Method } from './types';

export interface PenmanMonteithInput {
  tmax: number;
  tmin: number;
  /** Net radiation [MJ m⁻² d⁻¹]. */
  rn: number;
  /** Soil heat flux [MJ m⁻² d⁻¹]; ≈ 0 for daily steps (eq. 42). */
  g: number;
  /** Wind speed at 2 m [m s⁻¹]. */
  u2: number;
  /** Actual vapour pressure [kPa]. */
  ea: number;
  /** Atmospheric pressure [kPa]. */
  pressure: number;
}

/** FAO-56 Penman–Monteith reference evapotranspiration [mm d⁻¹], eq. 6, with Tmean by eq. 9 and es by eq. 12. */
export function penmanMonteithEt0(input: PenmanMonteithInput): number {
  const tmean = (input.tmax + input.tmin) / 2;
  const delta = saturationSlope(tmean);
  const gamma = psychrometricConstant(input.pressure);
  const es = meanSaturationVapourPressure(input.tmax, input.tmin);
  const u2 = Math.max(MIN_WIND_SPEED, input.u2);
  const numerator =
    MJ_TO_MM * delta * (input.rn - input.g) + gamma * (900 / (tmean + 273)) * u2 * (es - input.ea);
  return numerator / (delta + gamma * (1 + 0.34 * u2));
}

/**
 * Hargreaves reference evapotranspiration [mm d⁻¹], FAO-56 eq. 52. Ra is given in MJ m⁻² d⁻¹ and converted
 * to mm d⁻¹ here (×0.408), as the equation needs. Tmean defaults to (Tmax + Tmin)/2.
 */
export function hargreavesEt0(tmax: number, tmin: number, raMj: number, tmean = (tmax + tmin) / 2): number {
  return 0.0023 * (tmean + 17.8) * Math.sqrt(Math.max(0, tmax - tmin)) * raMj * MJ_TO_MM;
}

/** How a day's missing inputs were estimated (FAO-56 chapter 3), or why a less reliable path was taken. */
export type Et0Estimate =
  | 'radiation_from_sunshine'
  | 'radiation_from_temperature'
  | 'humidity_from_mean'
  | 'humidity_from_tmin'
  | 'wind_default'
  | 'temperature_partial'
  | 'hargreaves_fallback';

export interface DailyEt0 {
  dayNumber: number;
  date: string;
  et0: number;
  method: Et0Method;
  estimates: Et0Estimate[];
}

export interface Et0Site {
  latitude: number;
  elevation: number;
}

function vapourPressure(day: DailyWeather, tmax: number, tmin: number, estimates: Et0Estimate[]): number {
  if (day.rhmax !== null && day.rhmin !== null && day.humidityHours >= MIN_HOURS_FOR_DAILY_EXTREMES) {
    return actualVapourPressureFromRhExtremes(tmax, tmin, day.rhmax, day.rhmin);
  }
  if (day.rhmean !== null) {
    // Too few hours for the day's extremes: their mean is the best humidity figure left (eq. 19).
    estimates.push('humidity_from_mean');
    return actualVapourPressureFromRhMean(tmax, tmin, day.rhmean);
  }
  estimates.push('humidity_from_tmin');
  return actualVapourPressureFromTmin(tmin);
}

function solarRadiation(
  day: DailyWeather,
  site: Et0Site,
  j: number,
  ra: number,
  rso: number,
  estimates: Et0Estimate[],
): number {
  if (day.solarRadiation !== null) {
    return day.solarRadiation;
  }
  if (day.sunshineHours !== null) {
    estimates.push('radiation_from_sunshine');
    return angstromRadiation(day.sunshineHours, daylightHours(site.latitude, j), ra);
  }
  estimates.push('radiation_from_temperature');
  return hargreavesRadiation(day.tmax ?? 0, day.tmin ?? 0, ra, HARGREAVES_KRS_INTERIOR, rso);
}

/**
 * ET0 of one day. Penman–Monteith runs whenever Tmax and Tmin exist, estimating the rest as FAO-56 chapter 3
 * prescribes (p.58–64): radiation from sunshine (eq. 35) or the temperature range (eq. 50), vapour pressure
 * from Tmin (eq. 48), wind 2 m s⁻¹. Hargreaves (eq. 52) is used only when Penman–Monteith cannot be evaluated
 * (no usable elevation for the pressure, or a non-finite result). Null when the day has no temperature.
 */
export function dailyEt0(day: DailyWeather, site: Et0Site): DailyEt0 | null {
  if (
    day.tmax === null ||
    day.tmin === null ||
    !Number.isFinite(site.latitude) ||
    Math.abs(site.latitude) > 90
  ) {
    return null;
  }
  const { tmax, tmin } = day;
  const j = dayOfYear(day.dayNumber);
  const ra = extraterrestrialRadiation(site.latitude, j);
  const estimates: Et0Estimate[] = [];
  if (day.temperatureSource === 'partial') {
    estimates.push('temperature_partial');
  }
  let et0 = Number.NaN;
  let method: Et0Method = 'fao56_penman_monteith';
  if (Number.isFinite(site.elevation)) {
    const rso = clearSkyRadiation(site.elevation, ra);
    const rs = solarRadiation(day, site, j, ra, rso, estimates);
    const ea = vapourPressure(day, tmax, tmin, estimates);
    if (day.windSpeed === null) {
      estimates.push('wind_default');
    }
    const rn = netRadiation(netShortwaveRadiation(rs), netLongwaveRadiation(tmax, tmin, ea, rs, rso));
    et0 = penmanMonteithEt0({
      tmax,
      tmin,
      rn,
      g: 0,
      u2: day.windSpeed ?? DEFAULT_WIND_SPEED,
      ea,
      pressure: atmosphericPressure(site.elevation),
    });
  }
  if (!Number.isFinite(et0)) {
    method = 'hargreaves';
    estimates.length = day.temperatureSource === 'partial' ? 1 : 0;
    estimates.push('hargreaves_fallback');
    et0 = hargreavesEt0(tmax, tmin, ra);
  }
  if (!Number.isFinite(et0)) {
    return null;
  }
  // Condensation can make eq. 6 slightly negative on cold humid days; a crop does not gain water from it.
  return { dayNumber: day.dayNumber, date: day.date, et0: Math.max(0, et0), method, estimates };
}
