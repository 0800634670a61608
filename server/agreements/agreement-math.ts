// The arithmetic of a forward agreement, pure: its value and deposit, today's price by its rule, what may still be
// delivered within its tolerance, what the deposit and the advance pay of each delivery, and how it ends.
import { multiplyCents } from '../../contract/money';
import { priceForKgCents } from '../../contract/quantity';

export interface Pricing {
  kind: 'fixed' | 'floor';
  /** Fixed: the price per ton; floor: the floor per ton. */
  priceCents: number;
  /** Floor: the share of the market price paid, 50–100. */
  sharePercent: number | null;
}

/**
 * A ton's price today by the rule. Fixed: the price. Floor: the share of the day's market price (from real trades),
 * never below the floor; with no market price, the floor. The floor is a floor: the share applies to the market
 * price, and the higher of that and the floor is paid.
 */
export function priceToday(pricing: Pricing, marketCents: number | null): number {
  if (pricing.kind === 'fixed' || marketCents === null) {
    return pricing.priceCents;
  }
  const share = multiplyCents(marketCents, pricing.sharePercent ?? 100, 100);
  return Math.max(pricing.priceCents, share);
}

/** The deposit: its percent of the whole quantity at the agreed price (the floor, for a floor price). */
export function depositCents(terms: {
  quantityKg: number;
  depositPercent: number;
  pricing: Pricing;
}): number {
  const value = priceForKgCents(terms.pricing.priceCents, terms.quantityKg);
  return multiplyCents(value, terms.depositPercent, 100);
}

export interface Bounds {
  /** Delivered at least this much, it is fulfilled. */
  minKg: number;
  /** Never more than this much in all. */
  maxKg: number;
}

export function bounds(quantityKg: number, tolerancePercent: number): Bounds {
  return {
    minKg: Math.ceil((quantityKg * (100 - tolerancePercent)) / 100),
    maxKg: Math.floor((quantityKg * (100 + tolerancePercent)) / 100),
  };
}

/** Still to deliver to reach the quantity (0 once within tolerance), and the most that may still come. */
export function stillToDeliver(
  terms: { quantityKg: number; tolerancePercent: number },
  deliveredKg: number,
): { remainingKg: number; maxMoreKg: number } {
  const { minKg, maxKg } = bounds(terms.quantityKg, terms.tolerancePercent);
  return {
    remainingKg: deliveredKg >= minKg ? 0 : terms.quantityKg - deliveredKg,
    maxMoreKg: Math.max(0, maxKg - deliveredKg),
  };
}

/**
 * What the deposit and the advance pay of one delivery: each its pro rata share of the quantity (all that is left
 * of it once the delivery reaches the quantity's lower bound), never more than is left nor, together, more than the
 * order's total.
 */
export function deliveryShares(input: {
  quantityKg: number;
  tolerancePercent: number;
  deliveredKg: number;
  kg: number;
  totalCents: number;
  depositCents: number;
  depositLeftCents: number;
  advanceCents: number;
  advanceLeftCents: number;
}): { depositCents: number; advanceCents: number } {
  const completes = input.deliveredKg + input.kg >= bounds(input.quantityKg, input.tolerancePercent).minKg;
  const share = (whole: number, left: number) =>
    completes ? left : Math.min(left, multiplyCents(whole, input.kg, input.quantityKg));
  const deposit = Math.min(share(input.depositCents, input.depositLeftCents), input.totalCents);
  const advance = Math.min(share(input.advanceCents, input.advanceLeftCents), input.totalCents - deposit);
  return { depositCents: deposit, advanceCents: advance };
}

export type Outcome = 'fulfilled' | 'partly_fulfilled' | 'defaulted_by_seller' | 'defaulted_by_buyer';

/** How an active agreement ends past its window, from what was delivered. */
export function outcomeOf(
  terms: { quantityKg: number; tolerancePercent: number },
  deliveredKg: number,
): Outcome {
  if (deliveredKg >= bounds(terms.quantityKg, terms.tolerancePercent).minKg) {
    return 'fulfilled';
  }
  return deliveredKg > 0 ? 'partly_fulfilled' : 'defaulted_by_seller';
}

/**
 * Where the deposit still held goes: back to the buyer for what was not delivered (or a leftover once fulfilled),
 * to the seller when the buyer walked away.
 */
export function depositGoesTo(outcome: Outcome): 'buyer' | 'seller' {
  return outcome === 'defaulted_by_buyer' ? 'seller' : 'buyer';
}

/** The months (YYYY-MM) a window spans, from `fromIso` (or today, if later) to `toIso`. */
export function windowMonths(fromIso: string, toIso: string, todayIso: string): string[] {
  const start = (fromIso > todayIso ? fromIso : todayIso).slice(0, 7);
  const end = toIso.slice(0, 7);
  const months: string[] = [];
  let [year, month] = start.split('-').map(Number) as [number, number];
  while (`${year}-${String(month).padStart(2, '0')}` <= end) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/**
 * Expected income by month: what is still to deliver, at today's price by the rule, spread evenly over the months
 * of the window still to come (a window already past puts it all in its last month).
 */
export function expectedByMonth(
  agreements: readonly {
    remainingKg: number;
    priceCents: number;
    deliveryFrom: string;
    deliveryTo: string;
  }[],
  todayIso: string,
): { month: string; expectedCents: number }[] {
  const sums = new Map<string, number>();
  for (const a of agreements) {
    const value = priceForKgCents(a.priceCents, a.remainingKg);
    if (value <= 0) {
      continue;
    }
    const months = windowMonths(a.deliveryFrom, a.deliveryTo, todayIso);
    const spread = months.length > 0 ? months : [a.deliveryTo.slice(0, 7)];
    let given = 0;
    spread.forEach((month, i) => {
      const part = i === spread.length - 1 ? value - given : multiplyCents(value, 1, spread.length);
      given += part;
      sums.set(month, (sums.get(month) ?? 0) + part);
    });
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, expectedCents]) => ({ month, expectedCents }));
}
