// Unit tests of the market maths primitives and of the daily price history.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToPrice,
  kgToTons,
  marketKey,
  median,
  mostTradedMarket,
  percentChange,
  priceHistory,
  type TradeFact,
} from './market-core';

function trade(key: string, priceCents: number, quantityKg: number, iso: string): TradeFact {
  return { marketKey: key, priceCents, quantityKg, at: new Date(iso) };
}

describe('marketKey', () => {
  it('trims, collapses inner whitespace and lower-cases', () => {
    expect(marketKey(' Maize ')).toBe('maize');
    expect(marketKey('Sweet \t  Potato')).toBe('sweet potato');
    expect(marketKey('Sweet\u00a0Potato')).toBe('sweet potato');
  });

  it('folds accented capitals and both Unicode forms of an accent into one market', () => {
    const keys = ['Maïs', 'MAÏS', 'mai\u0308s', 'MAI\u0308S', ' maïs'].map(marketKey);
    expect(new Set(keys)).toEqual(new Set(['maïs']));
  });

  it('keeps accents apart and folds sharp s like full case folding', () => {
    expect(marketKey('Mais')).not.toBe(marketKey('Maïs'));
    expect(marketKey('Straße')).toBe(marketKey('STRASSE'));
    expect(marketKey('GROẞE')).toBe(marketKey('große'));
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (name) => {
        const key = marketKey(name);
        expect(marketKey(key)).toBe(key);
      }),
    );
  });
});

describe('median', () => {
  it('is null for no numbers', () => {
    expect(median([])).toBeNull();
  });

  it('takes the middle of an odd count and the mean of the two middles of an even count', () => {
    expect(median([3000, 1000, 2000])).toBe(2000);
    expect(median([4000, 1000, 3000, 2000])).toBe(2500);
    expect(median([7])).toBe(7);
  });

  it('does not reorder its input', () => {
    const input = [3, 1, 2];
    median(input);
    expect(input).toEqual([3, 1, 2]);
  });
});

describe('percentChange', () => {
  it('computes rises and drops', () => {
    expect(percentChange(1000, 1100)).toBe(10);
    expect(percentChange(1000, 900)).toBe(-10);
    expect(percentChange(300, 337)).toBe(12.33);
    expect(percentChange(3, 2)).toBe(-33.33);
  });

  it('rounds half away from zero exactly', () => {
    // 1/800 = 0.125 %
    expect(percentChange(800, 801)).toBe(0.13);
    expect(percentChange(800, 799)).toBe(-0.13);
    // 0.00125 % rounds to zero, not to -0
    expect(Object.is(percentChange(80_000, 79_999), 0)).toBe(true);
  });

  it('is 0 without a base', () => {
    expect(percentChange(0, 500)).toBe(0);
    expect(Object.is(percentChange(1000, 1000), 0)).toBe(true);
  });
});

describe('units', () => {
  it('converts cents and kilograms to API units', () => {
    expect(centsToPrice(1234)).toBe(12.34);
    expect(centsToPrice(5)).toBe(0.05);
    expect(kgToTons(1250)).toBe(1.25);
    expect(kgToTons(1)).toBe(0.001);
  });
});

describe('priceHistory', () => {
  const trades = [
    trade('Maize', 1000, 2000, '2024-05-15T10:00:00Z'),
    trade('MAIZE', 1100, 500, '2024-05-15T16:00:00Z'),
    trade('beans', 5000, 9000, '2024-05-16T10:00:00Z'),
    trade(' maize', 1050, 1000, '2024-05-17T09:00:00Z'),
    trade('maize', 9900, 7000, '2024-05-18T13:00:00Z'),
  ];
  const now = new Date('2024-05-18T12:00:00Z');

  it('gives one point per UTC day with the market price at its end, none before the first trade', () => {
    // 15th: (10 × 2 + 11 × 0.5) / 2.5 t = 10.20; 17th: (25.5 + 10.5) / 3.5 t = 10.2857…; the 9900 trade is after now.
    expect(priceHistory(trades, 'Maize', { now, days: 5 })).toEqual([
      { timestamp: '2024-05-14T00:00:00.000Z', volume: 0 },
      { timestamp: '2024-05-15T00:00:00.000Z', price: 10.2, volume: 2.5 },
      { timestamp: '2024-05-16T00:00:00.000Z', price: 10.2, volume: 0 },
      { timestamp: '2024-05-17T00:00:00.000Z', price: 10.29, volume: 1 },
      { timestamp: '2024-05-18T00:00:00.000Z', price: 10.29, volume: 0 },
    ]);
  });

  it('prices the first day from the trades before the window too', () => {
    expect(priceHistory(trades, 'maize', { now, days: 3 })).toEqual([
      { timestamp: '2024-05-16T00:00:00.000Z', price: 10.2, volume: 0 },
      { timestamp: '2024-05-17T00:00:00.000Z', price: 10.29, volume: 1 },
      { timestamp: '2024-05-18T00:00:00.000Z', price: 10.29, volume: 0 },
    ]);
  });

  it('leaves out a small trade far from the market, as the summary does', () => {
    const later = new Date('2024-05-19T12:00:00Z');
    const beforeNow = trades.slice(0, 4);
    const points = priceHistory([...beforeNow, trade('maize', 1, 1000, '2024-05-19T10:00:00Z')], 'maize', {
      now: later,
      days: 1,
    });
    expect(points).toEqual([{ timestamp: '2024-05-19T00:00:00.000Z', price: 10.29, volume: 1 }]);
  });

  it('covers 60 days ending today by default', () => {
    const points = priceHistory(trades, 'beans', { now });
    expect(points).toHaveLength(60);
    expect(points[0]?.timestamp).toBe('2024-03-20T00:00:00.000Z');
    expect(points[59]).toEqual({ timestamp: '2024-05-18T00:00:00.000Z', price: 50, volume: 0 });
  });

  it('has no price for an unknown market and rejects a bad day count', () => {
    expect(priceHistory(trades, 'rice', { now, days: 2 })).toEqual([
      { timestamp: '2024-05-17T00:00:00.000Z', volume: 0 },
      { timestamp: '2024-05-18T00:00:00.000Z', volume: 0 },
    ]);
    expect(() => priceHistory(trades, 'maize', { now, days: 0 })).toThrow(RangeError);
    expect(() => priceHistory(trades, 'maize', { now, days: 1.5 })).toThrow(RangeError);
  });
});

describe('mostTradedMarket', () => {
  const now = new Date('2024-05-20T12:00:00Z');

  it('is null without trades', () => {
    expect(mostTradedMarket([], { now })).toBeNull();
  });

  it('picks the most tons over the last 30 days only', () => {
    const trades = [
      trade('Beans', 100, 50_000, '2024-04-20T12:00:00Z'), // exactly 30 days old: outside
      trade('beans', 100, 3000, '2024-05-01T00:00:00Z'),
      trade('Maize', 100, 2000, '2024-05-19T00:00:00Z'),
      trade('maize', 100, 2000, '2024-05-20T00:00:00Z'),
      trade('rice', 100, 99_000, '2024-05-21T00:00:00Z'), // after now
    ];
    expect(mostTradedMarket(trades, { now })).toBe('maize');
  });

  it('breaks ties by the most recent trade, including when nothing traded in 30 days', () => {
    const tie = [
      trade('beans', 1, 1000, '2024-05-02T00:00:00Z'),
      trade('maize', 1, 1000, '2024-05-01T00:00:00Z'),
    ];
    expect(mostTradedMarket(tie, { now })).toBe('beans');
    const old = [
      trade('beans', 1, 9000, '2024-01-01T00:00:00Z'),
      trade('maize', 1, 1, '2024-02-01T00:00:00Z'),
    ];
    expect(mostTradedMarket(old, { now })).toBe('maize');
  });
});
