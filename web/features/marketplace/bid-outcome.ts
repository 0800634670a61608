// What accepting a bid does to a listing, computed exactly (kg and cents): the quantity sold, the total paid and
// what stays listed.
import type { TBidDetail } from '../../../contract/marketplace';
import { centsToDecimal, parseMoneyToCents } from '../../../contract/money';
import { kgToTons, parseTonsToKg, priceForKgCents } from '../../../contract/quantity';

export interface BidOutcome {
  /** Tons sold. */
  sold: number;
  /** Kilograms sold. */
  soldKg: number;
  /** The buyer's total, in currency units. */
  total: number;
  /** Tons still listed after the sale; 0 when the bid takes it all, negative when it asks for more than is left. */
  rest: number;
}

export function bidOutcome(bid: Pick<TBidDetail, 'price' | 'quantity' | 'commodity'>): BidOutcome {
  const soldKg = parseTonsToKg(bid.quantity) ?? 0;
  const availableKg = parseTonsToKg(bid.commodity.quantity) ?? 0;
  const priceCents = parseMoneyToCents(bid.price) ?? 0;
  const restKg = availableKg - soldKg;
  return {
    sold: kgToTons(soldKg),
    soldKg,
    total: centsToDecimal(priceForKgCents(priceCents, soldKg)),
    rest: restKg < 0 ? -kgToTons(-restKg) : kgToTons(restKg),
  };
}
