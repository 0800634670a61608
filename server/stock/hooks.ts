// What the stock module asks of the marketplace above it: a crop's market price today and its daily history,
// from real trades (a lot's value, and the "sell now or store?" hint).
import type { AppContext } from '../context';
import { hook } from '../module';

/** One day of a market's price history: UTC midnight ISO, the day's price (absent before its first trade), tons. */
export interface QuoteDay {
  timestamp: string;
  price?: number;
  volume: number;
}

export interface CropQuote {
  /** Today's price per ton in minor units; null: no trade yet. */
  priceCents: number | null;
  /** The last day with a price. */
  asOf: string | null;
  /** Daily points, oldest first, over the last two years. */
  history: readonly QuoteDay[];
}

export const cropQuote =
  hook<(ctx: AppContext, crop: string, now: Date) => Promise<CropQuote>>('stock.cropQuote');
