// The Open-Meteo adapter: a grid cell's hourly weather from the forecast API (the last days and the next week) and
// the historical API (older days), checked against the shape and units the documentation gives, every failure one
// WeatherProviderError. Docs: https://open-meteo.com/en/docs and https://open-meteo.com/en/docs/historical-weather-api
// (hourly variables, `past_days` 0–92, `forecast_days` ≤ 16, `timezone=auto` with `utc_offset_seconds`, and the
// error object `{"error": true, "reason": "…"}` on HTTP 400).
import { z } from 'zod';
import { FORECAST_DAYS } from '../../contract/weather';
import type { ProviderHour } from './weather-hours';

export interface ProviderAnswer {
  utcOffsetSeconds: number;
  elevation: number | null;
  hours: ProviderHour[];
}

/**
 * Anything that kept the provider's weather from us. `status` is the HTTP status when an answer came (a 2xx whose
 * body is not what the documentation describes keeps its 2xx), null when none did (network, timeout).
 */
export class WeatherProviderError extends Error {
  constructor(
    readonly status: number | null,
    readonly reason: string,
    readonly retryAfterSeconds: number | null,
  ) {
    super(`Open-Meteo${status === null ? '' : ` ${status}`}: ${reason}`);
    this.name = 'WeatherProviderError';
  }
}

interface Cell {
  latitude: number;
  longitude: number;
}

export interface WeatherProvider {
  /** The last `pastDays` days and FORECAST_DAYS ahead, from local midnight `pastDays` days ago. */
  forecast(cell: Cell, pastDays: number): Promise<ProviderAnswer>;
  /** Local days `startDate`..`endDate` ('YYYY-MM-DD', both included) from the historical API. */
  archive(cell: Cell, startDate: string, endDate: string): Promise<ProviderAnswer>;
}

export interface OpenMeteoConfig {
  baseUrl: string;
  archiveBaseUrl: string;
  /** The commercial key (sent as `apikey`); null on the free API. */
  apiKey: string | null;
  timeoutMs: number;
}

// --- What we ask for and the units we accept -------------------------------------------------------------------

/** Each variable asked for, the field it fills and the one unit taken (with `wind_speed_unit=ms`). */
const VARIABLES = [
  { name: 'temperature_2m', field: 'temperature', unit: '°C' },
  { name: 'relative_humidity_2m', field: 'humidity', unit: '%' },
  { name: 'wind_speed_10m', field: 'wind', unit: 'm/s' },
  { name: 'shortwave_radiation', field: 'radiation', unit: 'W/m²' },
  { name: 'precipitation', field: 'rain', unit: 'mm' },
  { name: 'et0_fao_evapotranspiration', field: 'et0', unit: 'mm' },
] as const satisfies readonly { name: string; field: Exclude<keyof ProviderHour, 'ts'>; unit: string }[];

type VariableName = (typeof VARIABLES)[number]['name'];

const HOURLY = VARIABLES.map((v) => v.name).join(',');

/** Coordinates as plain decimals: 0.1 × 39 is 3.9000000000000004, which the URL should not carry. */
const coordinate = (value: number) => String(Number(value.toFixed(6)));

function query(parts: readonly (readonly [string, string])[], apiKey: string | null): string {
  const all = apiKey === null ? parts : [...parts, ['apikey', apiKey] as const];
  // The variable list keeps its commas (the documented form); everything else is encoded.
  return all
    .map(([key, value]) => `${key}=${key === 'hourly' ? value : encodeURIComponent(value)}`)
    .join('&');
}

function forecastUrl(config: OpenMeteoConfig, cell: Cell, pastDays: number): string {
  const parts = [
    ['latitude', coordinate(cell.latitude)],
    ['longitude', coordinate(cell.longitude)],
    ['hourly', HOURLY],
    ['past_days', String(pastDays)],
    ['forecast_days', String(FORECAST_DAYS)],
    ['timezone', 'auto'],
    ['wind_speed_unit', 'ms'],
  ] as const;
  return `${config.baseUrl}/v1/forecast?${query(parts, config.apiKey)}`;
}

function archiveUrl(config: OpenMeteoConfig, cell: Cell, startDate: string, endDate: string): string {
  const parts = [
    ['latitude', coordinate(cell.latitude)],
    ['longitude', coordinate(cell.longitude)],
    ['start_date', startDate],
    ['end_date', endDate],
    ['hourly', HOURLY],
    ['timezone', 'auto'],
    ['wind_speed_unit', 'ms'],
  ] as const;
  return `${config.archiveBaseUrl}/v1/archive?${query(parts, config.apiKey)}`;
}

// --- The answer's shape ----------------------------------------------------------------------------------------

/** Local time as the provider writes it with `timezone=auto` (ISO 8601 without seconds or offset). */
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const ZValues = z.array(z.number().nullable());
const ZAnswer = z.object({
  utc_offset_seconds: z.number().int(),
  elevation: z.number().nullable().optional(),
  hourly_units: z.object(
    Object.fromEntries(VARIABLES.map((v) => [v.name, z.string()])) as Record<VariableName, z.ZodString>,
  ),
  hourly: z.object({
    time: z.array(z.string().regex(LOCAL_TIME)),
    ...(Object.fromEntries(VARIABLES.map((v) => [v.name, ZValues])) as Record<VariableName, typeof ZValues>),
  }),
});
type Answer = z.infer<typeof ZAnswer>;

const ZErrorBody = z.object({ error: z.literal(true), reason: z.string() });

/** Why a body is not the answer the documentation describes, or null when it is. */
function shapeProblem(answer: Answer): string | null {
  for (const v of VARIABLES) {
    if (answer.hourly_units[v.name] !== v.unit) {
      return `unit of ${v.name} is ${answer.hourly_units[v.name]}, expected ${v.unit}`;
    }
    if (answer.hourly[v.name].length !== answer.hourly.time.length) {
      return `hourly.${v.name} has ${answer.hourly[v.name].length} values for ${answer.hourly.time.length} hours`;
    }
  }
  return null;
}

/** The UTC instant of a local label, NaN when the label is no real time (2026-02-30T25:00). */
function utcOf(localTime: string, utcOffsetSeconds: number): number {
  const part = (LOCAL_TIME.exec(localTime) ?? []).map(Number);
  const at = (i: number) => part[i] ?? Number.NaN;
  const local = Date.UTC(at(1), at(2) - 1, at(3), at(4), at(5));
  const real = !Number.isNaN(local) && new Date(local).toISOString().slice(0, 16) === localTime;
  return real ? local - utcOffsetSeconds * 1000 : Number.NaN;
}

/**
 * The hours as UTC instants. `timezone=auto` labels hours in local time with one offset for the whole answer
 * (the farms' countries keep no daylight saving, so one offset holds); hours must rise, or the same hour twice
 * would reach the store.
 */
function toAnswer(status: number, answer: Answer): ProviderAnswer {
  const problem = shapeProblem(answer);
  if (problem) {
    throw new WeatherProviderError(status, problem, null);
  }
  const offset = answer.utc_offset_seconds;
  const hours: ProviderHour[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (const [i, label] of answer.hourly.time.entries()) {
    const ms = utcOf(label, offset);
    if (Number.isNaN(ms)) {
      throw new WeatherProviderError(status, `hourly.time has no such time as ${label}`, null);
    }
    if (ms <= previous) {
      throw new WeatherProviderError(status, `hourly.time is not rising at ${label}`, null);
    }
    previous = ms;
    const hour = { ts: new Date(ms) } as ProviderHour;
    for (const v of VARIABLES) {
      hour[v.field] = answer.hourly[v.name][i] ?? null;
    }
    hours.push(hour);
  }
  return { utcOffsetSeconds: offset, elevation: answer.elevation ?? null, hours };
}

// --- The exchange ----------------------------------------------------------------------------------------------

/** Retry-After as seconds (delta-seconds or an HTTP date), null when absent or unreadable. */
function retryAfterOf(headers: Headers): number | null {
  const value = headers.get('retry-after')?.trim();
  if (!value) {
    return null;
  }
  if (/^\d+$/.test(value)) {
    return Number(value);
  }
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

const clip = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function refusal(response: Response, text: string): WeatherProviderError {
  const body = ZErrorBody.safeParse(jsonOrNull(text));
  const reason = body.success ? body.data.reason : clip(text.trim()) || `HTTP ${response.status}`;
  return new WeatherProviderError(response.status, reason, retryAfterOf(response.headers));
}

/** What fetch says went wrong: undici puts the socket's error (ECONNRESET, ECONNREFUSED…) in `cause`. */
function failureOf(error: unknown): string {
  if (!(error instanceof Error)) {
    return String(error);
  }
  const cause: unknown = error.cause;
  if (cause instanceof Error && cause.message) {
    return cause.message;
  }
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? cause.code : null;
  return typeof code === 'string' ? code : error.message;
}

async function exchange(url: string, timeoutMs: number, fetchImpl: typeof fetch): Promise<ProviderAnswer> {
  let response: Response;
  let text: string;
  try {
    // The timeout covers the body too: a provider that sends headers and then stalls is as down as a silent one.
    response = await fetchImpl(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    const reason = timedOut ? `no answer within ${timeoutMs} ms` : `unreachable: ${failureOf(error)}`;
    throw new WeatherProviderError(null, reason, null);
  }
  if (!response.ok) {
    throw refusal(response, text);
  }
  const body = jsonOrNull(text);
  const parsed = ZAnswer.safeParse(body);
  if (!parsed.success) {
    // The error object with a 2xx is not documented, but its reason says more than the shape would.
    const refused = ZErrorBody.safeParse(body);
    if (refused.success) {
      throw new WeatherProviderError(response.status, refused.data.reason, null);
    }
    const issue = parsed.error.issues[0];
    const where = issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'body';
    throw new WeatherProviderError(response.status, `unexpected answer (${where})`, null);
  }
  return toAnswer(response.status, parsed.data);
}

export function openMeteo(config: OpenMeteoConfig, fetchImpl: typeof fetch = fetch): WeatherProvider {
  return {
    forecast: (cell, pastDays) => exchange(forecastUrl(config, cell, pastDays), config.timeoutMs, fetchImpl),
    archive: (cell, startDate, endDate) =>
      exchange(archiveUrl(config, cell, startDate, endDate), config.timeoutMs, fetchImpl),
  };
}
