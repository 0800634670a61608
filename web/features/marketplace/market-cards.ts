// Which markets get a summary card (only those with something to show), and what a card's price is made of.
import type { TMarketSummaryItem } from '../../../contract/marketplace';

/**
 * Markets with a current price or tons available, in the order given. A market with neither (every listing sold
 * or withdrawn, never traded) would be a card of dashes and 0 t.
 */
export function marketsWithCards(items: readonly TMarketSummaryItem[]): TMarketSummaryItem[] {
  return items.filter((item) => item.currentPrice !== null || item.availableQuantity > 0);
}

/** What a card's price is made of: the market price rule's trades, or (never traded) the listings' median. */
export function priceBasis(item: TMarketSummaryItem): 'trades' | 'listings' | null {
  if (item.currentPrice === null) {
    return null;
  }
  // The trend has a point per day with trades: empty exactly when the market never traded.
  return item.trend.length > 0 ? 'trades' : 'listings';
}
