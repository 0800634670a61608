// The worker's pure planning: how far back a cell's history must go, what one refresh asks of the forecast and the
// archive, and how long a failing cell waits.
import { describe, expect, it } from 'vitest';
import { fetchPlan, historyNeededFrom, retryDelaySeconds } from './weather-worker';

const TODAY = '2026-11-27';
const NOW = new Date('2026-11-27T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);
const empty = { fetchedAt: null, historyFrom: null, source: 'open-meteo' as const };

describe('historyNeededFrom', () => {
  it('goes back a month without plans or with a recent planting', () => {
    expect(historyNeededFrom(null, TODAY)).toBe('2026-10-27');
    expect(historyNeededFrom('2026-11-20', TODAY)).toBe('2026-10-27');
    expect(historyNeededFrom('2027-01-10', TODAY)).toBe('2026-10-27');
  });

  it('goes back to the earliest open plan, a year at most', () => {
    expect(historyNeededFrom('2026-03-15', TODAY)).toBe('2026-03-15');
    expect(historyNeededFrom('2025-06-01', TODAY)).toBe('2025-11-27');
  });
});

describe('fetchPlan', () => {
  it('asks the forecast alone on a first fetch within its 92 past days', () => {
    expect(fetchPlan(empty, '2026-10-01', TODAY, NOW)).toEqual({
      pastDays: 57,
      archive: null,
      historyFrom: '2026-10-01',
    });
    // A month at least: the 30-day rain and the analyses' windows.
    expect(fetchPlan(empty, historyNeededFrom(null, TODAY), TODAY, NOW).pastDays).toBe(31);
  });

  it('asks the archive for what is older than the forecast reaches on a first fetch', () => {
    expect(fetchPlan(empty, '2026-03-15', TODAY, NOW)).toEqual({
      pastDays: 92,
      archive: { start: '2026-03-15', end: '2026-08-26' },
      historyFrom: '2026-03-15',
    });
  });

  it('refreshes the last days and the forecast once the history is held', () => {
    const held = { fetchedAt: hoursAgo(3), historyFrom: '2026-03-15', source: 'open-meteo' as const };
    expect(fetchPlan(held, '2026-03-15', TODAY, NOW)).toEqual({
      pastDays: 2,
      archive: null,
      historyFrom: '2026-03-15',
    });
    // A cell left three days catches up on them.
    expect(fetchPlan({ ...held, fetchedAt: hoursAgo(72) }, '2026-03-15', TODAY, NOW).pastDays).toBe(4);
    // A plan ending leaves the history held: nothing is fetched again, nothing dropped.
    expect(fetchPlan(held, '2026-10-27', TODAY, NOW).historyFrom).toBe('2026-03-15');
  });

  it('asks the archive again for a new plan older than the history held', () => {
    const held = { fetchedAt: hoursAgo(3), historyFrom: '2026-06-01', source: 'open-meteo' as const };
    expect(fetchPlan(held, '2026-03-15', TODAY, NOW)).toEqual({
      pastDays: 2,
      archive: { start: '2026-03-15', end: '2026-05-31' },
      historyFrom: '2026-03-15',
    });
  });

  it('fills the gap of a cell not fetched for longer than the forecast reaches back', () => {
    const held = { fetchedAt: hoursAgo(24 * 120), historyFrom: '2026-03-15', source: 'open-meteo' as const };
    const plan = fetchPlan(held, '2026-03-15', TODAY, NOW);
    expect(plan.pastDays).toBe(92);
    // The days between the last fetch (July 30) and the forecast's first (August 27) come from the archive.
    expect((plan.archive?.start ?? '') <= '2026-07-30').toBe(true);
    expect(plan.archive?.end).toBe('2026-08-26');
    expect(plan.historyFrom).toBe('2026-03-15');
  });

  it('treats a demo cell as empty: the provider replaces its generated weather', () => {
    const demo = { fetchedAt: hoursAgo(1), historyFrom: '2026-01-01', source: 'demo' as const };
    expect(fetchPlan(demo, '2026-03-15', TODAY, NOW)).toEqual(fetchPlan(empty, '2026-03-15', TODAY, NOW));
    expect(fetchPlan(demo, '2026-10-01', TODAY, NOW)).toEqual({
      pastDays: 57,
      archive: null,
      historyFrom: '2026-10-01',
    });
  });
});

describe('retryDelaySeconds', () => {
  it('doubles from a minute with each failure in a row', () => {
    expect([1, 2, 3, 4].map((n) => retryDelaySeconds(n, 60, null))).toEqual([60, 120, 240, 480]);
  });

  it('never waits longer than the refresh period of its own accord', () => {
    expect(retryDelaySeconds(7, 60, null)).toBe(3600);
    expect(retryDelaySeconds(40, 60, null)).toBe(3600);
    expect(retryDelaySeconds(3, 2, null)).toBe(120);
  });

  it("waits at least as long as the provider's Retry-After", () => {
    expect(retryDelaySeconds(1, 60, 300)).toBe(300);
    expect(retryDelaySeconds(3, 60, 60)).toBe(240);
    expect(retryDelaySeconds(1, 60, 7200)).toBe(7200);
  });
});
