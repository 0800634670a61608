// The crop screen's dates: seasons, the timeline's span and where days fall on it.
import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  offsetPercent,
  seasonChoices,
  seasonOf,
  seasonSpan,
  segment,
  timelineSpan,
} from './calendar';

describe('seasons', () => {
  it('names the half-year a day is in', () => {
    expect(seasonOf('2026-03-15')).toBe('2026-1');
    expect(seasonOf('2026-06-30')).toBe('2026-1');
    expect(seasonOf('2026-07-01')).toBe('2026-2');
    expect(seasonOf('2026-11-27T10:00:00Z')).toBe('2026-2');
  });

  it('offers last, this and next year, each as two halves and the whole year', () => {
    expect(seasonChoices('2026-11-27')).toEqual([
      '2025-1',
      '2025-2',
      '2025',
      '2026-1',
      '2026-2',
      '2026',
      '2027-1',
      '2027-2',
      '2027',
    ]);
  });

  it('spans a season from its first to its last day', () => {
    expect(seasonSpan('2026-1')).toEqual({ start: '2026-01-01', end: '2026-06-30' });
    expect(seasonSpan('2026-2')).toEqual({ start: '2026-07-01', end: '2026-12-31' });
    expect(seasonSpan('2026')).toEqual({ start: '2026-01-01', end: '2026-12-31' });
  });
});

describe('timeline', () => {
  const plan = (start: string, end: string, harvestTo: string) => ({
    stages: [
      { key: 'initial' as const, start, end: start },
      { key: 'late' as const, start: end, end },
    ],
    expectedHarvest: { to: harvestTo },
  });

  it('stretches the season to hold a plan planted in it and harvested after it', () => {
    expect(timelineSpan('2026-1', [plan('2026-05-01', '2026-08-20', '2026-09-05')])).toEqual({
      start: '2026-01-01',
      end: '2026-09-05',
    });
    expect(timelineSpan('2026-1', [])).toEqual(seasonSpan('2026-1'));
  });

  it('places days as percentages of the span, clamped to it', () => {
    const span = { start: '2026-01-01', end: '2026-01-10' };
    expect(offsetPercent('2026-01-01', span)).toBe(0);
    expect(offsetPercent('2026-01-06', span)).toBe(50);
    expect(offsetPercent('2025-12-01', span)).toBe(0);
    expect(offsetPercent('2026-02-01', span)).toBe(100);
    // A stage's last day is drawn to the end of that day.
    expect(segment('2026-01-01', '2026-01-05', span)).toEqual({ left: 0, width: 50 });
  });

  it('counts whole days between two dates', () => {
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2);
    expect(daysBetween('2026-03-01', '2026-02-27')).toBe(-2);
  });
});
