import { describe, expect, it } from 'vitest';
import {
  bandCentres,
  keyedIndex,
  labelStride,
  linearScale,
  linePath,
  nearestIndex,
  niceTicks,
  tickStep,
  timeTicks,
} from './scale';

describe('linearScale', () => {
  it('maps the domain onto the range, inverted for a y axis', () => {
    const y = linearScale([0, 100], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(25)).toBe(150);
    expect(y(100)).toBe(0);
  });

  it('puts every value of a flat domain in the middle', () => {
    expect(linearScale([5, 5], [0, 10])(5)).toBe(5);
  });
});

describe('tickStep', () => {
  it('picks 1, 2 or 5 times a power of ten', () => {
    expect(tickStep(10, 5)).toBe(2);
    expect(tickStep(100, 5)).toBe(20);
    expect(tickStep(1, 5)).toBe(0.2);
    expect(tickStep(4_000_000, 5)).toBe(1_000_000);
    expect(tickStep(27, 5)).toBe(5);
  });
});

describe('niceTicks', () => {
  it('widens the domain to round ticks', () => {
    expect(niceTicks(21.3, 27.8, 5)).toEqual({ min: 21, max: 28, ticks: [21, 22, 23, 24, 25, 26, 27, 28] });
    expect(niceTicks(13.2, 31.9, 5)).toEqual({ min: 10, max: 35, ticks: [10, 15, 20, 25, 30, 35] });
  });

  it('starts money at zero when asked for it', () => {
    expect(niceTicks(0, 1250.5, 5)).toEqual({
      min: 0,
      max: 1400,
      ticks: [0, 200, 400, 600, 800, 1000, 1200, 1400],
    });
  });

  it('keeps decimal ticks exact', () => {
    expect(niceTicks(0.1, 0.7, 5).ticks).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]);
  });

  it('covers negative values', () => {
    expect(niceTicks(-300, 900, 4).ticks).toEqual([-400, -200, 0, 200, 400, 600, 800, 1000]);
  });

  it('draws a band around a flat series, and 0..1 for nothing', () => {
    expect(niceTicks(21, 21, 5)).toEqual({ min: 18, max: 24, ticks: [18, 19, 20, 21, 22, 23, 24] });
    expect(niceTicks(0, 0, 5).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 5).ticks).toEqual([
      0, 0.2, 0.4, 0.6, 0.8, 1,
    ]);
  });
});

describe('timeTicks', () => {
  const at = (day: number, hour = 0) => new Date(2026, 10, day, hour).getTime();

  it('ticks local midnights, every few days over a month', () => {
    const { ticks, unit } = timeTicks(at(1, 9), at(30, 18), 5);
    expect(unit).toBe('day');
    expect(ticks.length).toBeLessThanOrEqual(5);
    expect(ticks[0]).toBe(at(2));
    expect(ticks[1]).toBe(at(9));
    for (const tick of ticks) {
      expect(new Date(tick).getHours()).toBe(0);
    }
  });

  it('ticks every day when there is room', () => {
    expect(timeTicks(at(1), at(4), 10).ticks).toEqual([at(1), at(2), at(3), at(4)]);
  });

  it('ticks whole hours within a day', () => {
    const { ticks, unit } = timeTicks(at(3, 1) + 60_000, at(3, 23), 4);
    expect(unit).toBe('hour');
    expect(ticks).toEqual([at(3, 6), at(3, 12), at(3, 18)]);
  });

  it('has one tick for a single time', () => {
    expect(timeTicks(at(3), at(3), 5).ticks).toEqual([at(3)]);
  });
});

describe('labelStride', () => {
  it('skips labels that would overlap', () => {
    expect(labelStride(12, 300, 56)).toBe(3);
    expect(labelStride(12, 800, 56)).toBe(1);
    expect(labelStride(1, 10, 56)).toBe(1);
  });
});

describe('bandCentres', () => {
  it('puts each value in the middle of its band', () => {
    expect(bandCentres(4, 0, 100)).toEqual([12.5, 37.5, 62.5, 87.5]);
  });
});

describe('linePath', () => {
  it('draws through the points, rounded to a tenth', () => {
    expect(linePath([0, 10.04, 20], [5, 6.66, 7])).toBe('M0 5L10 6.7L20 7');
  });

  it('breaks at a missing value, or joins across it when asked', () => {
    expect(linePath([0, 1, 2, 3], [1, null, 3, 4])).toBe('M0 1M2 3L3 4');
    expect(linePath([0, 1, 2, 3], [1, null, 3, 4], true)).toBe('M0 1L2 3L3 4');
    expect(linePath([0, 1], [null, 2], true)).toBe('M1 2');
  });
});

describe('nearestIndex', () => {
  it('finds the nearest x', () => {
    const xs = [0, 10, 20, 30];
    expect(nearestIndex(xs, -5)).toBe(0);
    expect(nearestIndex(xs, 14)).toBe(1);
    expect(nearestIndex(xs, 16)).toBe(2);
    expect(nearestIndex(xs, 99)).toBe(3);
    expect(nearestIndex([7], 0)).toBe(0);
    expect(nearestIndex([], 0)).toBe(-1);
  });
});

describe('keyedIndex', () => {
  it('steps with the arrows, stopping at either end, and starts from the end the arrow points away from', () => {
    expect(keyedIndex('ArrowRight', null, 4)).toBe(0);
    expect(keyedIndex('ArrowLeft', null, 4)).toBe(3);
    expect(keyedIndex('ArrowRight', 1, 4)).toBe(2);
    expect(keyedIndex('ArrowRight', 3, 4)).toBe(3);
    expect(keyedIndex('ArrowLeft', 2, 4)).toBe(1);
    expect(keyedIndex('ArrowLeft', 0, 4)).toBe(0);
  });

  it('jumps with Home and End, hides with Escape, and leaves other keys alone', () => {
    expect(keyedIndex('Home', 2, 4)).toBe(0);
    expect(keyedIndex('End', null, 4)).toBe(3);
    expect(keyedIndex('Escape', 2, 4)).toBeNull();
    expect(keyedIndex('Tab', 2, 4)).toBeUndefined();
    expect(keyedIndex('ArrowRight', null, 0)).toBeUndefined();
  });
});
