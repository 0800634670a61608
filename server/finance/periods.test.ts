// Tests for ledger calendar helpers and reporting periods.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  isIsoDate,
  isIsoMonth,
  monthOf,
  monthsBetween,
  type Period,
  periodRange,
} from './periods';

describe('dates', () => {
  it('validates calendar dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('1900-02-29')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('2024-04-31')).toBe(false);
    expect(isIsoDate('2024-1-01')).toBe(false);
    expect(isIsoDate('2024-01-01T00:00')).toBe(false);
    expect(isIsoMonth('2024-12')).toBe(true);
    expect(isIsoMonth('2024-00')).toBe(false);
  });

  it('moves by days and months across year ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(monthOf('2024-07-15')).toBe('2024-07');
    expect(addMonths('2024-11', 3)).toBe('2025-02');
    expect(addMonths('2024-01', -1)).toBe('2023-12');
    expect(monthsBetween('2023-12', '2025-02')).toBe(14);
    expect(() => addDays('2024-02-30', 1)).toThrow(RangeError);
  });
});

describe('periodRange', () => {
  it.each<[Period, string, string, string]>([
    ['monthly', '2024-02-10', '2024-02-01', '2024-02-29'],
    ['monthly', '2023-02-28', '2023-02-01', '2023-02-28'],
    ['monthly', '2024-12-31', '2024-12-01', '2024-12-31'],
    ['quarterly', '2024-01-01', '2024-01-01', '2024-03-31'],
    ['quarterly', '2024-05-15', '2024-04-01', '2024-06-30'],
    ['quarterly', '2024-09-30', '2024-07-01', '2024-09-30'],
    ['quarterly', '2024-11-02', '2024-10-01', '2024-12-31'],
    ['yearly', '2024-06-15', '2024-01-01', '2024-12-31'],
  ])('%s around %s is %s – %s', (period, date, startDate, endDate) => {
    expect(periodRange(period, date)).toEqual({ startDate, endDate });
  });

  it('rejects bad input', () => {
    expect(() => periodRange('monthly', '2024-02-30')).toThrow(RangeError);
    expect(() => periodRange('weekly' as Period, '2024-02-01')).toThrow(RangeError);
  });

  it('always contains the date and is the same for every day in it (property)', () => {
    const day = fc.integer({ min: 0, max: 3000 }).map((offset) => addDays('2020-01-01', offset));
    fc.assert(
      fc.property(fc.constantFrom<Period>('monthly', 'quarterly', 'yearly'), day, (period, date) => {
        const range = periodRange(period, date);
        expect(range.startDate <= date && date <= range.endDate).toBe(true);
        expect(periodRange(period, range.startDate)).toEqual(range);
        expect(periodRange(period, range.endDate)).toEqual(range);
        expect(periodRange(period, addDays(range.endDate, 1)).startDate).toBe(addDays(range.endDate, 1));
      }),
    );
  });
});
