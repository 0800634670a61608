// The one rule for a market's public price (summary, trend, price history, USSD and SMS): volume-weighted, robust.

import { DAY_MS } from '../../contract/constants';
import {
  PRICE_FAR_FACTOR,
  PRICE_FAR_MIN_KG,
  PRICE_FAR_MIN_SHARE,
  PRICE_MIN_RECENT_TRADES,
  PRICE_WINDOW_DAYS,
} from '../../contract/marketplace';

/** What the rule reads of a trade (a market-core TradeFact). */
export interface PricedTrade {
  priceCents: number;
  quantityKg: number;
  at: Date;
}

const WINDOW_MS = PRICE_WINDOW_DAYS * DAY_MS;

/** A market's price at any instant, from one market's trades. */
export interface MarketPrices {
  /** Price per ton in whole cents from the trades at or before `ms`; null before the market's first trade. */
  at(ms: number): number | null;
}

/**
 * The market price rule. A trade counts unless it is far off: priced outside ×½–×2 of the volume-weighted median
 * of the recent trades before it (those of the 7 days before it, or the last 3 when those days had fewer), and not
 * large (at least half of those tons with itself, and at least 5 t). A market's first trade counts. The price at an
 * instant is the volume-weighted average price of the counted trades of the 7 days up to it, or of the last 3
 * counted trades when those days had fewer; rounded half up to the cent.
 * A trade's standing depends only on the trades before it, so every instant's price is computed the same way and
 * the price "24 h earlier" is this rule applied 24 h earlier. `trades` are one market's, oldest first.
 */
export function marketPrices(trades: readonly PricedTrade[]): MarketPrices {
  const counted = trades.filter(countedTrades(trades));
  const times = counted.map((trade) => trade.at.getTime());
  // Prefix sums: tons and price × tons (BigInt: cents × kg overflows a double's exact integers).
  const kgBefore: number[] = [0];
  const valueBefore: bigint[] = [0n];
  for (const [i, trade] of counted.entries()) {
    kgBefore.push((kgBefore[i] as number) + trade.quantityKg);
    valueBefore.push((valueBefore[i] as bigint) + BigInt(trade.priceCents) * BigInt(trade.quantityKg));
  }
  return {
    at(ms) {
      const hi = firstAfter(times, ms);
      if (hi === 0) {
        return null;
      }
      const lo = Math.max(0, Math.min(firstAfter(times, ms - WINDOW_MS), hi - PRICE_MIN_RECENT_TRADES));
      const kg = BigInt((kgBefore[hi] as number) - (kgBefore[lo] as number));
      const value = (valueBefore[hi] as bigint) - (valueBefore[lo] as bigint);
      return Number((2n * value + kg) / (2n * kg));
    },
  };
}

/** Index of the first time after `ms` in ascending `times` (= how many are at or before it). */
function firstAfter(times: readonly number[], ms: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] as number) <= ms) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

/**
 * Which trades count, as a filter: each trade is judged against the recent trades before it (counted or not, so that
 * many trades at a new level move the median and then count), kept in a sliding window over their price ranks.
 */
function countedTrades(trades: readonly PricedTrade[]): (trade: PricedTrade, index: number) => boolean {
  const prices = [...new Set(trades.map((trade) => trade.priceCents))].sort((a, b) => a - b);
  const rank = new Map(prices.map((price, i) => [price, i]));
  const tons = new WeightTree(prices.length);
  const verdicts: boolean[] = [];
  let lo = 0;
  for (const [i, trade] of trades.entries()) {
    const ms = trade.at.getTime();
    while (lo < i - PRICE_MIN_RECENT_TRADES && (trades[lo] as PricedTrade).at.getTime() <= ms - WINDOW_MS) {
      const old = trades[lo] as PricedTrade;
      tons.add(rank.get(old.priceCents) as number, -old.quantityKg);
      lo += 1;
    }
    verdicts.push(lo === i || counts(trade, tons, prices));
    tons.add(rank.get(trade.priceCents) as number, trade.quantityKg);
  }
  return (_trade, index) => verdicts[index] === true;
}

/** Whether a trade counts against the recent tons before it (not empty). */
function counts(trade: PricedTrade, recent: WeightTree, prices: readonly number[]): boolean {
  const total = recent.total();
  const lowerRank = recent.firstReaching(total / 2);
  const lower = prices[lowerRank] as number;
  // An exact half of the tons at or below a price: the median lies halfway to the next price up.
  const median =
    2 * recent.sumTo(lowerRank) === total
      ? (lower + (prices[recent.firstReaching(Math.floor(total / 2) + 1)] as number)) / 2
      : lower;
  const far = trade.priceCents * PRICE_FAR_FACTOR < median || trade.priceCents > median * PRICE_FAR_FACTOR;
  return (
    !far ||
    (trade.quantityKg >= PRICE_FAR_MIN_KG &&
      trade.quantityKg >= PRICE_FAR_MIN_SHARE * (total + trade.quantityKg))
  );
}

/** Kilograms per price rank (a Fenwick tree): add, prefix sums and "first rank whose prefix reaches" in O(log n). */
class WeightTree {
  private readonly tree: number[];

  constructor(private readonly size: number) {
    this.tree = new Array(size + 1).fill(0);
  }

  add(index: number, kg: number): void {
    for (let i = index + 1; i <= this.size; i += i & -i) {
      this.tree[i] = (this.tree[i] as number) + kg;
    }
  }

  /** Kilograms at ranks 0..index. */
  sumTo(index: number): number {
    let sum = 0;
    for (let i = index + 1; i > 0; i -= i & -i) {
      sum += this.tree[i] as number;
    }
    return sum;
  }

  total(): number {
    return this.sumTo(this.size - 1);
  }

  /** The smallest rank whose prefix sum is at least `target` (> 0 and at most the total). */
  firstReaching(target: number): number {
    let position = 0;
    let remaining = target;
    for (let step = 2 ** Math.floor(Math.log2(this.size)); step > 0; step >>= 1) {
      const next = position + step;
      if (next <= this.size && (this.tree[next] as number) < remaining) {
        position = next;
        remaining -= this.tree[next] as number;
      }
    }
    return position;
  }
}
