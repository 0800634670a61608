// The provider's hours turned into what the rest of the app reads: sensor-like readings for the farm analyses, the
// local days the farm page and the alerts show, and the rain of the last week and month.
import { DAY_MS, HOUR_MS } from '../../contract/constants';
import { DRY_DAY_MM, type TWeatherDay } from '../../contract/weather';
import { dayNumberOfIso, type HourlyWeather, isoOfDayNumber, type ReadingInput, round } from '../farms';

/** One hour as the provider gives it, stamped at the hour's end (Open-Meteo's convention); null where it had none. */
export interface ProviderHour {
  ts: Date;
  /** °C at 2 m, at ts. */
  temperature: number | null;
  /** % at 2 m, at ts. */
  humidity: number | null;
  /** m s⁻¹ at 10 m, at ts. */
  wind: number | null;
  /** Mean shortwave radiation of the preceding hour [W m⁻²]. */
  radiation: number | null;
  /** mm over the preceding hour. */
  rain: number | null;
  /** The provider's FAO-56 reference evapotranspiration of the preceding hour [mm]. */
  et0: number | null;
}

/** Wind at 10 m to wind at 2 m over short grass, FAO-56 eq. 47: u2 = u10 · 4.87 / ln(67.8 · 10 − 5.42) ≈ 0.748 u10. */
export const WIND_10M_TO_2M = 4.87 / Math.log(67.8 * 10 - 5.42);

/** W m⁻² held for an hour, in MJ m⁻² (× 3600 s / 10⁶). */
const W_HOUR_TO_MJ = 3600 / 1e6;

/** Hours of a local day its sums need before they stand for the day (app convention: 20 of 24). */
const MIN_HOURS_FOR_DAY_SUMS = 20;

/** The hour of the UTC day a daily solar reading is stamped at, as demo-weather.ts does. */
const SOLAR_READING_HOUR = 11;

const present = (value: number | null): value is number => value !== null && Number.isFinite(value);

/** The start of the hour a preceding-hour value (radiation, rain, ET0) belongs to. */
const hourStart = (hour: ProviderHour): number => hour.ts.getTime() - HOUR_MS;

/** The hours as FAO-56 hourly ET0 takes them: periods starting an hour before the stamp, wind at 2 m, Rs in MJ. */
export function toHourlyWeather(hours: readonly ProviderHour[]): HourlyWeather[] {
  return hours.map((hour) => ({
    start: new Date(hourStart(hour)),
    temperature: present(hour.temperature) ? hour.temperature : null,
    humidity: present(hour.humidity) ? hour.humidity : null,
    u2: present(hour.wind) ? hour.wind * WIND_10M_TO_2M : null,
    rs: present(hour.radiation) ? hour.radiation * W_HOUR_TO_MJ : null,
  }));
}

/** One solar reading per UTC day whose 24 hours of radiation are all there: the day's total, a daily rate. */
function solarReadings(hours: readonly ProviderHour[]): ReadingInput[] {
  const days = new Map<number, { hours: Set<number>; mj: number }>();
  for (const hour of hours) {
    if (!present(hour.radiation)) {
      continue;
    }
    const start = hourStart(hour);
    const dayNumber = Math.floor(start / DAY_MS);
    const day = days.get(dayNumber) ?? { hours: new Set<number>(), mj: 0 };
    if (!day.hours.has(start)) {
      day.hours.add(start);
      day.mj += hour.radiation * W_HOUR_TO_MJ;
    }
    days.set(dayNumber, day);
  }
  return [...days.entries()]
    .filter(([, day]) => day.hours.size === 24)
    .map(([dayNumber, day]) => ({
      timestamp: new Date(dayNumber * DAY_MS + SOLAR_READING_HOUR * HOUR_MS),
      type: 'solar_radiation' as const,
      value: round(day.mj, 2),
    }));
}

/**
 * Readings for the farm analyses (server/farms/agronomy/daily.ts groups them by UTC day): temperature, humidity and
 * wind (at 2 m) at the hour's stamp; rain at the middle of the hour it fell in, so the last hour of a day stays in
 * it; one solar_radiation reading per complete UTC day [MJ m⁻² d⁻¹] (the aggregation averages solar readings as
 * daily rates, so a partial day's total would read as a dull day). Null values give no reading. Sorted by time.
 */
export function hoursToReadings(hours: readonly ProviderHour[]): ReadingInput[] {
  const readings: ReadingInput[] = [];
  for (const hour of hours) {
    const { ts } = hour;
    if (present(hour.temperature)) {
      readings.push({ timestamp: ts, type: 'temperature', value: hour.temperature });
    }
    if (present(hour.humidity)) {
      readings.push({ timestamp: ts, type: 'humidity', value: hour.humidity });
    }
    if (present(hour.wind)) {
      readings.push({ timestamp: ts, type: 'wind_speed', value: round(hour.wind * WIND_10M_TO_2M, 2) });
    }
    if (present(hour.rain)) {
      readings.push({ timestamp: new Date(ts.getTime() - HOUR_MS / 2), type: 'rainfall', value: hour.rain });
    }
  }
  readings.push(...solarReadings(hours));
  return readings.sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
}

interface DayAccumulator {
  tMin: number | null;
  tMax: number | null;
  windMax: number | null;
  rain: number;
  rainHours: number;
  et0: number;
  et0Hours: number;
}

function accumulatorOf(days: Map<number, DayAccumulator>, dayNumber: number): DayAccumulator {
  let day = days.get(dayNumber);
  if (day === undefined) {
    day = { tMin: null, tMax: null, windMax: null, rain: 0, rainHours: 0, et0: 0, et0Hours: 0 };
    days.set(dayNumber, day);
  }
  return day;
}

const lower = (a: number | null, b: number) => (a === null ? b : Math.min(a, b));
const higher = (a: number | null, b: number) => (a === null ? b : Math.max(a, b));

/**
 * The hours grouped by local calendar day (UTC + utcOffsetSeconds). Instant values (temperature, wind) belong to the
 * day of their stamp; preceding-hour values (rain, ET0) to the day of the hour they cover, so the value stamped
 * 00:00 closes the day before. Sums: a day with fewer than 20 hours of rain (or of ET0) gives null for that sum, not
 * a partial total that would read as a dry day; this happens where the provider's answer starts or ends inside a day
 * or has gaps. Extremes (tMin, tMax, windMax) are those of the hours present, null with none. Sorted by date; one
 * hour given twice is counted once.
 */
export function localDays(hours: readonly ProviderHour[], utcOffsetSeconds: number): TWeatherDay[] {
  const offsetMs = utcOffsetSeconds * 1000;
  const days = new Map<number, DayAccumulator>();
  const seen = new Set<number>();
  for (const hour of hours) {
    const ts = hour.ts.getTime();
    if (!Number.isFinite(ts) || seen.has(ts)) {
      continue;
    }
    seen.add(ts);
    const instantDay = accumulatorOf(days, Math.floor((ts + offsetMs) / DAY_MS));
    if (present(hour.temperature)) {
      instantDay.tMin = lower(instantDay.tMin, hour.temperature);
      instantDay.tMax = higher(instantDay.tMax, hour.temperature);
    }
    if (present(hour.wind)) {
      instantDay.windMax = higher(instantDay.windMax, hour.wind);
    }
    const coveredDay = accumulatorOf(days, Math.floor((hourStart(hour) + offsetMs) / DAY_MS));
    if (present(hour.rain)) {
      coveredDay.rain += hour.rain;
      coveredDay.rainHours += 1;
    }
    if (present(hour.et0)) {
      coveredDay.et0 += hour.et0;
      coveredDay.et0Hours += 1;
    }
  }
  return [...days.entries()]
    .sort(([a], [b]) => a - b)
    .map(([dayNumber, day]) => ({
      date: isoOfDayNumber(dayNumber),
      rainMm: day.rainHours >= MIN_HOURS_FOR_DAY_SUMS ? round(day.rain, 2) : null,
      tMin: day.tMin,
      tMax: day.tMax,
      et0Mm: day.et0Hours >= MIN_HOURS_FOR_DAY_SUMS ? round(day.et0, 2) : null,
      windMaxMs: day.windMax,
    }));
}

export interface RainSummary {
  lastRain: { date: string; mm: number } | null;
  rain7Mm: number | null;
  rain30Mm: number | null;
}

/** Rain over the `length` days ending `today` (inclusive); null when none of them has a rain sum. */
function rainOver(days: readonly TWeatherDay[], todayNumber: number, length: number): number | null {
  let total: number | null = null;
  for (const day of days) {
    const n = dayNumberOfIso(day.date);
    if (n !== null && n <= todayNumber && n > todayNumber - length && day.rainMm !== null) {
      total = (total ?? 0) + day.rainMm;
    }
  }
  return total === null ? null : round(total, 2);
}

/**
 * The last day up to `today` (YYYY-MM-DD, the cell's local date) with at least DRY_DAY_MM of rain, and the rain of
 * the 7 and 30 days ending today. Days without a rain sum are left out of the totals (not counted as dry).
 */
export function rainSummary(days: readonly TWeatherDay[], today: string): RainSummary {
  const todayNumber = dayNumberOfIso(today);
  if (todayNumber === null) {
    return { lastRain: null, rain7Mm: null, rain30Mm: null };
  }
  let lastRain: RainSummary['lastRain'] = null;
  let lastNumber = Number.NEGATIVE_INFINITY;
  for (const day of days) {
    const n = dayNumberOfIso(day.date);
    if (n !== null && n <= todayNumber && n > lastNumber && day.rainMm !== null && day.rainMm >= DRY_DAY_MM) {
      lastRain = { date: day.date, mm: day.rainMm };
      lastNumber = n;
    }
  }
  return {
    lastRain,
    rain7Mm: rainOver(days, todayNumber, 7),
    rain30Mm: rainOver(days, todayNumber, 30),
  };
}
