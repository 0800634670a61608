// A crop's quote for the stock module below: today's market price and the daily history, from real trades.
import { decimalToCents } from '../../contract/money';
import type { AppContext } from '../context';
import type { CropQuote } from '../stock';
import { marketModel } from './market-model';

/** Two years of a crop's market: enough seasons for the "sell now or store?" hint. */
const QUOTE_HISTORY_DAYS = 730;

/** A crop's market price today and its daily history, from real trades (the stock module's value and hint). */
export async function quoteOfCrop(ctx: AppContext, crop: string, now: Date): Promise<CropQuote> {
  const history = await marketModel.of(ctx).history(crop, QUOTE_HISTORY_DAYS, now);
  const last = history.at(-1);
  const traded = history.findLast((day) => day.volume > 0);
  return {
    priceCents: last?.price === undefined ? null : decimalToCents(last.price),
    asOf: traded === undefined ? null : traded.timestamp.slice(0, 10),
    history,
  };
}
