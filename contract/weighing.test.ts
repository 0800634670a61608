// The bill-follows-the-scale arithmetic: the tolerance bounds, the deviation and the weighed total, exact.
import { afterEach, describe, expect, it } from 'vitest';
import { setDeploymentCurrency } from './money';
import {
  DEFAULT_WEIGHT_TOLERANCE_PERCENT,
  weighedTotalCents,
  weightDeviationPercent,
  withinTolerance,
} from './weighing';

afterEach(() => {
  setDeploymentCurrency('USD', 2);
});

describe('withinTolerance', () => {
  it('includes the bound on both sides and excludes a kilogram past it', () => {
    expect(withinTolerance(2000, 1960, DEFAULT_WEIGHT_TOLERANCE_PERCENT)).toBe(true);
    expect(withinTolerance(2000, 2040, DEFAULT_WEIGHT_TOLERANCE_PERCENT)).toBe(true);
    expect(withinTolerance(2000, 1959, DEFAULT_WEIGHT_TOLERANCE_PERCENT)).toBe(false);
    expect(withinTolerance(2000, 2041, DEFAULT_WEIGHT_TOLERANCE_PERCENT)).toBe(false);
    expect(withinTolerance(2000, 2000, 0)).toBe(true);
    expect(withinTolerance(2000, 2001, 0)).toBe(false);
  });

  it('takes a fractional tolerance exactly (2.5 % of 1 t is 25 kg)', () => {
    expect(withinTolerance(1000, 975, 2.5)).toBe(true);
    expect(withinTolerance(1000, 974, 2.5)).toBe(false);
  });
});

describe('weightDeviationPercent', () => {
  it('is signed, to one decimal', () => {
    expect(weightDeviationPercent(2000, 1900)).toBe(-5);
    expect(weightDeviationPercent(2000, 1990)).toBe(-0.5);
    expect(weightDeviationPercent(3000, 3100)).toBe(3.3);
    expect(weightDeviationPercent(2000, 2000)).toBe(0);
  });
});

describe('weighedTotalCents', () => {
  it('is price per ton × weighed tons in minor units, rounded once half up', () => {
    expect(weighedTotalCents(25_000, 1990)).toBe(49_750);
    expect(weighedTotalCents(33_333, 1001)).toBe(33_366);
    expect(weighedTotalCents(1, 500)).toBe(1);
  });

  it('rounds to the whole franc on a currency without decimals', () => {
    setDeploymentCurrency('XAF', 0);
    expect(weighedTotalCents(15_000_000, 1_999)).toBe(29_985_000);
    expect(weighedTotalCents(100_100, 995)).toBe(99_600);
  });
});
