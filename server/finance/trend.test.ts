// Tests of the overview's monthly trend: every month present, quiet months zero, exact sums, months outside left out.
import { describe, expect, it } from 'vitest';
import { trendMonths, trendStart } from './trend';

const row = (month: string, incomeCents: number, expenseCents: number) => ({
  month,
  incomeCents,
  expenseCents,
});

describe('trendMonths', () => {
  it('gives every month ending with the last, oldest first, zeros where nothing was booked', () => {
    expect(trendMonths([row('2026-02', 125_050, 0)], '2026-03', 3)).toEqual([
      row('2026-01', 0, 0),
      row('2026-02', 125_050, 0),
      row('2026-03', 0, 0),
    ]);
  });

  it('sums rows of one month exactly, across the year end, and leaves other months out', () => {
    const totals = [
      row('2025-12', 10, 20),
      row('2026-01', 1, 2),
      row('2025-12', 5, -20),
      row('2025-10', 999, 999),
      row('2026-02', 999, 999),
    ];
    expect(trendMonths(totals, '2026-01', 2)).toEqual([row('2025-12', 15, 0), row('2026-01', 1, 2)]);
  });

  it('covers a year by default and starts where trendStart says', () => {
    const months = trendMonths([], '2026-03').map((m) => m.month);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe(trendStart('2026-03'));
    expect(months[0]).toBe('2025-04');
    expect(months[11]).toBe('2026-03');
  });

  it('refuses a month that is not YYYY-MM and a count below one', () => {
    expect(() => trendMonths([], '2026-13')).toThrow(RangeError);
    expect(() => trendMonths([], '2026-03', 0)).toThrow(RangeError);
  });
});
