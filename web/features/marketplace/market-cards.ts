// Which markets get a summary card: only those with something to show.
import type { TMarketSummaryItem } from '../../../contract/marketplace';

/**
 * Markets with a current price or tons available, in the order given. A market with neither (every listing sold
 * or withdrawn, never traded) would be a card of dashes and 0 t.
 */
export function marketsWithCards(items: readonly TMarketSummaryItem[]): TMarketSummaryItem[] {
  return items.filter((item) => item.currentPrice !== null || item.availableQuantity > 0);
}
