import { describe, expect, it } from 'vitest';
import type { TMarketSummaryItem } from '../../../contract/marketplace';
import { marketsWithCards, priceBasis } from './market-cards';

const market = (id: number, currentPrice: number | null, availableQuantity: number): TMarketSummaryItem => ({
  id,
  name: `m${id}`,
  volume: 0,
  averageVolume: 0,
  currentPrice,
  priceChange: 0,
  trend: [],
  bestBid: null,
  yourBid: null,
  availableQuantity,
});

describe('marketsWithCards', () => {
  it('keeps markets with a price or goods available, in order, and drops those with neither', () => {
    const items = [
      market(1, null, 0),
      market(2, 210, 0),
      market(3, null, 0.5),
      market(4, 99.5, 3),
      market(5, null, 0),
    ];
    expect(marketsWithCards(items).map((m) => m.id)).toEqual([2, 3, 4]);
  });

  it('keeps a sold-out market that has a price (its last trade)', () => {
    expect(marketsWithCards([market(1, 0, 0)]).map((m) => m.id)).toEqual([1]);
  });

  it('is empty when no market has anything to show', () => {
    expect(marketsWithCards([market(1, null, 0)])).toEqual([]);
  });
});

describe('priceBasis', () => {
  it('names the trades rule for a traded market, the listings for one never traded, nothing without a price', () => {
    expect(priceBasis({ ...market(1, 210, 0), trend: [200, 210] })).toBe('trades');
    expect(priceBasis(market(2, 99.5, 3))).toBe('listings');
    expect(priceBasis(market(3, null, 3))).toBeNull();
  });
});
