// Seasons of a year and the status a plan shows.
import { describe, expect, it } from 'vitest';
import { derivedStatus, seasonBounds, seasonOf } from './season';

describe('seasons', () => {
  it('names the half-year of a planting date', () => {
    expect(seasonOf('2026-01-01')).toBe('2026-1');
    expect(seasonOf('2026-06-30')).toBe('2026-1');
    expect(seasonOf('2026-07-01')).toBe('2026-2');
    expect(seasonOf('2026-12-31')).toBe('2026-2');
  });

  it('bounds a year or one of its halves, both ends included', () => {
    expect(seasonBounds('2026')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(seasonBounds('2026-1')).toEqual({ from: '2026-01-01', to: '2026-06-30' });
    expect(seasonBounds('2026-2')).toEqual({ from: '2026-07-01', to: '2026-12-31' });
  });

  it('refuses what is not a season or a date', () => {
    expect(() => seasonBounds('2026-3')).toThrow(RangeError);
    expect(() => seasonOf('2026-13-01')).toThrow(RangeError);
  });
});

describe('derived status', () => {
  const planned = { stored: 'planned' as const, plantingDate: '2026-03-15', anyTaskDone: false };

  it('stays planned before the planting date with no task done', () => {
    expect(derivedStatus({ ...planned, today: '2026-03-14' })).toBe('planned');
  });

  it('is active from the planting date on, or once a task is done', () => {
    expect(derivedStatus({ ...planned, today: '2026-03-15' })).toBe('active');
    expect(derivedStatus({ ...planned, today: '2026-05-01' })).toBe('active');
    expect(derivedStatus({ ...planned, today: '2026-03-01', anyTaskDone: true })).toBe('active');
  });

  it('keeps harvested, abandoned and active as stored', () => {
    expect(derivedStatus({ ...planned, stored: 'harvested', today: '2026-01-01' })).toBe('harvested');
    expect(derivedStatus({ ...planned, stored: 'abandoned', today: '2027-01-01' })).toBe('abandoned');
    expect(derivedStatus({ ...planned, stored: 'active', today: '2026-01-01' })).toBe('active');
  });
});
