// Stage dates against the FAO-56 Table 11 day counts (dates worked out by hand), the degree-day factor, moving a date.
import { describe, expect, it } from 'vitest';
import { daysBetween, planCalendar, shiftIsoDate, stageFactor } from './stages';

const table = (plantingDate: string, crop: Parameters<typeof planCalendar>[0]['crop']) =>
  planCalendar({ crop, plantingDate, meanTemperature: null, temperatureDays: 0 });

describe('stage dates from FAO-56 Table 11', () => {
  it('maize (20/35/40/30 days) planted 2026-03-15', () => {
    const calendar = table('2026-03-15', 'maize');
    expect(calendar.stages).toEqual([
      { key: 'initial', start: '2026-03-15', end: '2026-04-03' },
      { key: 'development', start: '2026-04-04', end: '2026-05-08' },
      { key: 'mid', start: '2026-05-09', end: '2026-06-17' },
      { key: 'late', start: '2026-06-18', end: '2026-07-17' },
    ]);
    // Dry grain: from the season end, for two weeks.
    expect(calendar.expectedHarvest).toEqual({ from: '2026-07-17', to: '2026-07-31' });
    expect(calendar.basis).toMatchObject({ meanTemperature: null, days: 0, factor: 1 });
    expect(calendar.basis.source).toContain('Table 11 maize (grain)');
    expect(calendar.basis.source).toContain('McMaster & Wilhelm');
    expect(calendar.basis.source).toContain('app convention, not a published figure');
  });

  it('cassava year 1 (20/40/90/60 days) planted 2026-04-01, kept in the ground through the year-2 rest (150 days)', () => {
    const calendar = table('2026-04-01', 'cassava');
    expect(calendar.stages).toEqual([
      { key: 'initial', start: '2026-04-01', end: '2026-04-20' },
      { key: 'development', start: '2026-04-21', end: '2026-05-30' },
      { key: 'mid', start: '2026-05-31', end: '2026-08-28' },
      { key: 'late', start: '2026-08-29', end: '2026-10-27' },
    ]);
    expect(calendar.expectedHarvest).toEqual({ from: '2026-10-27', to: '2027-03-26' });
    expect(calendar.basis.source).toContain('cassava year 1');
  });

  it('groundnut (25/35/45/25 days) planted 2026-05-01', () => {
    const calendar = table('2026-05-01', 'groundnut');
    expect(calendar.stages).toEqual([
      { key: 'initial', start: '2026-05-01', end: '2026-05-25' },
      { key: 'development', start: '2026-05-26', end: '2026-06-29' },
      { key: 'mid', start: '2026-06-30', end: '2026-08-13' },
      { key: 'late', start: '2026-08-14', end: '2026-09-07' },
    ]);
    expect(calendar.expectedHarvest).toEqual({ from: '2026-09-07', to: '2026-09-21' });
  });

  it('tomato (30/40/40/25 days) planted 2026-10-01, across the new year, picked through the late season', () => {
    const calendar = table('2026-10-01', 'tomato');
    expect(calendar.stages).toEqual([
      { key: 'initial', start: '2026-10-01', end: '2026-10-30' },
      { key: 'development', start: '2026-10-31', end: '2026-12-09' },
      { key: 'mid', start: '2026-12-10', end: '2027-01-18' },
      { key: 'late', start: '2027-01-19', end: '2027-02-12' },
    ]);
    expect(calendar.expectedHarvest).toEqual({ from: '2027-01-19', to: '2027-02-12' });
  });

  it('cocoa (one 60/90/120/95-day season of an established plantation) from 2026-01-01', () => {
    const calendar = table('2026-01-01', 'cocoa');
    expect(calendar.stages).toEqual([
      { key: 'initial', start: '2026-01-01', end: '2026-03-01' },
      { key: 'development', start: '2026-03-02', end: '2026-05-30' },
      { key: 'mid', start: '2026-05-31', end: '2026-09-27' },
      { key: 'late', start: '2026-09-28', end: '2026-12-31' },
    ]);
    expect(calendar.expectedHarvest).toEqual({ from: '2026-09-28', to: '2026-12-31' });
  });
});

describe('the degree-day factor', () => {
  it('lengthens the stages of a cool highland farm: maize at 19 °C (base 10, reference 20) takes 10/9 as long', () => {
    expect(stageFactor('maize', 19, 30)).toBe(1.111);
    const calendar = planCalendar({
      crop: 'maize',
      plantingDate: '2026-03-15',
      meanTemperature: 19,
      temperatureDays: 30,
    });
    // Cumulative ends 20, 55, 95, 125 × 1.111 → 22, 61, 106, 139 days.
    expect(calendar.stages).toEqual([
      { key: 'initial', start: '2026-03-15', end: '2026-04-05' },
      { key: 'development', start: '2026-04-06', end: '2026-05-14' },
      { key: 'mid', start: '2026-05-15', end: '2026-06-28' },
      { key: 'late', start: '2026-06-29', end: '2026-07-31' },
    ]);
    expect(calendar.basis).toMatchObject({ meanTemperature: 19, days: 30, factor: 1.111 });
  });

  it('leaves a warm farm on the table: never shorter than the lengths at optimum warmth', () => {
    expect(stageFactor('maize', 20, 30)).toBe(1);
    expect(stageFactor('maize', 27, 30)).toBe(1);
    expect(stageFactor('maize', 35, 30)).toBe(1);
    const warm = planCalendar({
      crop: 'maize',
      plantingDate: '2026-03-15',
      meanTemperature: 27,
      temperatureDays: 30,
    });
    expect(warm.stages).toEqual(table('2026-03-15', 'maize').stages);
    expect(warm.basis).toMatchObject({ meanTemperature: 27, factor: 1 });
  });

  it('leaves the table unchanged when the temperature was measured over fewer than 7 days, or not at all', () => {
    expect(stageFactor('maize', 15, 6)).toBe(1);
    expect(stageFactor('maize', 15, 7)).toBe(2);
    expect(stageFactor('maize', null, 100)).toBe(1);
    const few = planCalendar({
      crop: 'maize',
      plantingDate: '2026-03-15',
      meanTemperature: 15,
      temperatureDays: 6,
    });
    expect(few.stages).toEqual(table('2026-03-15', 'maize').stages);
    expect(few.basis).toMatchObject({ meanTemperature: null, days: 6, factor: 1 });
  });

  it('is capped at 2 (a farm that cold is out of the crop’s range, not slow), down to and below the base', () => {
    expect(stageFactor('maize', 12, 30)).toBe(2);
    expect(stageFactor('maize', 10, 30)).toBe(2);
    expect(stageFactor('maize', 3, 30)).toBe(2);
    // 17.5 °C: 10 / 7.5 = 1.333.
    expect(stageFactor('maize', 17.5, 30)).toBe(1.333);
    const cold = planCalendar({
      crop: 'maize',
      plantingDate: '2026-03-15',
      meanTemperature: 5,
      temperatureDays: 30,
    });
    expect(daysBetween('2026-03-15', cold.stages[3]?.end ?? '') + 1).toBe(250);
  });
});

describe('dates', () => {
  it('shifts across months, leap days and years, and counts days between', () => {
    expect(shiftIsoDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(shiftIsoDate('2027-02-28', 1)).toBe('2027-03-01');
    expect(shiftIsoDate('2026-01-05', -10)).toBe('2025-12-26');
    expect(daysBetween('2026-03-15', '2026-07-17')).toBe(124);
    expect(daysBetween('2026-07-17', '2026-03-15')).toBe(-124);
  });

  it('refuses a text that is not a calendar date', () => {
    expect(() => shiftIsoDate('2026-02-30', 1)).toThrow(RangeError);
    expect(() => daysBetween('soon', '2026-01-01')).toThrow(RangeError);
  });
});

describe('moving the planting date', () => {
  it('moves every stage date and the harvest window by the same days', () => {
    const before = table('2026-03-15', 'maize');
    const after = table('2026-03-25', 'maize');
    expect(after.stages).toEqual(
      before.stages.map((s) => ({
        key: s.key,
        start: shiftIsoDate(s.start, 10),
        end: shiftIsoDate(s.end, 10),
      })),
    );
    expect(after.expectedHarvest).toEqual({
      from: shiftIsoDate(before.expectedHarvest.from, 10),
      to: shiftIsoDate(before.expectedHarvest.to, 10),
    });
  });
});
