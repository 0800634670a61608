// Tests of the UTC calendar helpers, including the day-of-year examples of FAO-56 Table 2.5.
import { describe, expect, it } from 'vitest';
import { dayNumberOfIso, dayNumberOfTime, dayOfYear, isoOfDayNumber } from './dates';

describe('dates', () => {
  it('FAO-56 Table 2.5, p.217–218: day of the year (exact)', () => {
    const cases: [string, number][] = [
      ['2023-09-03', 246],
      ['2023-04-15', 105],
      ['2023-05-15', 135],
      ['2023-07-06', 187],
      ['2023-07-15', 196],
      ['2023-10-01', 274],
    ];
    for (const [iso, j] of cases) {
      const day = dayNumberOfIso(iso);
      expect(day).not.toBeNull();
      expect(dayOfYear(day ?? 0)).toBe(j);
    }
    // Leap years shift days after February by one (Table 2.5 note).
    expect(dayOfYear(dayNumberOfIso('2024-03-01') ?? 0)).toBe(61);
  });

  it('round-trips ISO dates and rejects impossible ones', () => {
    expect(isoOfDayNumber(dayNumberOfIso('2024-02-29') ?? 0)).toBe('2024-02-29');
    expect(dayNumberOfIso('2023-02-29')).toBeNull();
    expect(dayNumberOfIso('2024-13-01')).toBeNull();
    expect(dayNumberOfIso('15/04/2024')).toBeNull();
    expect(dayNumberOfIso('')).toBeNull();
  });

  it('assigns instants to their UTC day', () => {
    const day = dayNumberOfIso('2024-06-01') ?? 0;
    expect(dayNumberOfTime(Date.parse('2024-06-01T00:00:00Z'))).toBe(day);
    expect(dayNumberOfTime(Date.parse('2024-06-01T23:59:59.999Z'))).toBe(day);
    expect(dayNumberOfTime(Date.parse('2024-06-01T23:30:00-02:00'))).toBe(day + 1);
  });
});
