// What stock is worth at today's market price of its crop (from real trades, through the marketplace): a lot's
// value, a store's or an owner's total, and which lots have no price yet. Not booked: the ledger keeps costs and sales.
import { priceForKgCents } from '../../contract/quantity';
import type { AppContext } from '../context';
import { type CropQuote, cropQuote } from './hooks';

/** One quote per distinct crop name (case folded by the marketplace's catalogue). */
export async function quotesFor(ctx: AppContext, crops: readonly string[], now = new Date()) {
  const quotes = new Map<string, CropQuote>();
  for (const crop of new Set(crops)) {
    quotes.set(crop, await cropQuote.call(ctx, crop, now));
  }
  return quotes;
}

/** The worth of holdings (kilograms by crop) at their quotes; those of a crop with no price counted apart. */
export function worthOf(
  holdings: readonly { crop: string; kg: number; lots: number }[],
  quotes: ReadonlyMap<string, CropQuote>,
): { cents: number; unpriced: number } {
  let cents = 0;
  let unpriced = 0;
  for (const holding of holdings) {
    const price = quotes.get(holding.crop)?.priceCents ?? null;
    if (price === null) {
      unpriced += holding.lots;
    } else {
      cents += priceForKgCents(price, holding.kg);
    }
  }
  return { cents, unpriced };
}
