// Tests for grouping a driver's fees by week (from Monday, UTC) and by month.
import { describe, expect, it } from 'vitest';
import { earningsByPeriod, earningsSince, monthStart, weekStart } from './earnings-periods';

const at = (iso: string) => new Date(iso);

describe('earnings periods', () => {
  it('starts a week on Monday at midnight UTC, whatever the day and hour', () => {
    expect(weekStart(at('2026-11-26T21:30:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(weekStart(at('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    // A Sunday belongs to the week that began six days before.
    expect(weekStart(at('2026-11-29T23:59:59Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(monthStart(at('2026-01-15T10:00:00Z'), 2).toISOString()).toBe('2025-11-01T00:00:00.000Z');
  });

  it('sums fees and counts jobs per week and per month, newest first, quiet periods at zero', () => {
    const now = at('2026-11-26T12:00:00Z');
    const fees = [
      { deliveredAt: at('2026-11-24T08:00:00Z'), feeCents: 3550 },
      { deliveredAt: at('2026-11-23T00:00:00Z'), feeCents: 1000 },
      { deliveredAt: at('2026-11-22T23:59:00Z'), feeCents: 2000 },
      { deliveredAt: at('2026-10-31T10:00:00Z'), feeCents: 500 },
      // Older than the periods shown: counted nowhere here.
      { deliveredAt: at('2025-01-01T10:00:00Z'), feeCents: 9999 },
    ];
    const { weeks, months } = earningsByPeriod(fees, now, { weeks: 3, months: 2 });
    expect(weeks).toEqual([
      { period: '2026-11-23', cents: 4550, jobs: 2 },
      { period: '2026-11-16', cents: 2000, jobs: 1 },
      { period: '2026-11-09', cents: 0, jobs: 0 },
    ]);
    expect(months).toEqual([
      { period: '2026-11', cents: 6550, jobs: 3 },
      { period: '2026-10', cents: 500, jobs: 1 },
    ]);
  });

  it('loads from the earlier of the first week and the first month shown', () => {
    const now = at('2026-11-26T12:00:00Z');
    expect(earningsSince(now, 12, 12).toISOString()).toBe('2025-12-01T00:00:00.000Z');
    expect(earningsSince(now, 12, 1).toISOString()).toBe('2026-09-07T00:00:00.000Z');
  });
});
