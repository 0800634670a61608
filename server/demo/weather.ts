// The demo's weather, for a demo that runs with no network: for each 0.1° grid cell of the demo farms, hourly weather
// from 120 days before now to the end of a 7-day forecast, put in the weather tables as the cell's `demo` weather.
//
// Source: GENERATED, not observations. The hours come from the seeded weather model of server/farms/demo-weather.ts
// (`demoWeather`, Mulberry32 seeded per cell from its rounded coordinates, so each cell's weather is the same every
// run relative to today); hourly radiation shares out its daily total by the hour's extraterrestrial radiation
// (FAO-56 eq. 28), and ET₀ is FAO-56 hourly Penman–Monteith (`hourlyEt0Series`) over these very hours. The app shows
// it as "demo weather (generated)" (source `demo`), and the worker replaces it with the provider's weather as soon as
// the provider can be reached (demo cells are due at once).
//
// One cell is shaped so the demo shows a real alert: amina's farm gets a heavy rain tomorrow afternoon (≥ 20 mm, the
// ETCCDI R20mm day of the heavy-rain rule), which her maize near harvest and her drying maize lot are alerted about;
// then her weather alert is sent as the worker would after a fetch. It is the demo's generated forecast, labelled so,
// not an observation.

import { asc } from 'drizzle-orm';
import { DAY_MS, HOUR_MS } from '../../contract/constants';
import { WEATHER_GRID_DEGREES } from '../../contract/weather';
import { findUserByUsername } from '../auth/user-accounts';
import type { AppContext } from '../context';
import { hourlyEt0Series, round } from '../farms';
import { solarHour } from '../farms/agronomy/et0-hourly';
import { type DemoReading, demoWeather } from '../farms/demo-weather';
import { farms } from '../farms/farms.schema';
import { putDemoWeather, sendWeatherAlerts } from '../weather';
import { type ProviderHour, toHourlyWeather } from '../weather/weather-hours';

/** Days of history before today, as the farm demo's sensor weather (farm.ts). */
const HISTORY_DAYS = 120;
/** Forecast days from today on, as the provider's `forecast_days=7`. */
const FORECAST_DAYS = 7;

/**
 * The demo's farms are in Cameroon (West Africa Time, UTC+1 all year), Ghana and Côte d'Ivoire (GMT all year):
 * Cameroon's lie east of its western border (about 8.5° E), the others far west of it, so the longitude tells them
 * apart.
 */
const CAMEROON_WEST_LONGITUDE = 8.5;
const WEST_AFRICA_TIME_SECONDS = 3600;

/**
 * Mean air temperature of the model: farm.ts's 20.5 °C for amina's farm at 1,450 m, carried to each cell's elevation
 * by the standard atmosphere's lapse rate, 6.5 °C per km (ICAO 1993, Manual of the ICAO Standard Atmosphere, Doc 7488).
 */
const REFERENCE = { meanTemp: 20.5, elevation: 1450 };
const LAPSE_RATE_PER_M = 6.5 / 1000;

/** The farmer whose cell is shaped for an alert, and the shape: tomorrow's afternoon storm [mm]. */
const ALERT_FARMER = 'amina';
const HEAVY_RAIN_DAY_AFTER = 1;
const HEAVY_RAIN_MM = 32;
/** The local hours (ends of hours) a shaped rain falls in: a mid-afternoon storm, as the model's. */
const STORM_HOUR_ENDS = [15, 16, 17];
const STORM_HUMIDITY = 96;

const W_PER_MJ_HOUR = 1e6 / 3600;

/** The model's reading types as the provider's hour fields. */
const FIELDS: Partial<Record<DemoReading['type'], 'temperature' | 'humidity' | 'wind' | 'rain'>> = {
  temperature: 'temperature',
  humidity: 'humidity',
  wind_speed: 'wind',
  rainfall: 'rain',
};

export interface DemoCell {
  latitude: number;
  longitude: number;
  elevation: number;
  utcOffsetSeconds: number;
}

const toGrid = (value: number) => round(Math.round(value / WEATHER_GRID_DEGREES) * WEATHER_GRID_DEGREES, 1);

/** The cell a farm rounds to, with its time zone (by longitude, above). */
export function cellOf(farm: { latitude: number; longitude: number; elevation: number | null }): DemoCell {
  return {
    latitude: toGrid(farm.latitude),
    longitude: toGrid(farm.longitude),
    elevation: farm.elevation ?? REFERENCE.elevation,
    utcOffsetSeconds: farm.longitude > CAMEROON_WEST_LONGITUDE ? WEST_AFRICA_TIME_SECONDS : 0,
  };
}

/** One seed per cell: its grid indexes, so nearby cells differ and a cell is the same every run. */
const seedOf = (cell: DemoCell) =>
  (Math.round(cell.latitude / WEATHER_GRID_DEGREES) + 900) * 10_000 +
  Math.round(cell.longitude / WEATHER_GRID_DEGREES) +
  1800;

/** The UTC instant the farm's local day starts on, for the local day holding `now`. */
function localDayStart(now: number, utcOffsetSeconds: number): number {
  const offsetMs = utcOffsetSeconds * 1000;
  return Math.floor((now + offsetMs) / DAY_MS) * DAY_MS - offsetMs;
}

/** Each UTC day's extraterrestrial radiation [MJ m⁻²], the sum of its hours' (FAO-56 eq. 28). */
function dailyRa(cell: DemoCell, dayNumber: number): number {
  let sum = 0;
  for (let h = 0; h < 24; h++) {
    sum += solarHour(cell.latitude, cell.longitude, new Date(dayNumber * DAY_MS + h * HOUR_MS)).ra;
  }
  return sum;
}

/** The model's hours of a cell, stamped at each hour's end, from `first` for `count` hours (ET₀ left for later). */
function modelHours(cell: DemoCell, first: number, count: number): ProviderHour[] {
  const readings = demoWeather({
    start: new Date(first),
    hours: count,
    latitude: cell.latitude,
    meanTemp: REFERENCE.meanTemp + (REFERENCE.elevation - cell.elevation) * LAPSE_RATE_PER_M,
    seed: seedOf(cell),
  });
  const byTs = new Map<number, ProviderHour>();
  const solarOfDay = new Map<number, number>();
  for (const r of readings) {
    if (r.type === 'solar_radiation') {
      solarOfDay.set(Math.floor(r.ts.getTime() / DAY_MS), r.value);
      continue;
    }
    const ts = r.ts.getTime();
    const hour = byTs.get(ts) ?? {
      ts: r.ts,
      temperature: null,
      humidity: null,
      wind: null,
      radiation: 0,
      rain: 0,
      et0: null,
    };
    const field = FIELDS[r.type];
    if (field) {
      hour[field] = r.value;
    }
    byTs.set(ts, hour);
  }
  const raOfDay = new Map<number, number>();
  const hours = [...byTs.values()].sort((a, b) => a.ts.getTime() - b.ts.getTime());
  for (const hour of hours) {
    const start = hour.ts.getTime() - HOUR_MS;
    const day = Math.floor(start / DAY_MS);
    const solar = solarOfDay.get(day) ?? solarOfDay.get(day + 1) ?? 0;
    const ra = raOfDay.get(day) ?? dailyRa(cell, day);
    raOfDay.set(day, ra);
    const share = ra > 0 ? solarHour(cell.latitude, cell.longitude, new Date(start)).ra / ra : 0;
    hour.radiation = round(solar * share * W_PER_MJ_HOUR, 1);
  }
  return hours;
}

/** A storm of `mm` over the shaped afternoon hours of the local day `dayStart` (a UTC instant). */
function shapeStorm(hours: ProviderHour[], dayStart: number, mm: number): void {
  const ends = new Set(STORM_HOUR_ENDS.map((h) => dayStart + h * HOUR_MS));
  for (const hour of hours) {
    if (ends.has(hour.ts.getTime())) {
      hour.rain = round(mm / STORM_HOUR_ENDS.length, 1);
      hour.humidity = Math.max(hour.humidity ?? 0, STORM_HUMIDITY);
    }
  }
}

/** A cell's hours from 120 days before today to the end of the 7-day forecast, shaped for an alert when asked. */
export function demoCellHours(cell: DemoCell, now: number, shaped: boolean): ProviderHour[] {
  const today = localDayStart(now, cell.utcOffsetSeconds);
  const first = today - HISTORY_DAYS * DAY_MS + HOUR_MS;
  const last = today + FORECAST_DAYS * DAY_MS;
  const hours = modelHours(cell, first, (last - first) / HOUR_MS + 1);
  if (shaped) {
    shapeStorm(hours, today + HEAVY_RAIN_DAY_AFTER * DAY_MS, HEAVY_RAIN_MM);
  }
  const et0 = hourlyEt0Series(toHourlyWeather(hours), cell);
  return hours.map((h, i) => {
    const value = et0[i];
    return { ...h, et0: value === null || value === undefined ? null : round(value, 3) };
  });
}

/**
 * Every farm's cell, once, with the alert farmer's farms in it. The demo seeds a fresh database only
 * (server/demo/seed.ts), so every farm is a demo farm, whoever made it (the farm demo, the market's sellers).
 */
async function demoCells(ctx: AppContext): Promise<{ cell: DemoCell; farmIds: number[] }[]> {
  const alertFarmer = await findUserByUsername(ctx.db, ALERT_FARMER);
  const rows = await ctx.db
    .select({
      id: farms.id,
      ownerId: farms.ownerId,
      latitude: farms.latitude,
      longitude: farms.longitude,
      elevation: farms.elevation,
    })
    .from(farms)
    .orderBy(asc(farms.id));
  const cells = new Map<string, { cell: DemoCell; farmIds: number[] }>();
  // A farm made for a seller's books sits at the placeholder 0, 0 until its owner sets it: no weather for the sea.
  for (const farm of rows.filter((f) => f.latitude !== 0 || f.longitude !== 0)) {
    const cell = cellOf(farm);
    const key = `${cell.latitude},${cell.longitude}`;
    const entry = cells.get(key) ?? { cell, farmIds: [] };
    if (farm.ownerId === alertFarmer?.id) {
      entry.farmIds.push(farm.id);
    }
    cells.set(key, entry);
  }
  return [...cells.values()];
}

export async function seed(ctx: AppContext): Promise<void> {
  const now = Date.now();
  for (const { cell, farmIds } of await demoCells(ctx)) {
    const shaped = farmIds.length > 0;
    await ctx.db.transaction((tx) => putDemoWeather(tx, cell, demoCellHours(cell, now, shaped)));
    for (const farmId of farmIds) {
      await sendWeatherAlerts(ctx, farmId);
    }
  }
}
