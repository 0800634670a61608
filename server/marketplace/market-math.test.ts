// Unit tests of the per-market summary: caller-independent base figures and the per-caller bids.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BidFact, ListingFact, TradeFact } from './market-core';
import { buildBidIndex, buildMarketBase, type MarketSummaryItem, personalise } from './market-math';

const now = new Date('2024-05-20T12:00:00Z');

function trade(key: string, priceCents: number, quantityKg: number, iso: string): TradeFact {
  return { marketKey: key, priceCents, quantityKg, at: new Date(iso) };
}

let nextListingId = 1;
function listing(name: string, priceCents: number, overrides: Partial<ListingFact> = {}): ListingFact {
  const id = nextListingId++;
  return {
    id,
    marketKey: name,
    name,
    priceCents,
    quantityKg: 1000,
    status: 'available',
    ownerId: 100,
    createdAt: new Date(Date.UTC(2024, 0, 1) + id * 1000),
    ...overrides,
  };
}

function bid(
  key: string,
  buyerId: number,
  priceCents: number,
  status: BidFact['status'] = 'pending',
): BidFact {
  return { marketKey: key, buyerId, priceCents, status };
}

function summary(
  input: { trades?: TradeFact[]; listings?: ListingFact[]; bids?: BidFact[]; callerId?: number | null } = {},
): MarketSummaryItem[] {
  const base = buildMarketBase({
    trades: input.trades ?? [],
    listings: input.listings ?? [listing('Maize', 1)],
    now,
  });
  return personalise(base, buildBidIndex(input.bids ?? []), input.callerId ?? null);
}

function only(items: MarketSummaryItem[]): MarketSummaryItem {
  expect(items).toHaveLength(1);
  return items[0] as MarketSummaryItem;
}

describe('current price and change against 24 h earlier', () => {
  it('averages the last 7 days of trades by volume and compares with the same rule 24 h earlier', () => {
    const item = only(
      summary({
        trades: [
          trade('maize', 900, 1000, '2024-05-19T08:00:00Z'),
          trade('maize', 1000, 1000, '2024-05-19T10:00:00Z'),
          trade('maize', 1200, 2000, '2024-05-19T20:00:00Z'),
          trade('maize', 1100, 4000, '2024-05-20T09:00:00Z'),
        ],
      }),
    );
    // (9 + 10 + 24 + 44) / 8 t = 10.875 a ton, then (900 + 1000) / 2 t = 9.50 24 h earlier.
    expect(item.currentPrice).toBe(10.88);
    expect(item.priceChange).toBe(14.53);
  });

  it('is negative for a drop, and a trade exactly 24 h old counts in the earlier price', () => {
    const item = only(
      summary({
        trades: [
          trade('maize', 800, 1000, '2024-05-19T12:00:00Z'),
          trade('maize', 600, 1000, '2024-05-20T10:00:00Z'),
        ],
      }),
    );
    expect(item.currentPrice).toBe(7);
    expect(item.priceChange).toBe(-12.5);
  });

  it('is 0 without a trade 24 h earlier', () => {
    const item = only(
      summary({
        trades: [
          trade('maize', 800, 1000, '2024-05-19T13:00:00Z'),
          trade('maize', 1600, 1000, '2024-05-20T10:00:00Z'),
        ],
      }),
    );
    expect(item.currentPrice).toBe(12);
    expect(item.priceChange).toBe(0);
  });

  it("is not moved by one small trade far from the market: the issue's 1 t at 0.01", () => {
    const trades = [
      trade('maize', 20_000, 10_000, '2024-05-18T10:00:00Z'),
      trade('maize', 20_000, 10_000, '2024-05-19T10:00:00Z'),
    ];
    const before = only(summary({ trades }));
    const after = only(summary({ trades: [...trades, trade('maize', 1, 1000, '2024-05-20T11:00:00Z')] }));
    expect(after.currentPrice).toBe(200);
    expect(after.priceChange).toBe(0);
    expect(after).toMatchObject({ currentPrice: before.currentPrice, trend: [200, 200, 200] });
    expect(after.volume).toBe(1);
  });

  it('ignores trades after now', () => {
    const item = only(summary({ trades: [trade('maize', 800, 1, '2024-05-20T12:00:01Z')] }));
    expect(item.currentPrice).toBe(0.01);
    expect(item.volume).toBe(0);
  });
});

describe('median of available listings when there is no trade', () => {
  it('takes the middle price of an odd count, ignoring listings that are not available', () => {
    const listings = [
      listing('Maize', 1000),
      listing('Maize', 3000),
      listing('Maize', 2000),
      listing('Maize', 99_999, { status: 'sold' }),
    ];
    expect(only(summary({ listings })).currentPrice).toBe(20);
  });

  it('takes the mean of the two middle prices of an even count, rounded to the cent', () => {
    const four = [1000, 2000, 3000, 4001].map((cents) => listing('Maize', cents));
    expect(only(summary({ listings: four })).currentPrice).toBe(25);
    const two = [1000, 2001].map((cents) => listing('Maize', cents));
    expect(only(summary({ listings: two })).currentPrice).toBe(15.01);
  });

  it('is null with neither trade nor available listing', () => {
    const item = only(summary({ listings: [listing('Maize', 1000, { status: 'withdrawn' })] }));
    expect(item.currentPrice).toBeNull();
    expect(item.priceChange).toBe(0);
    expect(item.trend).toEqual([]);
  });
});

describe('volumes', () => {
  it('counts only the tons traded in the last 24 h', () => {
    const trades = [
      trade('maize', 100, 3000, '2024-05-19T11:00:00Z'),
      trade('maize', 100, 4000, '2024-05-19T12:00:00Z'),
      trade('maize', 100, 1500, '2024-05-19T13:00:00Z'),
      trade('maize', 100, 250, '2024-05-20T12:00:00Z'),
    ];
    expect(only(summary({ trades })).volume).toBe(1.75);
  });

  it('averages the tons of the last 30 days over 30 days', () => {
    const trades = [
      trade('maize', 100, 100_000, '2024-04-01T00:00:00Z'),
      trade('maize', 100, 50_000, '2024-04-20T12:00:00Z'), // exactly 30 days old: outside
      trade('maize', 100, 1000, '2024-04-20T13:00:00Z'),
      trade('maize', 100, 6000, '2024-04-25T00:00:00Z'),
      trade('maize', 100, 38_000, '2024-05-20T10:00:00Z'),
    ];
    // 45 000 kg / 30 days = 1.5 t a day
    expect(only(summary({ trades })).averageVolume).toBe(1.5);
    // 10 000 kg / 30 = 333.33 kg: 0.333 t
    expect(
      only(summary({ trades: trades.slice(0, 4).concat(trade('maize', 1, 3000, '2024-05-01T00:00:00Z')) })),
    ).toMatchObject({ averageVolume: 0.333 });
  });

  it('counts only available listings in the available quantity', () => {
    const listings = [
      listing('Maize', 100, { quantityKg: 2500 }),
      listing('Maize', 100, { quantityKg: 1250 }),
      listing('Maize', 100, { quantityKg: 1000, status: 'reserved' }),
      listing('Maize', 100, { quantityKg: 4000, status: 'sold' }),
      listing('Maize', 100, { quantityKg: 500, status: 'withdrawn' }),
    ];
    expect(only(summary({ listings })).availableQuantity).toBe(3.75);
  });
});

describe('trend', () => {
  it('keeps the market price at the end of the last 20 days with trades, oldest first, whatever the input order', () => {
    const trades: TradeFact[] = [];
    for (let day = 22; day >= 1; day--) {
      const date = `2024-04-${String(day).padStart(2, '0')}`;
      trades.push(trade('maize', day * 100 + 1, 1, `${date}T08:00:00Z`));
      trades.push(trade('maize', day * 100, 1, `${date}T23:59:59Z`));
    }
    const trend = only(summary({ trades })).trend;
    // Day d: the mean of days max(1, d − 6)..d, each (100d + 0.5) cents, rounded half up to the cent.
    expect(trend).toEqual([
      2.01, 2.51, 3.01, 3.51, 4.01, 5.01, 6.01, 7.01, 8.01, 9.01, 10.01, 11.01, 12.01, 13.01, 14.01, 15.01,
      16.01, 17.01, 18.01, 19.01,
    ]);
  });

  it('has one point per UTC day that had trades and skips days without', () => {
    const trades = [
      trade('maize', 1000, 1, '2024-05-10T23:59:00Z'),
      trade('maize', 1100, 1, '2024-05-11T00:01:00Z'),
      trade('maize', 1200, 1, '2024-05-11T18:00:00Z'),
      trade('maize', 1300, 1, '2024-05-14T09:00:00Z'),
    ];
    expect(only(summary({ trades })).trend).toEqual([10, 11, 11.5]);
  });
});

describe('bids', () => {
  const bids = [
    bid('maize', 1, 1500),
    bid('maize', 1, 1400),
    bid('Maize', 2, 1200),
    bid('maize', 2, 1250),
    bid('maize', 3, 1300, 'withdrawn'),
    bid('maize', 4, 1450, 'rejected'),
    bid('maize', 5, 9000, 'accepted'),
    bid('beans', 6, 9900),
  ];

  it('shows the best bid of others and the caller’s own highest bid', () => {
    expect(only(summary({ bids, callerId: 1 }))).toMatchObject({ bestBid: 12.5, yourBid: 15 });
    expect(only(summary({ bids, callerId: 2 }))).toMatchObject({ bestBid: 15, yourBid: 12.5 });
  });

  it('shows the overall best bid to a caller without bids or signed out', () => {
    expect(only(summary({ bids, callerId: 9 }))).toMatchObject({ bestBid: 15, yourBid: null });
    expect(only(summary({ bids, callerId: null }))).toMatchObject({ bestBid: 15, yourBid: null });
  });

  it('has no best bid when only the caller bids', () => {
    expect(only(summary({ bids: [bid('maize', 1, 700)], callerId: 1 }))).toMatchObject({
      bestBid: null,
      yourBid: 7,
    });
  });

  it('does not create markets from bids alone', () => {
    expect(summary({ bids }).map((item) => item.name)).toEqual(['Maize']);
  });

  it('gives personalise the same best bid as a brute-force scan', () => {
    const statuses: BidFact['status'][] = ['pending', 'accepted', 'rejected', 'withdrawn', 'expired'];
    const arbitraryBid = fc.record({
      marketKey: fc.constantFrom('maize', 'Beans', 'MAIZE'),
      buyerId: fc.integer({ min: 1, max: 5 }),
      priceCents: fc.integer({ min: 1, max: 500 }),
      status: fc.constantFrom(...statuses),
    });
    const base = buildMarketBase({ trades: [], listings: [listing('maize', 1), listing('beans', 1)], now });
    fc.assert(
      fc.property(
        fc.array(arbitraryBid, { maxLength: 30 }),
        fc.option(fc.integer({ min: 1, max: 6 })),
        (all, caller) => {
          const items = personalise(base, buildBidIndex(all), caller);
          for (const item of items) {
            const pending = all.filter(
              (b) => b.status === 'pending' && b.marketKey.toLowerCase() === item.name,
            );
            const others = pending.filter((b) => b.buyerId !== caller).map((b) => b.priceCents);
            const own = pending.filter((b) => b.buyerId === caller).map((b) => b.priceCents);
            expect(item.bestBid).toBe(others.length === 0 ? null : Math.max(...others) / 100);
            expect(item.yourBid).toBe(own.length === 0 ? null : Math.max(...own) / 100);
          }
        },
      ),
    );
  });
});

describe('markets', () => {
  it('merges case-folded names, named by the most common spelling, with the oldest listing’s id', () => {
    const oldest = listing(' MAIZE', 100, { createdAt: new Date('2023-06-01T00:00:00Z') });
    const listings = [listing('Maize', 100), listing('maize ', 100), oldest, listing('Maize  ', 100)];
    const trades = [trade('MAIZE', 100, 1, '2024-05-20T00:00:00Z')];
    const item = only(summary({ listings, trades }));
    expect(item).toMatchObject({ id: oldest.id, name: 'Maize', volume: 0.001, availableQuantity: 4 });
  });

  it('breaks a spelling tie with the most recent listing', () => {
    const listings = [listing('Maize', 100), listing('MAIZE', 100), listing('maize', 100)];
    expect(only(summary({ listings })).name).toBe('maize');
  });

  it('orders by tons traded in 30 days, then name, and lists trade-only and unavailable markets', () => {
    const listings = [
      listing('Beans', 100),
      listing('Apples', 100, { status: 'sold' }),
      listing('Maize', 100),
      listing('Rice', 100),
    ];
    const trades = [
      trade('maize', 100, 5000, '2024-05-01T00:00:00Z'),
      trade('rice', 100, 10_000, '2024-05-02T00:00:00Z'),
      trade('beans', 100, 99_000, '2024-04-01T00:00:00Z'),
      trade('millet', 100, 1000, '2024-05-03T00:00:00Z'),
    ];
    const items = summary({ listings, trades });
    expect(items.map((item) => item.name)).toEqual(['Rice', 'Maize', 'millet', 'Apples', 'Beans']);
    const millet = items[2] as MarketSummaryItem;
    expect(millet.id).toBeLessThan(0);
    expect(millet).toMatchObject({ currentPrice: 1, availableQuantity: 0, trend: [1] });
  });

  it('splits into a cached base and a personal step without leaking the key or sharing arrays', () => {
    const listings = [listing('Maize', 100)];
    const trades = [trade('maize', 250, 1, '2024-05-20T00:00:00Z')];
    const base = buildMarketBase({ trades, listings, now });
    const items = personalise(base, buildBidIndex([bid('maize', 2, 300)]), 1);
    expect(items).toEqual([
      {
        id: listings[0]?.id,
        name: 'Maize',
        volume: 0.001,
        averageVolume: 0,
        currentPrice: 2.5,
        priceChange: 0,
        trend: [2.5],
        bestBid: 3,
        yourBid: null,
        availableQuantity: 1,
      },
    ]);
    items[0]?.trend.push(99);
    expect(base[0]?.trend).toEqual([2.5]);
  });
});
