// The Open-Meteo adapter against a fake fetch: the URLs it builds, how it reads the answer (local time to UTC,
// nulls, units) and how every failure becomes one WeatherProviderError.
import { describe, expect, it } from 'vitest';
import { openMeteo, WeatherProviderError } from './open-meteo';

const HOURLY =
  'temperature_2m,relative_humidity_2m,wind_speed_10m,shortwave_radiation,precipitation,et0_fao_evapotranspiration';
const UNITS = {
  time: 'iso8601',
  temperature_2m: '°C',
  relative_humidity_2m: '%',
  wind_speed_10m: 'm/s',
  shortwave_radiation: 'W/m²',
  precipitation: 'mm',
  et0_fao_evapotranspiration: 'mm',
};
const CELL = { latitude: 3.9, longitude: 11.5 };

/** An answer as Open-Meteo gives it for Yaoundé's cell with `timezone=auto` (UTC+1), three hours. */
function answer(overrides: Record<string, unknown> = {}) {
  return {
    latitude: 3.9,
    longitude: 11.5,
    generationtime_ms: 0.21,
    utc_offset_seconds: 3600,
    timezone: 'Africa/Douala',
    timezone_abbreviation: 'WAT',
    elevation: 726,
    hourly_units: UNITS,
    hourly: {
      time: ['2026-11-27T00:00', '2026-11-27T01:00', '2026-11-27T02:00'],
      temperature_2m: [21.4, 21.1, null],
      relative_humidity_2m: [93, null, 95],
      wind_speed_10m: [1.2, 0.9, 1.1],
      shortwave_radiation: [0, 0, 0],
      precipitation: [0, 2.4, 0.1],
      et0_fao_evapotranspiration: [0.01, 0, 0],
    },
    ...overrides,
  };
}

interface Fake {
  fetch: typeof fetch;
  urls: string[];
}

function fakeFetch(respond: () => Response | Promise<Response>): Fake {
  const urls: string[] = [];
  const fake = (async (input: string | URL | Request) => {
    urls.push(String(input));
    return respond();
  }) as typeof fetch;
  return { fetch: fake, urls };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const config = (apiKey: string | null = null) => ({
  baseUrl: 'https://api.open-meteo.com',
  archiveBaseUrl: 'https://archive-api.open-meteo.com',
  apiKey,
  timeoutMs: 50,
});

async function failure(promise: Promise<unknown>): Promise<WeatherProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WeatherProviderError);
  return error as WeatherProviderError;
}

describe('the URLs', () => {
  it('asks the forecast API exactly as documented, with the key only when one is configured', async () => {
    const fake = fakeFetch(() => json(answer()));
    await openMeteo(config(), fake.fetch).forecast(CELL, 31);
    await openMeteo(config('k3y/+'), fake.fetch).forecast({ latitude: 0.1 * 39, longitude: -1.6 }, 0);
    expect(fake.urls).toEqual([
      `https://api.open-meteo.com/v1/forecast?latitude=3.9&longitude=11.5&hourly=${HOURLY}&past_days=31&forecast_days=7&timezone=auto&wind_speed_unit=ms`,
      `https://api.open-meteo.com/v1/forecast?latitude=3.9&longitude=-1.6&hourly=${HOURLY}&past_days=0&forecast_days=7&timezone=auto&wind_speed_unit=ms&apikey=k3y%2F%2B`,
    ]);
  });

  it('asks the historical API for the dates given, with the key only when one is configured', async () => {
    const fake = fakeFetch(() => json(answer()));
    await openMeteo(config(), fake.fetch).archive(CELL, '2026-01-01', '2026-03-31');
    await openMeteo(config('key'), fake.fetch).archive(CELL, '2026-01-01', '2026-01-01');
    expect(fake.urls).toEqual([
      `https://archive-api.open-meteo.com/v1/archive?latitude=3.9&longitude=11.5&start_date=2026-01-01&end_date=2026-03-31&hourly=${HOURLY}&timezone=auto&wind_speed_unit=ms`,
      `https://archive-api.open-meteo.com/v1/archive?latitude=3.9&longitude=11.5&start_date=2026-01-01&end_date=2026-01-01&hourly=${HOURLY}&timezone=auto&wind_speed_unit=ms&apikey=key`,
    ]);
  });
});

describe('the answer', () => {
  it('turns local labels into UTC hours with the answer’s offset and keeps nulls as null', async () => {
    const result = await openMeteo(config(), fakeFetch(() => json(answer())).fetch).forecast(CELL, 1);
    expect(result.utcOffsetSeconds).toBe(3600);
    expect(result.elevation).toBe(726);
    expect(result.hours.map((h) => h.ts.toISOString())).toEqual([
      '2026-11-26T23:00:00.000Z',
      '2026-11-27T00:00:00.000Z',
      '2026-11-27T01:00:00.000Z',
    ]);
    expect(result.hours[1]).toEqual({
      ts: new Date('2026-11-27T00:00:00Z'),
      temperature: 21.1,
      humidity: null,
      wind: 0.9,
      radiation: 0,
      rain: 2.4,
      et0: 0,
    });
    expect(result.hours[2]?.temperature).toBeNull();
  });

  it('reads a negative offset (west of Greenwich) the other way', async () => {
    const west = answer({ utc_offset_seconds: -3600 });
    const result = await openMeteo(config(), fakeFetch(() => json(west)).fetch).archive(CELL, 'a', 'b');
    expect(result.hours[0]?.ts.toISOString()).toBe('2026-11-27T01:00:00.000Z');
  });

  it('refuses a unit other than the one asked for instead of mixing it in', async () => {
    const kmh = answer({ hourly_units: { ...UNITS, wind_speed_10m: 'km/h' } });
    const error = await failure(openMeteo(config(), fakeFetch(() => json(kmh)).fetch).forecast(CELL, 1));
    expect(error.status).toBe(200);
    expect(error.reason).toBe('unit of wind_speed_10m is km/h, expected m/s');
  });

  it('refuses arrays of another length than the hours, a missing variable, a bad time, hours not rising', async () => {
    const base = answer();
    const bodies = [
      answer({ hourly: { ...base.hourly, precipitation: [0, 1] } }),
      answer({ hourly: { ...base.hourly, et0_fao_evapotranspiration: undefined } }),
      answer({
        hourly: { ...base.hourly, time: ['2026-11-27T00:00', '2026-11-27 01:00', '2026-11-27T02:00'] },
      }),
      answer({
        hourly: { ...base.hourly, time: ['2026-11-27T00:00', '2026-02-30T01:00', '2026-11-27T02:00'] },
      }),
      answer({
        hourly: { ...base.hourly, time: ['2026-11-27T00:00', '2026-11-27T00:00', '2026-11-27T02:00'] },
      }),
      answer({ hourly: { ...base.hourly, temperature_2m: [21, '21', 20] } }),
    ];
    const reasons: string[] = [];
    for (const body of bodies) {
      const error = await failure(openMeteo(config(), fakeFetch(() => json(body)).fetch).forecast(CELL, 1));
      expect(error.status).toBe(200);
      reasons.push(error.reason);
    }
    expect(reasons[0]).toBe('hourly.precipitation has 2 values for 3 hours');
    expect(reasons[1]).toMatch(/^unexpected answer \(hourly\.et0_fao_evapotranspiration: /);
    expect(reasons[2]).toMatch(/^unexpected answer \(hourly\.time\.1: /);
    expect(reasons[3]).toBe('hourly.time has no such time as 2026-02-30T01:00');
    expect(reasons[4]).toBe('hourly.time is not rising at 2026-11-27T00:00');
    expect(reasons[5]).toMatch(/^unexpected answer \(hourly\.temperature_2m\.1: /);
  });

  it('refuses a body that is not JSON or not an answer at all, never with a raw zod error', async () => {
    for (const body of ['<html>maintenance</html>', '{"hello":"world"}', 'null']) {
      const fake = fakeFetch(() => new Response(body, { status: 200 }));
      const error = await failure(openMeteo(config(), fake.fetch).forecast(CELL, 1));
      expect(error.status).toBe(200);
      expect(error.reason).toMatch(/^unexpected answer/);
    }
  });
});

describe('failures', () => {
  it('gives the reason of an error object even when it comes with a 2xx', async () => {
    const fake = fakeFetch(() => json({ error: true, reason: 'No data is available for this location' }));
    const error = await failure(openMeteo(config(), fake.fetch).forecast(CELL, 1));
    expect([error.status, error.reason]).toEqual([200, 'No data is available for this location']);
  });

  it('gives the provider’s reason for a 400', async () => {
    const reason = 'Latitude must be in range of -90 to 90°. Given: 91.0.';
    const fake = fakeFetch(() => json({ error: true, reason }, 400));
    const error = await failure(openMeteo(config(), fake.fetch).forecast(CELL, 1));
    expect([error.status, error.reason, error.retryAfterSeconds]).toEqual([400, reason, null]);
    expect(error.message).toBe(`Open-Meteo 400: ${reason}`);
  });

  it('gives a 429 with its Retry-After, in seconds or as a date, or without one', async () => {
    const reason = 'Minutely API request limit exceeded. Please try again in one minute.';
    const limited = (headers: Record<string, string>) =>
      fakeFetch(() => json({ error: true, reason }, 429, headers)).fetch;
    const inSeconds = await failure(openMeteo(config(), limited({ 'Retry-After': '60' })).forecast(CELL, 1));
    expect([inSeconds.status, inSeconds.reason, inSeconds.retryAfterSeconds]).toEqual([429, reason, 60]);
    const at = new Date(Date.now() + 120_000).toUTCString();
    const asDate = await failure(openMeteo(config(), limited({ 'Retry-After': at })).archive(CELL, 'a', 'b'));
    expect(asDate.retryAfterSeconds).toBeGreaterThanOrEqual(118);
    expect(asDate.retryAfterSeconds).toBeLessThanOrEqual(120);
    const none = await failure(openMeteo(config(), limited({})).forecast(CELL, 1));
    expect(none.retryAfterSeconds).toBeNull();
  });

  it('gives a status without the error object when the refusal is not JSON', async () => {
    const fake = fakeFetch(() => new Response('', { status: 502 }));
    const error = await failure(openMeteo(config(), fake.fetch).forecast(CELL, 1));
    expect([error.status, error.reason]).toEqual([502, 'HTTP 502']);
  });

  it('gives status null for a network failure', async () => {
    const fake = fakeFetch(() => {
      throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });
    });
    const error = await failure(openMeteo(config(), fake.fetch).forecast(CELL, 1));
    expect([error.status, error.reason]).toEqual([null, 'unreachable: connect ECONNREFUSED 127.0.0.1:9']);
  });

  it('gives status null when no answer comes within the timeout', async () => {
    const hanging = ((_input: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as typeof fetch;
    const started = Date.now();
    const error = await failure(openMeteo(config(), hanging).forecast(CELL, 1));
    expect([error.status, error.reason]).toEqual([null, 'no answer within 50 ms']);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
