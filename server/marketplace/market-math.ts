// Pure market maths of the marketplace: per-market summary, split into a cacheable base and a cheap per-caller step.

import { DAY_MS } from '../../contract/constants';
import {
  AVERAGE_VOLUME_DAYS,
  type BidFact,
  centsToPrice,
  createKeyFolder,
  dayEndMs,
  kgToTons,
  type ListingFact,
  median,
  pastTradesByMarket,
  percentChange,
  requireTime,
  TREND_POINTS,
  type TradeFact,
  utcDayIndex,
} from './market-core';
import { type MarketPrices, marketPrices } from './market-price';

export interface MarketSummaryItem {
  id: number;
  name: string;
  volume: number;
  averageVolume: number;
  currentPrice: number | null;
  priceChange: number;
  trend: number[];
  bestBid: number | null;
  yourBid: number | null;
  availableQuantity: number;
}

/** Everything of a summary item that does not depend on who asks, plus the market key to join bids on. */
export interface MarketBaseItem extends Omit<MarketSummaryItem, 'bestBid' | 'yourBid'> {
  key: string;
}

export interface BuyerBid {
  buyerId: number;
  priceCents: number;
}

export interface MarketBids {
  /** Highest pending bids of up to two distinct buyers, highest first: enough for "best bid from someone else". */
  top: readonly BuyerBid[];
  /** Highest pending bid of each buyer, in cents. */
  byBuyer: ReadonlyMap<number, number>;
}

export type BidIndex = ReadonlyMap<string, MarketBids>;

/** Display spelling of a listing name: same letters, but stray and repeated spaces do not count as a spelling. */
function spelling(name: string): string {
  return name.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/** Most common spelling; ties go to the most recent listing (createdAt, then id). */
function displayName(listings: readonly ListingFact[]): string | null {
  const counts = new Map<string, { count: number; latest: ListingFact }>();
  for (const listing of listings) {
    const text = spelling(listing.name);
    const entry = counts.get(text);
    if (!entry) {
      counts.set(text, { count: 1, latest: listing });
      continue;
    }
    entry.count += 1;
    if (isNewer(listing, entry.latest)) {
      entry.latest = listing;
    }
  }
  let best: { text: string; count: number; latest: ListingFact } | null = null;
  for (const [text, entry] of counts) {
    if (
      best === null ||
      entry.count > best.count ||
      (entry.count === best.count && isNewer(entry.latest, best.latest))
    ) {
      best = { text, ...entry };
    }
  }
  return best?.text ?? null;
}

function isNewer(a: ListingFact, b: ListingFact): boolean {
  const diff = a.createdAt.getTime() - b.createdAt.getTime();
  return diff > 0 || (diff === 0 && a.id > b.id);
}

/** Id of the oldest listing; a market known only from trades gets a negative hash of its key, never a row id. */
function marketId(key: string, listings: readonly ListingFact[]): number {
  let oldest: ListingFact | undefined;
  for (const listing of listings) {
    if (oldest === undefined || isNewer(oldest, listing)) {
      oldest = listing;
    }
  }
  if (oldest) {
    return oldest.id;
  }
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193) >>> 0;
  }
  return -1 - (hash & 0x7fffffff);
}

/**
 * The market price (see market-price.ts) at the end of each UTC day that had trades, the last one at `nowMs`,
 * oldest first; `trades` must be sorted by time.
 */
function dailyCloses(trades: readonly TradeFact[], prices: MarketPrices, nowMs: number): number[] {
  const closes: number[] = [];
  let lastDay: number | null = null;
  for (const trade of trades) {
    const day = utcDayIndex(trade.at.getTime());
    if (day !== lastDay) {
      closes.push(prices.at(Math.min(dayEndMs(day), nowMs)) as number);
      lastDay = day;
    }
  }
  return closes;
}

/**
 * The caller-independent part of the summary, in display order (tons traded in the last 30 days descending,
 * then name). The price is the market price rule's (market-price.ts) at `now`, and 24 h earlier for the change;
 * windows are half-open, (now − 24 h, now] and (now − 30 d, now], so a trade exactly 24 h old counts in the
 * "24 h earlier" price and not in today's volume. Trades after `now` are ignored.
 */
export function buildMarketBase(input: {
  trades: readonly TradeFact[];
  listings: readonly ListingFact[];
  now: Date;
}): MarketBaseItem[] {
  const nowMs = requireTime(input.now, 'now');
  const dayAgo = nowMs - DAY_MS;
  const monthAgo = nowMs - AVERAGE_VOLUME_DAYS * DAY_MS;
  const tradesByMarket = pastTradesByMarket(input.trades, nowMs);
  const fold = createKeyFolder();
  const listingsByMarket = new Map<string, ListingFact[]>();
  for (const listing of input.listings) {
    const key = fold(listing.marketKey);
    const list = listingsByMarket.get(key);
    if (list) {
      list.push(listing);
    } else {
      listingsByMarket.set(key, [listing]);
    }
  }

  const rows: { item: MarketBaseItem; kg30: number }[] = [];
  for (const key of new Set([...listingsByMarket.keys(), ...tradesByMarket.keys()])) {
    const trades = tradesByMarket.get(key) ?? [];
    const listings = listingsByMarket.get(key) ?? [];
    const available = listings.filter((listing) => listing.status === 'available');

    let kg24 = 0;
    let kg30 = 0;
    for (const trade of trades) {
      const ms = trade.at.getTime();
      if (ms > dayAgo) {
        kg24 += trade.quantityKg;
      }
      if (ms > monthAgo) {
        kg30 += trade.quantityKg;
      }
    }
    const prices = marketPrices(trades);
    const tradedCents = prices.at(nowMs);
    const earlierCents = prices.at(dayAgo);
    const listingMedian = median(available.map((listing) => listing.priceCents));
    // An even count's median can fall on half a cent; round it like any other price to whole cents.
    const currentCents = tradedCents ?? (listingMedian === null ? null : Math.round(listingMedian));

    rows.push({
      kg30,
      item: {
        key,
        id: marketId(key, listings),
        name: displayName(listings) ?? key,
        volume: kgToTons(kg24),
        averageVolume: kgToTons(kg30 / AVERAGE_VOLUME_DAYS),
        currentPrice: currentCents === null ? null : centsToPrice(currentCents),
        priceChange:
          tradedCents !== null && earlierCents !== null ? percentChange(earlierCents, tradedCents) : 0,
        trend: dailyCloses(trades, prices, nowMs).slice(-TREND_POINTS).map(centsToPrice),
        availableQuantity: kgToTons(available.reduce((sum, listing) => sum + listing.quantityKg, 0)),
      },
    });
  }

  rows.sort(
    (a, b) =>
      b.kg30 - a.kg30 ||
      a.item.name.localeCompare(b.item.name, 'en') ||
      (a.item.key < b.item.key ? -1 : a.item.key > b.item.key ? 1 : 0),
  );
  return rows.map((row) => row.item);
}

/** Pending bids indexed per market; cacheable alongside the base and invalidated when a bid changes. */
export function buildBidIndex(bids: readonly BidFact[]): BidIndex {
  const fold = createKeyFolder();
  const byMarket = new Map<string, Map<number, number>>();
  for (const bid of bids) {
    if (bid.status !== 'pending' || !Number.isFinite(bid.priceCents)) {
      continue;
    }
    const key = fold(bid.marketKey);
    let byBuyer = byMarket.get(key);
    if (!byBuyer) {
      byBuyer = new Map();
      byMarket.set(key, byBuyer);
    }
    const previous = byBuyer.get(bid.buyerId);
    if (previous === undefined || bid.priceCents > previous) {
      byBuyer.set(bid.buyerId, bid.priceCents);
    }
  }

  const index = new Map<string, MarketBids>();
  for (const [key, byBuyer] of byMarket) {
    let first: BuyerBid | undefined;
    let second: BuyerBid | undefined;
    for (const [buyerId, priceCents] of byBuyer) {
      const bid = { buyerId, priceCents };
      if (first === undefined || priceCents > first.priceCents) {
        second = first;
        first = bid;
      } else if (second === undefined || priceCents > second.priceCents) {
        second = bid;
      }
    }
    const top = [first, second].filter((bid): bid is BuyerBid => bid !== undefined);
    index.set(key, { top, byBuyer });
  }
  return index;
}

/** Adds the caller's view of the bids to the cached base: O(1) per market. */
export function personalise(
  base: readonly MarketBaseItem[],
  bidIndex: BidIndex,
  callerId: number | null,
): MarketSummaryItem[] {
  return base.map(({ key, ...item }) => {
    const bids = bidIndex.get(key);
    const [first, second] = bids?.top ?? [];
    const best = first !== undefined && first.buyerId !== callerId ? first : second;
    const own = callerId === null ? undefined : bids?.byBuyer.get(callerId);
    return {
      ...item,
      trend: [...item.trend],
      bestBid: best === undefined ? null : centsToPrice(best.priceCents),
      yourBid: own === undefined ? null : centsToPrice(own),
    };
  });
}
