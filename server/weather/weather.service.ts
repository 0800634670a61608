// A farm's weather as the page, the phone and the alerts read it: its grid cell's days past and forecast, the rain
// against what its crops needed, and the alerts that hold now; and the provider's weather as the analyses' readings.
import { DAY_MS, HOUR_MS } from '../../contract/constants';
import type { CropKey } from '../../contract/crops';
import {
  FORECAST_DAYS,
  type TFarmWeather,
  type TWeatherDay,
  WEATHER_GRID_DEGREES,
} from '../../contract/weather';
import type { AppContext } from '../context';
import { openPlansOf, sprayDuePlans, type WeatherPlan } from '../crops';
import type { Tx } from '../db/client';
import { CROPS, cropDay, type ProviderWeather } from '../farms';
import { wetLotsOf } from '../stock';
import { weatherAlerts } from './alert-rules';
import type { RuleInput } from './alert-rules-input';
import { type CellRow, cellOfFarm, hoursBetween, isPlaced, type WeatherFarm } from './weather.repo';
import { hoursToReadings, localDays, rainSummary } from './weather-hours';

/** Days of the past the alerts' water balance and the 30-day rain read. */
const PAST_DAYS_READ = 61;
/** A spray task counts when due within this many days (or overdue). */
const SPRAY_DUE_DAYS = 3;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The farm's local date now, in its cell's time. */
export const localToday = (utcOffsetSeconds: number, now = new Date()) =>
  isoDay(now.getTime() + utcOffsetSeconds * 1000);

/**
 * A coordinate on the grid before its cell exists, as the cells are made (SQL `round(x, 1)`: halves away from zero),
 * and a plain decimal (0.1 × 39 is 3.9000000000000004; 1.15 / 0.1 is 11.499999999999998).
 */
const gridded = (value: number) =>
  (Math.sign(value) * Math.round(Number((Math.abs(value) / WEATHER_GRID_DEGREES).toFixed(6)))) /
  Math.round(1 / WEATHER_GRID_DEGREES);

/**
 * `ok`, or `stale` past two refresh periods, `pending` before the first fetch, `off` without a provider, and
 * `no_location` while the farm's position is the placeholder.
 */
function statusOf(
  ctx: AppContext,
  farm: WeatherFarm,
  cell: CellRow | null,
  now: Date,
): TFarmWeather['status'] {
  if (!isPlaced(farm)) {
    return 'no_location';
  }
  if (!cell?.fetchedAt) {
    return ctx.config.weather ? 'pending' : 'off';
  }
  const refreshMs = (ctx.config.weather?.refreshMinutes ?? 60) * 60_000;
  return now.getTime() - cell.fetchedAt.getTime() > 2 * refreshMs ? 'stale' : 'ok';
}

/** A crop's Kc on a day (FAO-56 eq. 66 over the crop table's stages); null for a crop the tables lack. */
function kcOn(plan: WeatherPlan, date: string): number | null {
  const crop = CROPS[plan.crop as CropKey];
  if (!crop) {
    return null;
  }
  const days = Math.round((Date.parse(date) - Date.parse(plan.plantingDate)) / DAY_MS);
  return cropDay(crop, days).kc;
}

/** What each growing plan's crop needed over the last 7 and 30 days (ETc = Kc × ET₀, FAO-56 eq. 56). */
function cropNeeds(plans: readonly WeatherPlan[], past: readonly TWeatherDay[]): TFarmWeather['cropNeeds'] {
  const needs: TFarmWeather['cropNeeds'] = [];
  for (const plan of plans.filter((p) => p.status === 'active')) {
    if (kcOn(plan, plan.plantingDate) === null) {
      continue;
    }
    const need = (days: readonly TWeatherDay[]) =>
      Math.round(days.reduce((sum, d) => sum + (kcOn(plan, d.date) ?? 0) * (d.et0Mm ?? 0), 0));
    needs.push({
      planId: plan.id,
      crop: plan.crop,
      plotName: plan.plotName,
      need7Mm: need(past.slice(-7)),
      need30Mm: need(past.slice(-30)),
    });
  }
  return needs;
}

interface Loaded {
  cell: CellRow | null;
  today: string;
  days: TWeatherDay[];
  hours: Awaited<ReturnType<typeof hoursBetween>>;
}

async function loadDays(db: Tx, farmId: number, now: Date): Promise<Loaded> {
  const cell = await cellOfFarm(db, farmId);
  const today = localToday(cell?.utcOffsetSeconds ?? 0, now);
  if (!cell?.fetchedAt) {
    return { cell, today, days: [], hours: [] };
  }
  const from = new Date(Date.parse(today) - PAST_DAYS_READ * DAY_MS - cell.utcOffsetSeconds * 1000);
  const to = new Date(Date.parse(today) + (FORECAST_DAYS + 1) * DAY_MS);
  const hours = await hoursBetween(db, cell.id, from, to);
  return { cell, today, days: localDays(hours, cell.utcOffsetSeconds), hours };
}

/** The rules' view of a farm now. */
async function ruleInput(
  db: Tx,
  farm: WeatherFarm,
  loaded: Loaded,
  plans: readonly WeatherPlan[],
  now: Date,
): Promise<RuleInput> {
  const { today, days, hours, cell } = loaded;
  const sprayPlans = await sprayDuePlans(db, farm.id, isoDay(Date.parse(today) + SPRAY_DUE_DAYS * DAY_MS));
  const hourNow = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  return {
    today,
    past: days.filter((d) => d.date < today),
    forecast: days.filter((d) => d.date >= today).slice(0, FORECAST_DAYS),
    hours: hours
      .filter((h) => h.ts.getTime() >= hourNow)
      .map((h) => ({ ts: h.ts, rain: h.rain, wind: h.wind })),
    utcOffsetSeconds: cell?.utcOffsetSeconds ?? 0,
    plans: [...plans],
    sprayCalls: sprayPlans
      .filter((id) => plans.some((p) => p.id === id))
      .map((planId) => ({ planId, reason: 'task' as const })),
    dryingLots: await wetLotsOf(db, farm.ownerId, farm.id),
    soilTexture: farm.soilTexture,
  };
}

/**
 * Today's rain so far: the hours of the local day that have ended by now. Today's sum in `days` holds the forecast
 * of the hours to come, which has not fallen (and may not).
 */
function rainSoFar(loaded: Loaded, now: Date): TWeatherDay {
  const offsetMs = (loaded.cell?.utcOffsetSeconds ?? 0) * 1000;
  let rain: number | null = null;
  for (const hour of loaded.hours) {
    // Rain is stamped at the end of the hour it fell in.
    const fellOn = isoDay(hour.ts.getTime() - HOUR_MS + offsetMs);
    if (fellOn === loaded.today && hour.ts.getTime() <= now.getTime() && hour.rain !== null) {
      rain = (rain ?? 0) + hour.rain;
    }
  }
  return { date: loaded.today, rainMm: rain, tMin: null, tMax: null, et0Mm: null, windMaxMs: null };
}

/** The farm's weather now, and its cell's offset from UTC (the alerts' times are said in the farm's time). */
export async function farmWeatherAt(
  ctx: AppContext,
  farm: WeatherFarm,
  now = new Date(),
): Promise<{ view: TFarmWeather; utcOffsetSeconds: number }> {
  const loaded = await loadDays(ctx.db, farm.id, now);
  return { view: await viewOf(ctx, farm, loaded, now), utcOffsetSeconds: loaded.cell?.utcOffsetSeconds ?? 0 };
}

/** `GET /api/farms/:id/weather`: the farm's weather now. */
export async function farmWeather(
  ctx: AppContext,
  farm: WeatherFarm,
  now = new Date(),
): Promise<TFarmWeather> {
  return (await farmWeatherAt(ctx, farm, now)).view;
}

async function viewOf(ctx: AppContext, farm: WeatherFarm, loaded: Loaded, now: Date): Promise<TFarmWeather> {
  const { cell, today, days } = loaded;
  const plans = await openPlansOf(ctx.db, [farm.id], today);
  const past = days.filter((d) => d.date < today);
  const held = days.length > 0;
  return {
    farmId: farm.id,
    status: statusOf(ctx, farm, cell, now),
    source: cell?.fetchedAt ? cell.source : null,
    grid: {
      latitude: cell?.latitude ?? gridded(farm.latitude),
      longitude: cell?.longitude ?? gridded(farm.longitude),
      degrees: WEATHER_GRID_DEGREES,
    },
    updatedAt: cell?.fetchedAt?.toISOString() ?? null,
    forecast: days.filter((d) => d.date >= today).slice(0, FORECAST_DAYS),
    ...(held
      ? rainSummary([...past, rainSoFar(loaded, now)], today)
      : { lastRain: null, rain7Mm: null, rain30Mm: null }),
    cropNeeds: held ? cropNeeds(plans, past) : [],
    alerts: held ? weatherAlerts(await ruleInput(ctx.db, farm, loaded, plans, now)) : [],
  };
}

/** The provider's weather of a farm's cell as readings (the farms module's `providerWeather` hook). */
export async function providerReadings(
  db: Tx,
  farmId: number,
  from: Date,
  to: Date,
): Promise<ProviderWeather | null> {
  const cell = await cellOfFarm(db, farmId);
  if (!cell?.fetchedAt) {
    return null;
  }
  const hours = await hoursBetween(db, cell.id, from, to);
  if (hours.length === 0) {
    return null;
  }
  return { readings: hoursToReadings(hours), source: cell.source, gridDegrees: WEATHER_GRID_DEGREES };
}
