// A local stand-in for Open-Meteo's forecast API (/v1/forecast) and historical API (/v1/archive), for tests: it
// checks parameters the way the provider does, answers in its JSON shape (the cell snapped to the 0.1° grid, local
// times with `utc_offset_seconds`, `hourly_units`, nulls), records every request, and can be set to refuse (400),
// limit (429) or drop the connection. The weather itself is made up (./open-meteo-stand-in-weather.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DAY_MS, HOUR_MS } from '../../contract/constants';
import { WEATHER_GRID_DEGREES } from '../../contract/weather';
import { dayNumberOfIso, dayNumberOfTime, isoOfDayNumber } from '../farms/agronomy/dates';
import {
  type StandInCell,
  type StandInScript,
  type StandInVariable,
  standInElevation,
  standInHour,
} from './open-meteo-stand-in-weather';

export type OpenMeteoMode = 'ok' | 'bad_request' | 'rate_limited' | 'down';

export interface OpenMeteoStandIn {
  /** `http://127.0.0.1:<port>`: use as WEATHER_BASE_URL and WEATHER_ARCHIVE_BASE_URL. */
  url: string;
  /** Every request received, in order, whatever it was answered. */
  requests: { path: string; query: URLSearchParams }[];
  /** How every request is answered from now on ('ok' until told otherwise). */
  set(mode: OpenMeteoMode): void;
  /** Values forced per hour (e.g. rain, heat, wind), or null for the made-up weather alone. */
  script(fn: StandInScript | null): void;
  close(): Promise<void>;
}

/** The provider's variables the stand-in knows, with the unit it answers them in. */
const VARIABLES: Record<string, { field: StandInVariable; unit: string }> = {
  temperature_2m: { field: 'temperature', unit: '°C' },
  relative_humidity_2m: { field: 'humidity', unit: '%' },
  wind_speed_10m: { field: 'wind', unit: 'm/s' },
  shortwave_radiation: { field: 'radiation', unit: 'W/m²' },
  precipitation: { field: 'rain', unit: 'mm' },
  et0_fao_evapotranspiration: { field: 'et0', unit: 'mm' },
};
/** `wind_speed_unit`: the unit's label and the factor from m/s (the documented default is km/h). */
const WIND_UNITS: Record<string, { unit: string; factor: number }> = {
  kmh: { unit: 'km/h', factor: 3.6 },
  ms: { unit: 'm/s', factor: 1 },
  mph: { unit: 'mp/h', factor: 3600 / 1609.344 },
  kn: { unit: 'kn', factor: 3600 / 1852 },
};
const MAX_PAST_DAYS = 92;
const MAX_FORECAST_DAYS = 16;
const DEFAULT_FORECAST_DAYS = 7;
/** The historical API's first day (ERA5 reaches back to 1940). */
const ARCHIVE_FIRST_DAY = '1940-01-01';
/** The reanalysis lags behind: the archive's last days are null, as ERA5's are for about five days. */
const ARCHIVE_DELAY_DAYS = 5;
const RATE_LIMIT_REASON = 'Minutely API request limit exceeded. Please try again in one minute.';
const RETRY_AFTER_SECONDS = 60;

class Refusal extends Error {}

interface Asked {
  cell: StandInCell;
  variables: string[];
  wind: { unit: string; factor: number };
  utcOffsetSeconds: number;
  timezone: { name: string; abbreviation: string };
  /** Local days, both included. */
  firstDay: number;
  lastDay: number;
  /** Hours labelled after this (UTC) have no values yet (the archive's lag); null for none. */
  nullAfterMs: number | null;
}

// --- Parameters, checked as the provider checks them --------------------------------------------------------------

function coordinate(query: URLSearchParams, name: 'latitude' | 'longitude', limit: number): number {
  const text = query.get(name);
  const value = text === null || text.trim() === '' ? Number.NaN : Number(text);
  if (Number.isNaN(value)) {
    throw new Refusal(`Parameter '${name}' is required and must be a floating point number.`);
  }
  if (Math.abs(value) > limit) {
    const Name = name === 'latitude' ? 'Latitude' : 'Longitude';
    throw new Refusal(`${Name} must be in range of -${limit} to ${limit}°. Given: ${value.toFixed(1)}.`);
  }
  return Math.round(value / WEATHER_GRID_DEGREES) * WEATHER_GRID_DEGREES;
}

function wholeNumber(
  query: URLSearchParams,
  name: string,
  fallback: number,
  max: number,
  label: string,
): number {
  const text = query.get(name);
  const value = text === null ? fallback : Number(text);
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new Refusal(`${label} is invalid. Allowed range 0 to ${max}.`);
  }
  return value;
}

function variablesOf(query: URLSearchParams): string[] {
  const names = query.getAll('hourly').flatMap((list) => list.split(',').filter(Boolean));
  for (const name of names) {
    if (!(name in VARIABLES)) {
      throw new Refusal(`Cannot initialize WeatherVariable from invalid String value ${name} for key hourly`);
    }
  }
  return names;
}

/** `timezone`: `auto` takes the cell's (here: its longitude's hour), GMT/UTC (the default) none; no other. */
function timezoneOf(query: URLSearchParams, cell: StandInCell): Pick<Asked, 'utcOffsetSeconds' | 'timezone'> {
  const asked = query.get('timezone') ?? 'GMT';
  if (asked === 'GMT' || asked === 'UTC') {
    return { utcOffsetSeconds: 0, timezone: { name: 'GMT', abbreviation: 'GMT' } };
  }
  if (asked !== 'auto') {
    throw new Refusal(`The stand-in knows only timezone=auto, GMT and UTC. Given: ${asked}`);
  }
  const hours = Math.round(cell.longitude / 15);
  const sign = hours < 0 ? '-' : '+';
  return {
    utcOffsetSeconds: hours * 3600,
    // IANA's Etc zones count the other way round: Etc/GMT-1 is one hour east of Greenwich.
    timezone:
      hours === 0
        ? { name: 'GMT', abbreviation: 'GMT' }
        : {
            name: `Etc/GMT${hours < 0 ? '+' : '-'}${Math.abs(hours)}`,
            abbreviation: `GMT${sign}${Math.abs(hours)}`,
          },
  };
}

function dateOf(query: URLSearchParams, name: 'start_date' | 'end_date'): number {
  const text = query.get(name);
  const day = text === null ? null : dayNumberOfIso(text);
  if (text === null) {
    throw new Refusal("Parameter 'start_date' and 'end_date' are required");
  }
  if (day === null) {
    throw new Refusal(`Invalid date format. Make sure to use 'YYYY-MM-DD' for ${name}. Given: ${text}`);
  }
  return day;
}

function rangeOf(path: string, query: URLSearchParams, todayLocal: number, nowMs: number) {
  if (path === '/v1/forecast') {
    if (query.has('start_date') || query.has('end_date')) {
      throw new Refusal('The stand-in answers the forecast with past_days and forecast_days only.');
    }
    const pastDays = wholeNumber(query, 'past_days', 0, MAX_PAST_DAYS, 'Past days');
    const forecastDays = wholeNumber(
      query,
      'forecast_days',
      DEFAULT_FORECAST_DAYS,
      MAX_FORECAST_DAYS,
      'Forecast days',
    );
    return { firstDay: todayLocal - pastDays, lastDay: todayLocal + forecastDays - 1, nullAfterMs: null };
  }
  const firstDay = dateOf(query, 'start_date');
  const lastDay = dateOf(query, 'end_date');
  if (lastDay < firstDay) {
    throw new Refusal('End-date must be larger or equals than start-date');
  }
  const allowed = [dayNumberOfIso(ARCHIVE_FIRST_DAY) ?? 0, todayLocal] as const;
  for (const [name, day] of [
    ['start_date', firstDay],
    ['end_date', lastDay],
  ] as const) {
    if (day < allowed[0] || day > allowed[1]) {
      const to = isoOfDayNumber(allowed[1]);
      throw new Refusal(`Parameter '${name}' is out of allowed range from ${ARCHIVE_FIRST_DAY} to ${to}`);
    }
  }
  return { firstDay, lastDay, nullAfterMs: nowMs - ARCHIVE_DELAY_DAYS * DAY_MS };
}

function read(path: string, query: URLSearchParams, nowMs: number): Asked {
  const latitude = coordinate(query, 'latitude', 90);
  const longitude = coordinate(query, 'longitude', 180);
  const cell = { latitude: Number(latitude.toFixed(1)), longitude: Number(longitude.toFixed(1)) };
  const variables = variablesOf(query);
  const wind = WIND_UNITS[query.get('wind_speed_unit') ?? 'kmh'];
  if (!wind) {
    const given = query.get('wind_speed_unit');
    throw new Refusal(
      `Cannot initialize WindspeedUnit from invalid String value ${given} for key wind_speed_unit`,
    );
  }
  const zone = timezoneOf(query, cell);
  const todayLocal = dayNumberOfTime(nowMs + zone.utcOffsetSeconds * 1000);
  return { cell, variables, wind, ...zone, ...rangeOf(path, query, todayLocal, nowMs) };
}

// --- The answer ------------------------------------------------------------------------------------------------

function answer(asked: Asked, script: StandInScript | null, startedMs: number) {
  const hourly: Record<string, (number | null)[]> = Object.fromEntries(asked.variables.map((n) => [n, []]));
  const time: string[] = [];
  for (let day = asked.firstDay; day <= asked.lastDay; day++) {
    for (let h = 0; h < 24; h++) {
      const localMs = day * DAY_MS + h * HOUR_MS;
      const utcMs = localMs - asked.utcOffsetSeconds * 1000;
      time.push(new Date(localMs).toISOString().slice(0, 16));
      const missing = asked.nullAfterMs !== null && utcMs > asked.nullAfterMs;
      const values = missing ? null : standInHour(asked.cell, utcMs, script);
      for (const name of asked.variables) {
        const { field } = VARIABLES[name] ?? { field: 'temperature' };
        const value = values?.[field] ?? null;
        const factor = field === 'wind' ? asked.wind.factor : 1;
        hourly[name]?.push(value === null ? null : Math.round(value * factor * 100) / 100);
      }
    }
  }
  const units = Object.fromEntries(
    asked.variables.map((n) => [n, n === 'wind_speed_10m' ? asked.wind.unit : VARIABLES[n]?.unit]),
  );
  return {
    latitude: asked.cell.latitude,
    longitude: asked.cell.longitude,
    generationtime_ms: performance.now() - startedMs,
    utc_offset_seconds: asked.utcOffsetSeconds,
    timezone: asked.timezone.name,
    timezone_abbreviation: asked.timezone.abbreviation,
    elevation: standInElevation(asked.cell),
    ...(asked.variables.length > 0
      ? { hourly_units: { time: 'iso8601', ...units }, hourly: { time, ...hourly } }
      : {}),
  };
}

// --- The server ------------------------------------------------------------------------------------------------

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

interface State {
  mode: OpenMeteoMode;
  script: StandInScript | null;
  requests: OpenMeteoStandIn['requests'];
  now: () => Date;
}

function handle(state: State, req: IncomingMessage, res: ServerResponse): void {
  const startedMs = performance.now();
  const url = new URL(req.url ?? '/', 'http://stand-in');
  state.requests.push({ path: url.pathname, query: url.searchParams });
  if (state.mode === 'down') {
    req.socket.destroy();
    return;
  }
  if (state.mode === 'rate_limited') {
    send(
      res,
      429,
      { error: true, reason: RATE_LIMIT_REASON },
      { 'retry-after': String(RETRY_AFTER_SECONDS) },
    );
    return;
  }
  if (state.mode === 'bad_request') {
    send(res, 400, { error: true, reason: 'The stand-in was set to refuse every request (bad_request).' });
    return;
  }
  if (req.method !== 'GET' || (url.pathname !== '/v1/forecast' && url.pathname !== '/v1/archive')) {
    send(res, 404, { error: true, reason: 'Not Found' });
    return;
  }
  try {
    const asked = read(url.pathname, url.searchParams, state.now().getTime());
    send(res, 200, answer(asked, state.script, startedMs));
  } catch (error) {
    if (!(error instanceof Refusal)) {
      throw error;
    }
    send(res, 400, { error: true, reason: error.message });
  }
}

/** Starts the stand-in on a free port of 127.0.0.1; `now` sets its clock ("today" of the forecast, the archive's end). */
export async function startOpenMeteoStandIn(options: { now?: () => Date } = {}): Promise<OpenMeteoStandIn> {
  const state: State = { mode: 'ok', script: null, requests: [], now: options.now ?? (() => new Date()) };
  const server = createServer((req, res) => {
    try {
      handle(state, req, res);
    } catch {
      send(res, 500, { error: true, reason: 'Stand-in fault.' });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: state.requests,
    set(mode) {
      state.mode = mode;
    },
    script(fn) {
      state.script = fn;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
