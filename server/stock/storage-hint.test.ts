// The "sell now or store?" hint on synthetic market histories whose season, trend and length are known.
import { describe, expect, it } from 'vitest';
import { SAFE_GRAIN_MOISTURE } from '../../contract/stock';
import {
  type PriceDay,
  STORAGE_LOSS_SOURCE,
  seasonalPattern,
  storageHint,
  storageLoss,
} from './storage-hint';

const DAY_MS = 86_400_000;
const NOW = new Date('2026-11-27T10:00:00Z');

/** A daily history of `days` days ending today, each priced by `price` (of the day's UTC date). */
function history(days: number, price: (day: Date, age: number) => number | undefined): PriceDay[] {
  const today = Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate());
  return Array.from({ length: days }, (_, i) => {
    const age = days - 1 - i;
    const day = new Date(today - age * DAY_MS);
    const value = price(day, age);
    return value === undefined
      ? { timestamp: day.toISOString(), volume: 0 }
      : { timestamp: day.toISOString(), price: value, volume: 3 };
  });
}

/** A season peaking in `peakMonth` (1..12) with `amplitude` either side of 100: low six months later. */
const seasonal = (peakMonth: number, amplitude: number) => (day: Date) =>
  100 * (1 + amplitude * Math.cos((2 * Math.PI * (day.getUTCMonth() + 1 - peakMonth)) / 12));

const hint = (days: PriceDay[], moisture: number | null = 13) =>
  storageHint({ crop: 'maize', history: days, moisture, now: NOW });

describe('storageHint: the seasonal pattern', () => {
  it('finds the known peak and trough of two years of prices, and the rise between', () => {
    // Dear in March, cheap in September: 120 against 80, a 50 % rise.
    const result = hint(history(730, seasonal(3, 0.2)));
    expect(result).toMatchObject({ crop: 'maize', lowMonth: 9, highMonth: 3, risePercent: 50, years: 2 });
    expect(result?.source).toBe(STORAGE_LOSS_SOURCE);
  });

  it('finds the same season under a steady rise of prices (inflation taken out)', () => {
    const rising = seasonal(11, 0.1);
    // Prices doubling over the two years, on top of a season dear in November, cheap in May (110 / 90).
    const result = hint(history(730, (day, age) => rising(day) * 2 ** ((729 - age) / 730)));
    expect(result).toMatchObject({ lowMonth: 5, highMonth: 11, years: 2 });
    expect(result?.risePercent).toBeGreaterThanOrEqual(21);
    expect(result?.risePercent).toBeLessThanOrEqual(23);
  });

  it('does not read a steady trend as a season', () => {
    // Doubling over two years with no season at all: a ratio to each year's mean alone would show ~40 %.
    expect(hint(history(730, (_day, age) => 100 * 2 ** ((729 - age) / 730)))).toBeNull();
    // Halving, likewise.
    expect(hint(history(730, (_day, age) => 100 * 0.5 ** ((729 - age) / 730)))).toBeNull();
    const pattern = seasonalPattern(
      history(730, (_day, age) => 100 * 2 ** ((729 - age) / 730)),
      NOW,
    );
    for (const value of pattern?.index ?? []) {
      expect(value).toBeCloseTo(1, 2);
    }
  });

  it('says nothing on less than a year of months with prices', () => {
    expect(hint(history(300, seasonal(3, 0.3)))).toBeNull();
    // Two years of days, but the market's first trade was 10 months ago: earlier days have no price.
    expect(hint(history(730, (day, age) => (age < 310 ? seasonal(3, 0.3)(day) : undefined)))).toBeNull();
    expect(hint([])).toBeNull();
  });

  it('speaks from a complete year of months, one year counted', () => {
    // 13 months of days: the latest 12 complete months with prices make one year.
    const result = hint(history(400, seasonal(3, 0.3)));
    expect(result).toMatchObject({ lowMonth: 9, highMonth: 3, years: 1 });
  });

  it('says nothing when prices are flat or the swing is too small to store for', () => {
    expect(hint(history(730, () => 250))).toBeNull();
    // 102 against 98: a 4 % rise.
    expect(hint(history(730, seasonal(3, 0.02)))).toBeNull();
    // 103 against 97: 6 %, worth a word.
    expect(hint(history(730, seasonal(3, 0.03)))?.risePercent).toBe(6);
  });

  it('ignores days after now and days without a usable price', () => {
    const days = history(730, seasonal(3, 0.2));
    const future = { timestamp: new Date(NOW.getTime() + 40 * DAY_MS).toISOString(), price: 9999, volume: 1 };
    const broken = { timestamp: 'not a date', price: 1, volume: 1 };
    expect(hint([...days, future, broken, { timestamp: NOW.toISOString(), price: 0, volume: 0 }])).toEqual(
      hint(days),
    );
  });
});

describe('storageHint: the storage loss', () => {
  const days = history(730, seasonal(3, 0.2));

  it('a dry lot (sealed storage) loses little, and is dry enough', () => {
    const result = hint(days, 13);
    expect(result?.dryEnough).toBe(true);
    expect(result?.lossPercent).toEqual({ from: 0, to: 2 });
    expect(hint(days, SAFE_GRAIN_MOISTURE)?.dryEnough).toBe(true);
  });

  it('a lot at 16 % moisture loses more and is not dry enough', () => {
    const dry = hint(days, 13);
    const wet = hint(days, 16);
    expect(wet?.dryEnough).toBe(false);
    expect(wet?.lossPercent.from).toBeGreaterThan(dry?.lossPercent.from ?? 0);
    expect(wet?.lossPercent.to).toBeGreaterThan(dry?.lossPercent.to ?? 0);
    // September to March is six months: the 2.3 % shrink to 14 %, then up to 10.3 × 6/7 = 8.8 % in woven bags.
    expect(wet?.lossPercent).toEqual({ from: 2, to: 12 });
  });

  it('an unmeasured lot gets the whole range and no verdict on dryness', () => {
    const result = hint(days, null);
    expect(result?.dryEnough).toBeNull();
    expect(result?.lossPercent).toEqual({ from: 0, to: 9 });
  });

  it('grows with the months in store and with the moisture', () => {
    for (const moisture of [null, 12, 15, 18, 22]) {
      for (let months = 1; months < 11; months++) {
        const shorter = storageLoss(moisture, months);
        const longer = storageLoss(moisture, months + 1);
        expect(longer.to).toBeGreaterThanOrEqual(shorter.to);
        expect(shorter.from).toBeLessThanOrEqual(shorter.to);
      }
    }
    for (let moisture = 14; moisture < 30; moisture++) {
      expect(storageLoss(moisture + 1, 4).from).toBeGreaterThanOrEqual(storageLoss(moisture, 4).from);
    }
    // Drying 25 % grain to 14 % takes 11 / 86 = 12.8 % of its weight.
    expect(storageLoss(25, 4).from).toBe(12);
  });
});
