import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../contract/constants';
import { hourlyEt0Series, round } from '../farms';
import { localDays, toHourlyWeather } from '../weather/weather-hours';
import { cellOf, demoCellHours } from './weather';

const NOW = Date.parse('2026-11-27T20:30:00Z');
const BAFOUSSAM = cellOf({ latitude: 5.48, longitude: 10.42, elevation: 1450 });
const KUMASI = cellOf({ latitude: 6.69, longitude: -1.62, elevation: 250 });

describe('the demo weather generator', () => {
  it('rounds farms to the 0.1° grid, in Cameroon at UTC+1 and in Ghana at GMT', () => {
    expect(BAFOUSSAM).toEqual({ latitude: 5.5, longitude: 10.4, elevation: 1450, utcOffsetSeconds: 3600 });
    expect(KUMASI).toMatchObject({ latitude: 6.7, longitude: -1.6, utcOffsetSeconds: 0 });
  });

  it('covers 120 local days before today and the 7 forecast days, hour by hour, the same every run', () => {
    const hours = demoCellHours(BAFOUSSAM, NOW, false);
    expect(hours).toHaveLength((120 + 7) * 24);
    const first = hours[0]?.ts.getTime() ?? 0;
    expect(hours.every((h, i) => h.ts.getTime() === first + i * HOUR_MS)).toBe(true);
    // Local midnight (UTC+1) ends the last hour of the 7th forecast day.
    expect(hours.at(-1)?.ts.toISOString()).toBe('2026-12-03T23:00:00.000Z');
    const days = localDays(hours, BAFOUSSAM.utcOffsetSeconds);
    const forecast = days.filter((d) => d.date >= '2026-11-27' && d.rainMm !== null && d.et0Mm !== null);
    expect(forecast.map((d) => d.date)).toEqual([
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
    ]);
    expect(demoCellHours(BAFOUSSAM, NOW, false)).toEqual(hours);
    expect(demoCellHours(KUMASI, NOW, false).map((h) => h.rain)).not.toEqual(hours.map((h) => h.rain));
  });

  it('gives sun only by day and the ET₀ of FAO-56 hourly over its own hours', () => {
    const hours = demoCellHours(BAFOUSSAM, NOW, false);
    const night = hours.filter((h) => h.ts.getUTCHours() === 1);
    expect(night.every((h) => h.radiation === 0)).toBe(true);
    const noon = hours.filter((h) => h.ts.getUTCHours() === 12);
    expect(noon.every((h) => (h.radiation ?? 0) > 100 && (h.radiation ?? 0) < 1200)).toBe(true);
    const et0 = hourlyEt0Series(toHourlyWeather(hours), BAFOUSSAM);
    expect(hours.map((h) => h.et0)).toEqual(et0.map((v) => (v === null ? null : round(v, 3))));
    const daily = localDays(hours, BAFOUSSAM.utcOffsetSeconds).filter((d) => d.et0Mm !== null);
    expect(daily.every((d) => (d.et0Mm ?? 0) > 1 && (d.et0Mm ?? 0) < 8)).toBe(true);
  });

  it("shapes the alert cell: a storm of over 20 mm tomorrow afternoon, in the farm's local day", () => {
    const plain = localDays(demoCellHours(BAFOUSSAM, NOW, false), BAFOUSSAM.utcOffsetSeconds);
    const shaped = localDays(demoCellHours(BAFOUSSAM, NOW, true), BAFOUSSAM.utcOffsetSeconds);
    const rain = (days: typeof plain, date: string) => days.find((d) => d.date === date)?.rainMm ?? 0;
    expect(rain(shaped, '2026-11-28')).toBeGreaterThanOrEqual(32);
    const changed = shaped.filter((d, i) => d.rainMm !== plain[i]?.rainMm).map((d) => d.date);
    expect(changed).toEqual(['2026-11-28']);
    expect(new Date(NOW + DAY_MS).toISOString().slice(0, 10)).toBe('2026-11-28');
  });
});
