// Market maths primitives (keys, units, medians, price changes) and daily price history.

import { DAY_MS } from '../../contract/constants';
import { centsToDecimal } from '../../contract/money';
import { kgToTons as kgToTonsExact } from '../../contract/quantity';
import { marketPrices } from './market-price';

/** A completed trade. `marketKey` may be a raw commodity name: every function folds it with `marketKey()`. */
export interface TradeFact {
  marketKey: string;
  priceCents: number;
  quantityKg: number;
  at: Date;
}

export interface ListingFact {
  id: number;
  marketKey: string;
  name: string;
  priceCents: number;
  quantityKg: number;
  status: 'available' | 'reserved' | 'sold' | 'withdrawn';
  ownerId: number;
  createdAt: Date;
}

export interface BidFact {
  marketKey: string;
  buyerId: number;
  priceCents: number;
  status: 'pending' | 'accepted' | 'rejected' | 'withdrawn' | 'expired';
}

/** One day of a market's price history, in API units. */
export interface PricePoint {
  /** UTC midnight of the day, ISO 8601. */
  timestamp: string;
  /** The market price at the end of the day (market-price.ts); absent on the days before the market's first trade. */
  price?: number;
  /** Tons traded that day. */
  volume: number;
}

export const TREND_POINTS = 20;
export const AVERAGE_VOLUME_DAYS = 30;
const DEFAULT_HISTORY_DAYS = 60;

/**
 * The market a commodity name belongs to.
 * NFKC first so that composed/decomposed accents (`Maïs` typed two ways) and compatibility forms (full-width
 * letters, ligatures, non-breaking spaces) compare equal; lower-upper-lower case with a fixed locale
 * approximates Unicode full case folding (`ẞ`, `ß` and `SS` meet at `ss`, final sigma meets sigma) without
 * depending on the server's locale (the first lowering is for `ẞ`, which has no other upper case); accents are
 * kept, because `mais` and `maïs` are different words.
 */
export function marketKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLocaleLowerCase('en')
    .toLocaleUpperCase('en')
    .toLocaleLowerCase('en')
    .normalize('NFKC')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Folds keys with a per-call memo, since a few distinct names are repeated across thousands of facts. */
export function createKeyFolder(): (raw: string) => string {
  const memo = new Map<string, string>();
  return (raw) => {
    let folded = memo.get(raw);
    if (folded === undefined) {
      folded = marketKey(raw);
      memo.set(raw, folded);
    }
    return folded;
  };
}

/** Median of the numbers (mean of the two middle ones for an even count); null for an empty list. */
export function median(numbers: readonly number[]): number | null {
  if (numbers.length === 0) {
    return null;
  }
  const sorted = [...numbers].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] as number;
  if (sorted.length % 2 === 1) {
    return upper;
  }
  return ((sorted[mid - 1] as number) + upper) / 2;
}

/**
 * Percentage change from `from` to `to`, rounded to 2 decimals half away from zero; 0 when `from` is 0
 * (no meaningful base). Integer inputs (cents) are rounded exactly with BigInt so that a true 12.345 never
 * becomes 12.34 through binary floating point.
 */
export function percentChange(from: number, to: number): number {
  if (!Number.isFinite(from) || !Number.isFinite(to) || from === 0) {
    return 0;
  }
  if (Number.isSafeInteger(from) && Number.isSafeInteger(to)) {
    const num = (BigInt(to) - BigInt(from)) * 10_000n;
    const den = BigInt(from);
    const absNum = num < 0n ? -num : num;
    const absDen = den < 0n ? -den : den;
    const hundredths = Number((2n * absNum + absDen) / (2n * absDen));
    const negative = num < 0n !== den < 0n;
    return hundredths === 0 ? 0 : (negative ? -hundredths : hundredths) / 100;
  }
  const pct = ((to - from) / from) * 100;
  return (Math.sign(pct) * Math.round(Math.abs(pct) * 100)) / 100 || 0;
}

/** Cents (rounded to whole cents first: medians and averages may fall between) to an API price. */
export function centsToPrice(cents: number): number {
  return centsToDecimal(Math.round(cents));
}

/** Kilograms (rounded to whole kilograms first) to API tons. */
export function kgToTons(kg: number): number {
  return kgToTonsExact(Math.round(kg));
}

/** Days since the epoch in UTC; the epoch is a UTC midnight and JS time has no leap seconds. */
export function utcDayIndex(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** The last millisecond of a UTC day (trades at or before it are that day's). */
export function dayEndMs(day: number): number {
  return (day + 1) * DAY_MS - 1;
}

export function requireTime(date: Date, what: string): number {
  const ms = date.getTime();
  if (!Number.isFinite(ms)) {
    throw new RangeError(`${what} is not a valid date`);
  }
  return ms;
}

/**
 * Trades of one market that happened at or before `nowMs`, oldest first. The sort is stable, so trades with
 * the same instant keep the caller's order: pass them ordered by id and "the last trade" is the newest row.
 * Later trades are ignored so that a computation for a given `now` never sees its future.
 */
export function pastTradesByMarket(trades: readonly TradeFact[], nowMs: number): Map<string, TradeFact[]> {
  const fold = createKeyFolder();
  const byMarket = new Map<string, TradeFact[]>();
  for (const trade of trades) {
    if (!(trade.at.getTime() <= nowMs)) {
      continue;
    }
    const key = fold(trade.marketKey);
    const list = byMarket.get(key);
    if (list) {
      list.push(trade);
    } else {
      byMarket.set(key, [trade]);
    }
  }
  for (const list of byMarket.values()) {
    list.sort((a, b) => a.at.getTime() - b.at.getTime());
  }
  return byMarket;
}

/**
 * Daily points of one market for the `days` UTC days ending with today's (partial) day, oldest first.
 * A day's price is the market price (market-price.ts) at the end of that day (today: now), the rule the summary's
 * current price uses; days before the first trade have no price.
 */
export function priceHistory(
  trades: readonly TradeFact[],
  key: string,
  options: { now: Date; days?: number },
): PricePoint[] {
  const days = options.days ?? DEFAULT_HISTORY_DAYS;
  if (!Number.isSafeInteger(days) || days < 1) {
    throw new RangeError('days must be a positive integer');
  }
  const nowMs = requireTime(options.now, 'now');
  const market = pastTradesByMarket(trades, nowMs).get(marketKey(key)) ?? [];
  const prices = marketPrices(market);
  const firstDay = utcDayIndex(nowMs) - days + 1;

  const volumes: number[] = new Array(days).fill(0);
  for (const trade of market) {
    const offset = utcDayIndex(trade.at.getTime()) - firstDay;
    if (offset >= 0) {
      volumes[offset] = (volumes[offset] ?? 0) + trade.quantityKg;
    }
  }

  const points: PricePoint[] = [];
  for (let offset = 0; offset < days; offset++) {
    const cents = prices.at(Math.min(dayEndMs(firstDay + offset), nowMs));
    const point: PricePoint = {
      timestamp: new Date((firstDay + offset) * DAY_MS).toISOString(),
      volume: kgToTons(volumes[offset] ?? 0),
    };
    if (cents !== null) {
      point.price = centsToPrice(cents);
    }
    points.push(point);
  }
  return points;
}

/**
 * The market with the most tons traded in the 30 days ending now. Ties (including all-zero when no trade is
 * that recent) go to the market with the most recent trade, then to the smaller key; null with no trade at all.
 */
export function mostTradedMarket(trades: readonly TradeFact[], options: { now: Date }): string | null {
  const nowMs = requireTime(options.now, 'now');
  const since = nowMs - AVERAGE_VOLUME_DAYS * DAY_MS;
  let best: { key: string; kg: number; lastMs: number } | null = null;
  for (const [key, list] of pastTradesByMarket(trades, nowMs)) {
    let kg = 0;
    for (const trade of list) {
      if (trade.at.getTime() > since) {
        kg += trade.quantityKg;
      }
    }
    const lastMs = (list[list.length - 1] as TradeFact).at.getTime();
    if (
      best === null ||
      kg > best.kg ||
      (kg === best.kg && (lastMs > best.lastMs || (lastMs === best.lastMs && key < best.key)))
    ) {
      best = { key, kg, lastMs };
    }
  }
  return best?.key ?? null;
}
