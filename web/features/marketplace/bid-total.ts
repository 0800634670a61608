// The total a bid commits to, as the buyer types it: price per ton × tons, exact in cents (never float money).
import { parseMoneyToCents } from '../../../contract/money';
import { parseTonsToKg, priceForKgCents, totalPastMaxAmount } from '../../../contract/quantity';

/** The total in cents of a price per ton and a quantity in tons as typed; null until both read as positive. */
export function bidTotalCents(priceText: string, quantityText: string): number | null {
  const priceCents = priceText.trim() === '' ? null : parseMoneyToCents(priceText);
  const kg = quantityText.trim() === '' ? null : parseTonsToKg(quantityText);
  if (
    priceCents === null ||
    kg === null ||
    priceCents <= 0 ||
    kg <= 0 ||
    totalPastMaxAmount(priceCents, kg)
  ) {
    return null;
  }
  return priceForKgCents(priceCents, kg);
}
