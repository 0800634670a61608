// Weather for every farm: the provider's hourly weather (past and forecast) for the farm's grid cell, what the
// farm page shows of it, and the alerts tied to the farm's crop plans.
import { z } from 'zod';

/** The provider's grid: farms whose coordinates round to the same 0.1° share one cell and one fetch. */
export const WEATHER_GRID_DEGREES = 0.1;
/** Days of forecast asked for and shown. */
export const FORECAST_DAYS = 7;
/** History is fetched back to the earliest open crop plan's planting date, never more than a year. */
export const WEATHER_HISTORY_MAX_DAYS = 365;
/** ...and at least this far back (the 30-day rain total, the analyses' windows). */
export const WEATHER_HISTORY_MIN_DAYS = 31;
/** Where a cell's weather came from: the provider, or the demo's generated weather (never shown as measured). */
export const WEATHER_SOURCES = ['open-meteo', 'demo'] as const;
export type WeatherSource = (typeof WEATHER_SOURCES)[number];

/** A dry day has less rain than this [mm] (the usual threshold of dry-spell studies, ETCCDI's CDD index). */
export const DRY_DAY_MM = 1;

export const WEATHER_ALERT_KINDS = [
  /** Planting rains have set in, for a plan still waiting to be sown. */
  'planting_rains',
  /** A dry spell is forecast during a water-sensitive stage; says the irrigation the water balance asks for. */
  'dry_spell',
  /** Heavy rain is forecast on a plan near harvest or with a lot drying. */
  'heavy_rain',
  /** Hours with no rain and little wind, when the blight model or a task calls for a spray. */
  'spray_window',
  /** Heat at flowering above the crop's threshold. */
  'heat_stress',
] as const;
export type WeatherAlertKind = (typeof WEATHER_ALERT_KINDS)[number];

const ZIsoDate = z.string();

/** One day of the forecast (or the past), in the cell's local calendar. */
export const ZWeatherDay = z.object({
  date: ZIsoDate,
  /** mm; null when the provider gave no hour of it. */
  rainMm: z.number().nullable(),
  /** °C */
  tMin: z.number().nullable(),
  tMax: z.number().nullable(),
  /** The provider's reference evapotranspiration for the day [mm]. */
  et0Mm: z.number().nullable(),
  /** Strongest hourly mean wind at 10 m [m/s]. */
  windMaxMs: z.number().nullable(),
});
export type TWeatherDay = z.infer<typeof ZWeatherDay>;

/**
 * An alert, as the page shows it and the notification says it. `facts` are the figures its message names (mm, °C,
 * times, dates), each plain so both languages format them; `basis` names the rule's source.
 */
export const ZWeatherAlert = z.object({
  kind: z.enum(WEATHER_ALERT_KINDS),
  planId: z.number().int().nullable(),
  lotId: z.number().int().nullable(),
  crop: z.string().nullable(),
  plotName: z.string().nullable(),
  /** The day the alert is about (the rain, the spell's first day, the window's day). */
  day: ZIsoDate,
  facts: z.record(z.string(), z.union([z.number(), z.string()])),
});
export type TWeatherAlert = z.infer<typeof ZWeatherAlert>;

/** A crop plan's water need over the last 7 and 30 days (FAO-56: ETc = Kc × ET₀) beside the rain that fell. */
export const ZCropWaterNeed = z.object({
  planId: z.number().int(),
  crop: z.string(),
  plotName: z.string().nullable(),
  need7Mm: z.number(),
  need30Mm: z.number(),
});

/** `GET /api/farms/:id/weather`. */
export const ZFarmWeather = z.object({
  farmId: z.number().int(),
  /**
   * `ok`: refreshed on schedule; `stale`: the last refresh is older than two refresh periods (the provider could not
   * be reached), the page says "not updated since"; `pending`: nothing fetched yet; `off`: no provider configured;
   * `no_location`: the farm's position is the placeholder 0, 0 (a farm made for a seller's books) until its owner
   * sets it, and no weather is fetched for the sea there.
   */
  status: z.enum(['ok', 'stale', 'pending', 'off', 'no_location']),
  source: z.enum(WEATHER_SOURCES).nullable(),
  /** The grid cell's centre and size. */
  grid: z.object({ latitude: z.number(), longitude: z.number(), degrees: z.number() }),
  /** When the weather was last fetched (ISO), null before the first fetch. */
  updatedAt: z.string().nullable(),
  /** Today and the next days, FORECAST_DAYS in all. */
  forecast: z.array(ZWeatherDay),
  lastRain: z.object({ date: ZIsoDate, mm: z.number() }).nullable(),
  rain7Mm: z.number().nullable(),
  rain30Mm: z.number().nullable(),
  cropNeeds: z.array(ZCropWaterNeed),
  /** The alerts that hold now, most urgent first. */
  alerts: z.array(ZWeatherAlert),
});
export type TFarmWeather = z.infer<typeof ZFarmWeather>;

/** Where an analysis's weather came from (absent on results stored before the provider). */
export const ZAnalysisWeather = z.object({
  /** `farm`: the farm's own readings; `provider`: the provider's only; `both`: readings, the provider for the rest. */
  used: z.enum(['farm', 'provider', 'both', 'none']),
  source: z.enum(WEATHER_SOURCES).nullable(),
  gridDegrees: z.number().nullable(),
});
export type TAnalysisWeather = z.infer<typeof ZAnalysisWeather>;
