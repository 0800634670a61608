// The Open-Meteo adapter against the stand-in: the hours a forecast and an archive cover, local time back to UTC,
// nulls, the provider's refusals and a dropped connection as WeatherProviderError, and a scripted hour arriving.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../contract/constants';
import { openMeteo, type ProviderAnswer, WeatherProviderError } from '../weather/open-meteo';
import { type OpenMeteoStandIn, startOpenMeteoStandIn } from './open-meteo-stand-in';

/** The stand-in's clock: 10:00 UTC, 11:00 in Yaoundé. */
const NOW = new Date('2026-11-27T10:00:00Z');
/** A farm near Yaoundé: its cell is 3.9, 11.5, one hour east of Greenwich. */
const YAOUNDE = { latitude: 3.87, longitude: 11.52 };
/** A farm near Dakar (west of Greenwich): one hour behind. */
const DAKAR = { latitude: 14.69, longitude: -16.3 };

let stand: OpenMeteoStandIn;
const provider = () =>
  openMeteo({ baseUrl: stand.url, archiveBaseUrl: stand.url, apiKey: null, timeoutMs: 5_000 });

beforeAll(async () => {
  stand = await startOpenMeteoStandIn({ now: () => NOW });
});
afterEach(() => {
  stand.set('ok');
  stand.script(null);
});
afterAll(async () => {
  await stand.close();
});

async function failure(promise: Promise<unknown>): Promise<WeatherProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WeatherProviderError);
  return error as WeatherProviderError;
}

const iso = (answer: ProviderAnswer, i: number) => answer.hours.at(i)?.ts.toISOString();
/** Local solar hour of an hour's label, to tell day from night. */
const solarHour = (ts: Date, longitude: number) => (ts.getUTCHours() + longitude / 15 + 24) % 24;

describe('the forecast', () => {
  it('covers local midnight past_days ago to the end of the seventh day, in UTC', async () => {
    const answer = await provider().forecast(YAOUNDE, 3);
    expect(answer.utcOffsetSeconds).toBe(3600);
    expect(answer.hours).toHaveLength((3 + 7) * 24);
    expect(iso(answer, 0)).toBe('2026-11-23T23:00:00.000Z');
    expect(iso(answer, -1)).toBe('2026-12-03T22:00:00.000Z');
    const steps = answer.hours.slice(1).map((h, i) => h.ts.getTime() - (answer.hours[i]?.ts.getTime() ?? 0));
    expect(new Set(steps)).toEqual(new Set([HOUR_MS]));
    const asked = stand.requests.at(-1);
    expect(asked?.path).toBe('/v1/forecast');
    expect(asked?.query.get('latitude')).toBe('3.87');
    expect(asked?.query.get('past_days')).toBe('3');
  });

  it('reads a cell west of Greenwich with its negative offset', async () => {
    const answer = await provider().forecast(DAKAR, 0);
    expect(answer.utcOffsetSeconds).toBe(-3600);
    expect(answer.hours).toHaveLength(7 * 24);
    expect(iso(answer, 0)).toBe('2026-11-27T01:00:00.000Z');
  });

  it('has gaps as null, the same hours the same each time, and weather a tropical farm would see', async () => {
    const answer = await provider().forecast(YAOUNDE, 10);
    const again = await provider().forecast(YAOUNDE, 10);
    expect(again.hours).toEqual(answer.hours);
    const gaps = answer.hours.filter((h) => h.humidity === null);
    expect(gaps.length).toBeGreaterThan(0);
    for (const gap of gaps) {
      expect(Math.round(gap.ts.getTime() / HOUR_MS) % 97).toBe(0);
      expect(gap.temperature).not.toBeNull();
    }
    const night = answer.hours.filter((h) =>
      [22, 23, 0, 1, 2, 3, 4].includes(Math.floor(solarHour(h.ts, 11.5))),
    );
    expect(night.every((h) => h.radiation === 0 && h.et0 === 0)).toBe(true);
    const noon = answer.hours.filter((h) => Math.floor(solarHour(h.ts, 11.5)) === 13);
    for (const h of noon) {
      expect(h.radiation).toBeGreaterThan(150);
      expect(h.et0).toBeGreaterThanOrEqual(0.1);
      expect(h.et0).toBeLessThanOrEqual(0.8);
    }
    const temperatures = answer.hours.map((h) => h.temperature ?? Number.NaN);
    expect(Math.min(...temperatures)).toBeGreaterThan(10);
    expect(Math.max(...temperatures)).toBeLessThan(38);
    expect(answer.hours.some((h) => (h.rain ?? 0) > 0)).toBe(true);
  });
});

describe('the archive', () => {
  it('covers start_date to end_date, both included, the same hours as the forecast', async () => {
    const answer = await provider().archive(YAOUNDE, '2026-10-01', '2026-10-31');
    expect(answer.hours).toHaveLength(31 * 24);
    expect(iso(answer, 0)).toBe('2026-09-30T23:00:00.000Z');
    expect(iso(answer, -1)).toBe('2026-10-31T22:00:00.000Z');
    expect(stand.requests.at(-1)?.path).toBe('/v1/archive');
    const recent = await provider().archive(YAOUNDE, '2026-11-01', '2026-11-20');
    const forecast = await provider().forecast(YAOUNDE, 30);
    const hour = (a: ProviderAnswer, at: string) => a.hours.find((h) => h.ts.toISOString() === at);
    expect(hour(recent, '2026-11-10T12:00:00.000Z')).toEqual(hour(forecast, '2026-11-10T12:00:00.000Z'));
  });

  it('has no values yet for its last days, as the reanalysis lags', async () => {
    const answer = await provider().archive(YAOUNDE, '2026-11-20', '2026-11-27');
    const empty = answer.hours.filter((h) => h.temperature === null);
    expect(empty[0]?.ts.getTime()).toBeGreaterThan(NOW.getTime() - 5 * 24 * HOUR_MS);
    expect(empty.every((h) => Object.values(h).filter((v) => v !== null).length === 1)).toBe(true);
  });

  it('refuses dates the way the provider does', async () => {
    const reasons = [];
    for (const [start, end] of [
      ['2026-10-31', '2026-10-01'],
      ['2026-10-01', '2026-12-01'],
      ['1939-12-31', '2026-10-01'],
      ['2026-02-30', '2026-03-01'],
    ] as const) {
      const error = await failure(provider().archive(YAOUNDE, start, end));
      expect(error.status).toBe(400);
      reasons.push(error.reason);
    }
    expect(reasons).toEqual([
      'End-date must be larger or equals than start-date',
      "Parameter 'end_date' is out of allowed range from 1940-01-01 to 2026-11-27",
      "Parameter 'start_date' is out of allowed range from 1940-01-01 to 2026-11-27",
      "Invalid date format. Make sure to use 'YYYY-MM-DD' for start_date. Given: 2026-02-30",
    ]);
    const missing = await fetch(`${stand.url}/v1/archive?latitude=3.9&longitude=11.5&hourly=precipitation`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: true,
      reason: "Parameter 'start_date' and 'end_date' are required",
    });
  });
});

describe('refusals and failures', () => {
  it('refuses parameters out of range with the provider’s error object', async () => {
    const pastDays = await failure(provider().forecast(YAOUNDE, 93));
    expect([pastDays.status, pastDays.reason]).toEqual([400, 'Past days is invalid. Allowed range 0 to 92.']);
    const latitude = await failure(provider().forecast({ latitude: 91, longitude: 0 }, 1));
    expect(latitude.reason).toBe('Latitude must be in range of -90 to 90°. Given: 91.0.');
    const raw = async (query: string) => {
      const response = await fetch(`${stand.url}/v1/forecast?${query}`);
      return [response.status, ((await response.json()) as { reason: string }).reason];
    };
    expect(await raw('longitude=11.5')).toEqual([
      400,
      "Parameter 'latitude' is required and must be a floating point number.",
    ]);
    expect(await raw('latitude=3.9&longitude=11.5&forecast_days=17')).toEqual([
      400,
      'Forecast days is invalid. Allowed range 0 to 16.',
    ]);
    expect(await raw('latitude=3.9&longitude=11.5&hourly=tempeture_2m')).toEqual([
      400,
      'Cannot initialize WeatherVariable from invalid String value tempeture_2m for key hourly',
    ]);
  });

  it('answers wind in km/h unless asked for m/s, as the provider does (which the adapter refuses)', async () => {
    const response = await fetch(
      `${stand.url}/v1/forecast?latitude=3.9&longitude=11.5&hourly=wind_speed_10m`,
    );
    const body = (await response.json()) as {
      utc_offset_seconds: number;
      hourly_units: Record<string, string>;
      hourly: { time: string[]; wind_speed_10m: number[] };
    };
    expect(body.utc_offset_seconds).toBe(0);
    expect(body.hourly_units).toEqual({ time: 'iso8601', wind_speed_10m: 'km/h' });
    expect(body.hourly.time[0]).toBe('2026-11-27T00:00');
    const inMs = await provider().forecast(YAOUNDE, 0);
    // Same cell, same hour: the UTC answer's first hour is 00:00Z, the local one's second.
    expect(body.hourly.wind_speed_10m[0]).toBeCloseTo((inMs.hours[1]?.wind ?? 0) * 3.6, 1);
  });

  it('gives 400 with a reason, 429 with Retry-After, and a dropped connection as no status', async () => {
    stand.set('bad_request');
    const refused = await failure(provider().forecast(YAOUNDE, 1));
    expect([refused.status, refused.reason]).toEqual([
      400,
      'The stand-in was set to refuse every request (bad_request).',
    ]);
    stand.set('rate_limited');
    const limited = await failure(provider().archive(YAOUNDE, '2026-10-01', '2026-10-02'));
    expect([limited.status, limited.retryAfterSeconds, limited.reason]).toEqual([
      429,
      60,
      'Minutely API request limit exceeded. Please try again in one minute.',
    ]);
    stand.set('down');
    const down = await failure(provider().forecast(YAOUNDE, 1));
    expect([down.status, down.retryAfterSeconds]).toEqual([null, null]);
    expect(down.reason).toMatch(/^unreachable: /);
    stand.set('ok');
    expect((await provider().forecast(YAOUNDE, 1)).hours).toHaveLength(8 * 24);
  });
});

describe('scripts', () => {
  it('forces an hour’s rain, for the cell on the grid, and ET₀ follows scripted inputs', async () => {
    const storm = Date.parse('2026-11-28T14:00:00Z');
    const cells: unknown[] = [];
    stand.script((cell, utcHour) => {
      cells.push(cell);
      return utcHour.getTime() === storm ? { rain: 42, radiation: 0, humidity: 100 } : {};
    });
    const answer = await provider().forecast(YAOUNDE, 0);
    const hour = answer.hours.find((h) => h.ts.getTime() === storm);
    expect(hour).toMatchObject({ rain: 42, radiation: 0, humidity: 100 });
    // Saturated air and no sun: next to nothing evaporates (what is left is FAO-56's longwave term in daylight).
    expect(hour?.et0).toBeLessThan(0.05);
    expect(answer.hours.filter((h) => h.rain === 42)).toHaveLength(1);
    expect(cells[0]).toEqual({ latitude: 3.9, longitude: 11.5 });
    stand.script(() => ({ et0: null }));
    const blank = await provider().forecast(YAOUNDE, 0);
    expect(blank.hours.every((h) => h.et0 === null)).toBe(true);
  });
});
