// Unit and property tests of the market price rule: volume-weighted, and one small far-off trade never moves it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../contract/constants';
import { PRICE_FAR_MIN_KG, PRICE_MIN_RECENT_TRADES, PRICE_WINDOW_DAYS } from '../../contract/marketplace';
import type { TradeFact } from './market-core';
import { marketPrices } from './market-price';

const start = Date.UTC(2024, 4, 1);
const HOUR_MS = 3_600_000;

function trade(priceCents: number, quantityKg: number, hoursIn: number): TradeFact {
  return { marketKey: 'maize', priceCents, quantityKg, at: new Date(start + hoursIn * HOUR_MS) };
}

function priceAfter(trades: readonly TradeFact[]): number | null {
  const last = trades.at(-1);
  return last === undefined ? null : marketPrices(trades).at(last.at.getTime());
}

/** A market's history: trades an hour apart, priced within ×1.2 of a base, of 0.1 to 20 t. */
const history = fc
  .record({
    base: fc.integer({ min: 100, max: 1_000_000 }),
    trades: fc.array(
      fc.record({
        spread: fc.double({ min: 1, max: 1.2, noNaN: true }),
        kg: fc.integer({ min: 100, max: 20_000 }),
      }),
      {
        minLength: 1,
        maxLength: 40,
      },
    ),
  })
  .map(({ base, trades }) => ({
    base,
    trades: trades.map((t, i) => trade(Math.round(base * t.spread), t.kg, i)),
  }));

describe('marketPrices', () => {
  it('has no price before the first trade, and the first trade sets it', () => {
    const prices = marketPrices([trade(1000, 1, 0)]);
    expect(prices.at(start - 1)).toBeNull();
    expect(prices.at(start)).toBe(1000);
  });

  it('averages the trades of the last 7 days by volume, rounded half up to the cent', () => {
    const trades = [trade(1000, 1000, 0), trade(1002, 1000, 1), trade(1300, 2000, 2)];
    expect(marketPrices(trades).at(start + 2 * HOUR_MS)).toBe(1151); // 1150.5
  });

  it('lets old trades go after 7 days, but keeps the last 3 when the week had fewer', () => {
    const week = PRICE_WINDOW_DAYS * 24;
    const trades = [trade(1000, 1000, 0), trade(1200, 1000, 1), trade(1400, 1000, 2), trade(1600, 1000, 3)];
    const prices = marketPrices([
      ...trades,
      trade(1500, 1000, week + 10),
      ...[1, 2, 3].map((h) => trade(1500, 1000, week + 10 + h)),
    ]);
    // At week + 2.5 h: the first three trades are over 7 days old, but a market keeps its last 3.
    expect(prices.at(start + (week + 2.5) * HOUR_MS)).toBe(1400);
    // Idle for months: the last 3 trades still make the price.
    expect(marketPrices(trades).at(start + 100 * DAY_MS)).toBe(1400);
    // Four trades in the week: only they count.
    expect(prices.at(start + (week + 13) * HOUR_MS)).toBe(1500);
    expect(PRICE_MIN_RECENT_TRADES).toBe(3);
  });

  it('never moves for one small trade far from the recent median (property)', () => {
    fc.assert(
      fc.property(
        history,
        fc.integer({ min: 1, max: PRICE_FAR_MIN_KG - 1 }),
        fc.boolean(),
        fc.double({ min: 2.5, max: 1000, noNaN: true }),
        ({ base, trades }, kg, below, factor) => {
          const far = below ? Math.max(1, Math.floor(base / factor)) : Math.ceil(base * 1.2 * factor);
          const attacked = [...trades, trade(far, kg, trades.length)];
          const before = priceAfter(trades);
          expect(marketPrices(attacked).at(start + trades.length * HOUR_MS)).toBe(before);
        },
      ),
    );
  });

  it('moves with many real trades at a new level, and settles there when the old trades age out (property)', () => {
    fc.assert(
      fc.property(history, fc.double({ min: 2.5, max: 10, noNaN: true }), ({ base, trades }, factor) => {
        const level = Math.round(base * factor);
        const recentKg = trades.reduce((sum, t) => sum + t.quantityKg, 0);
        // Each new trade small (1 t), together more tons than the market's recent trades: the median follows.
        const count = Math.ceil(recentKg / 1000) + 2;
        const newer = Array.from({ length: count }, (_, i) => trade(level, 1000, trades.length + i));
        const moved = [...trades, ...newer];
        expect(priceAfter(moved) as number).toBeGreaterThan(priceAfter(trades) as number);
        const weekLater = trade(level, 1000, trades.length + count + PRICE_WINDOW_DAYS * 24 + 1);
        expect(priceAfter([...moved, weekLater])).toBe(level);
      }),
    );
  });

  it('moves at once for a large trade at a new level', () => {
    const trades = [trade(20_000, 2000, 0), trade(20_000, 2000, 1), trade(20_000, 2000, 2)];
    const large = trade(50_000, 10_000, 3);
    // 10 t is at least 5 t and half of the 16 t with it: (3 × 2 × 200 + 10 × 500) / 16 = 387.50.
    expect(priceAfter([...trades, large])).toBe(38_750);
    // The same level in a small trade does not count.
    expect(priceAfter([...trades, trade(50_000, 1000, 3)])).toBe(20_000);
  });

  it('is always between the lowest and highest trade price (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            price: fc.integer({ min: 1, max: 2_000_000_000 }),
            kg: fc.integer({ min: 1, max: 2_000_000_000 }),
            hours: fc.integer({ min: 0, max: 2000 }),
          }),
          { minLength: 1, maxLength: 60 },
        ),
        (rows) => {
          const trades = rows
            .map((r) => trade(r.price, r.kg, r.hours))
            .sort((a, b) => a.at.getTime() - b.at.getTime());
          const price = priceAfter(trades) as number;
          expect(Number.isSafeInteger(price)).toBe(true);
          expect(price).toBeGreaterThanOrEqual(Math.min(...rows.map((r) => r.price)));
          expect(price).toBeLessThanOrEqual(Math.max(...rows.map((r) => r.price)));
        },
      ),
    );
  });
});
