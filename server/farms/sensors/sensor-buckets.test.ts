import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../contract/constants';
import { MAX_POINTS_PER_TYPE } from '../../../contract/farm-data';
import { bucketSeconds } from './sensors.repo';

const span = (days: number) => [new Date(0), new Date(days * DAY_MS)] as const;
/** Buckets of the grid a window touches (alignment can add one at the edge). */
const points = (days: number) =>
  Math.ceil((days * 86_400) / bucketSeconds(...span(days), MAX_POINTS_PER_TYPE)) + 1;

describe('bucketSeconds', () => {
  it('picks the smallest chart-friendly bucket that keeps a series within its points', () => {
    expect(bucketSeconds(...span(30), MAX_POINTS_PER_TYPE)).toBe(10_800);
    expect(bucketSeconds(...span(365), MAX_POINTS_PER_TYPE)).toBe(172_800);
    expect(bucketSeconds(...span(7), MAX_POINTS_PER_TYPE)).toBe(3_600);
    expect(bucketSeconds(...span(1), MAX_POINTS_PER_TYPE)).toBe(600);
  });

  it('never goes past the budget, from an hour to ten years', () => {
    for (const days of [1 / 24, 1, 2, 7, 30, 31, 90, 365, 366, 3650]) {
      expect(points(days), `${days} days`).toBeLessThanOrEqual(MAX_POINTS_PER_TYPE);
    }
    // A year of hourly data: about 180 points a series instead of 8,760.
    expect(points(365)).toBeGreaterThan(150);
  });
});
