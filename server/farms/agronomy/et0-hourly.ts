// Hourly reference evapotranspiration: FAO-56 Penman–Monteith for hourly time steps (eq. 53) with the hourly
// extraterrestrial radiation (eqs. 28–33) and the night-time rules of FAO-56 p.74–75, for a provider's hourly series.
import { DAY_MS, HOUR_MS } from '../../../contract/constants';
import {
  KELVIN_OFFSET_FAO,
  MIN_WIND_SPEED,
  MJ_TO_MM,
  SOLAR_CONSTANT,
  STEFAN_BOLTZMANN_DAILY,
} from './constants';
import { dayNumberOfTime, dayOfYear } from './dates';
import {
  atmosphericPressure,
  psychrometricConstant,
  saturationSlope,
  saturationVapourPressure,
} from './meteo';
import {
  clearSkyRadiation,
  degreesToRadians,
  inverseRelativeDistance,
  netRadiation,
  netShortwaveRadiation,
  solarDeclination,
  sunsetHourAngle,
} from './radiation';

/** σ per hour [MJ K⁻⁴ m⁻² h⁻¹] = 4.903×10⁻⁹ / 24 = 2.043×10⁻¹⁰, FAO-56 p.74. */
const STEFAN_BOLTZMANN_HOURLY = STEFAN_BOLTZMANN_DAILY / 24;

/**
 * Rs/Rso at night when no afternoon of the series came before (FAO-56 p.75: 0.4–0.6 in humid and sub-humid
 * climates, 0.7–0.8 in arid and semi-arid ones). 0.5 is the humid band's middle, as radiation.ts uses for polar night.
 */
const NIGHT_RS_RSO_DEFAULT = 0.5;

/** FAO-56 p.75 carries to the night the Rs/Rso of the hour 2–3 hours before sunset. */
const CARRY_FROM_HOURS_BEFORE_SUNSET = [2, 3] as const;

/** Seasonal correction for solar time Sc [h], FAO-56 eqs. 32–33. */
function seasonalCorrection(j: number): number {
  const b = (2 * Math.PI * (j - 81)) / 364;
  return 0.1645 * Math.sin(2 * b) - 0.1255 * Math.cos(b) - 0.025 * Math.sin(b);
}

export interface SolarHour {
  /** Extraterrestrial radiation received during the hour [MJ m⁻² h⁻¹], FAO-56 eq. 28. */
  ra: number;
  /** Hours from the hour's midpoint to sunset (negative once the sun has set). */
  hoursBeforeSunset: number;
}

/**
 * The sun during the hour starting at `start` (UTC) at a latitude and longitude (east positive). FAO-56 eq. 31 counts
 * clock time t at the time-zone meridian Lz and longitudes west of Greenwich: with UTC, Lz = 0 and Lm = −longitude, so
 * solar time = t + longitude/15 + Sc. FAO-56 p.48 sets Ra to zero when the sun is below the horizon; clamping ω1 and
 * ω2 to ±ωs extends that to the hours that hold sunrise or sunset.
 */
export function solarHour(latitudeDeg: number, longitudeDeg: number, start: Date): SolarHour {
  const mid = start.getTime() + HOUR_MS / 2;
  const dayNumber = dayNumberOfTime(mid);
  const j = dayOfYear(dayNumber);
  const clockHours = (mid - dayNumber * DAY_MS) / HOUR_MS;
  const solarTime = (((clockHours + longitudeDeg / 15 + seasonalCorrection(j)) % 24) + 24) % 24;
  const omega = (Math.PI / 12) * (solarTime - 12);
  const phi = degreesToRadians(latitudeDeg);
  const delta = solarDeclination(j);
  const omegaS = sunsetHourAngle(phi, delta);
  // Eqs. 29–30 with t1 = 1 h.
  const omega1 = Math.max(-omegaS, omega - Math.PI / 24);
  const omega2 = Math.min(omegaS, omega + Math.PI / 24);
  const ra =
    omega2 > omega1
      ? ((12 * 60) / Math.PI) *
        SOLAR_CONSTANT *
        inverseRelativeDistance(j) *
        ((omega2 - omega1) * Math.sin(phi) * Math.sin(delta) +
          Math.cos(phi) * Math.cos(delta) * (Math.sin(omega2) - Math.sin(omega1)))
      : 0;
  return { ra: Math.max(0, ra), hoursBeforeSunset: ((omegaS - omega) * 12) / Math.PI };
}

export interface HourlyEt0Input {
  /** Mean air temperature of the hour [°C]. */
  temperature: number;
  /** Mean relative humidity of the hour [%]. */
  humidity: number;
  /** Mean wind speed at 2 m [m s⁻¹]. */
  u2: number;
  /** Solar radiation received during the hour [MJ m⁻² h⁻¹]. */
  rs: number;
  /** Extraterrestrial radiation of the hour [MJ m⁻² h⁻¹] (solarHour). */
  ra: number;
  elevation: number;
  /** Rs/Rso standing for the cloud at night, when Ra = 0 (FAO-56 p.75). */
  nightRsRso: number;
}

export interface HourlyEt0 {
  /** mm h⁻¹, never below 0 (dew is no water a crop gains). */
  et0: number;
  rso: number;
  /** The Rs/Rso used in the longwave term (the hour's own by day, nightRsRso by night). */
  rsRso: number;
  rnl: number;
  rn: number;
  g: number;
}

/**
 * FAO-56 eq. 53: ET0 = [0.408 Δ (Rn − G) + γ 37/(T + 273) u2 (e°(T) − ea)] / [Δ + γ (1 + 0.34 u2)], with ea from the
 * hourly humidity (eq. 54), Rso by eq. 37 on the hourly Ra, Rnl by eq. 39 with σ per hour and one temperature, and
 * G = 0.1 Rn by day (eq. 45), 0.5 Rn by night (eq. 46). The denominator keeps FAO-56's 0.34 for every hour: the
 * 0.24 (day) / 0.96 (night) of ASCE-EWRI (2005)'s standardized equation is another method, and Example 19's
 * 0.63 mm/h holds only with 0.34. u2 is held at ≥ 0.5 m s⁻¹ as for daily steps (FAO-56 p.63).
 */
export function hourlyPenmanMonteithEt0(input: HourlyEt0Input): HourlyEt0 {
  const t = input.temperature;
  const eSat = saturationVapourPressure(t);
  const ea = (eSat * input.humidity) / 100;
  const delta = saturationSlope(t);
  const gamma = psychrometricConstant(atmosphericPressure(input.elevation));
  const rso = clearSkyRadiation(input.elevation, input.ra);
  const daytime = input.ra > 0 && rso > 0;
  const rsRso = daytime ? Math.min(1, Math.max(0, input.rs / rso)) : input.nightRsRso;
  const rnl =
    STEFAN_BOLTZMANN_HOURLY *
    (t + KELVIN_OFFSET_FAO) ** 4 *
    (0.34 - 0.14 * Math.sqrt(Math.max(0, ea))) *
    (1.35 * rsRso - 0.35);
  const rn = netRadiation(netShortwaveRadiation(input.rs), rnl);
  const g = (daytime ? 0.1 : 0.5) * rn;
  const u2 = Math.max(MIN_WIND_SPEED, input.u2);
  const numerator = MJ_TO_MM * delta * (rn - g) + gamma * (37 / (t + 273)) * u2 * (eSat - ea);
  const et0 = numerator / (delta + gamma * (1 + 0.34 * u2));
  return { et0: Math.max(0, et0), rso, rsRso, rnl, rn, g };
}

/** One hour of a series; null where the provider had no value. */
export interface HourlyWeather {
  /** Start of the hour (UTC). */
  start: Date;
  temperature: number | null;
  humidity: number | null;
  /** m s⁻¹ at 2 m. */
  u2: number | null;
  /** MJ m⁻² h⁻¹ received during the hour. */
  rs: number | null;
}

export interface HourlySite {
  latitude: number;
  /** Degrees east. */
  longitude: number;
  elevation: number;
}

/**
 * ET0 [mm] of each hour of a series sorted by time; null for an hour missing a value. At night Rs/Rso is the one of
 * the latest hour 2–3 hours before sunset (FAO-56 p.75), NIGHT_RS_RSO_DEFAULT before the series has had one.
 */
export function hourlyEt0Series(hours: readonly HourlyWeather[], site: HourlySite): (number | null)[] {
  let nightRsRso = NIGHT_RS_RSO_DEFAULT;
  const [carryFrom, carryTo] = CARRY_FROM_HOURS_BEFORE_SUNSET;
  return hours.map((hour) => {
    const { temperature, humidity, u2, rs } = hour;
    if (temperature === null || humidity === null || u2 === null || rs === null) {
      return null;
    }
    const sun = solarHour(site.latitude, site.longitude, hour.start);
    const result = hourlyPenmanMonteithEt0({
      temperature,
      humidity,
      u2,
      rs,
      ra: sun.ra,
      elevation: site.elevation,
      nightRsRso,
    });
    if (sun.ra > 0 && sun.hoursBeforeSunset >= carryFrom && sun.hoursBeforeSunset < carryTo) {
      nightRsRso = result.rsRso;
    }
    return result.et0;
  });
}
