// The bill that follows the scale: how far a weighing is from the order, whether the buyer must accept it, and what
// the weighed goods cost. Pure arithmetic, exact in integer kilograms and minor units (shared by server and web).
import { priceForKgCents } from './quantity';

/** A weighing this far (in percent of the ordered quantity) from the order or nearer is billed at once. */
export const DEFAULT_WEIGHT_TOLERANCE_PERCENT = 2;

/**
 * Whether `weighedKg` lies within `tolerancePercent` of `orderedKg` (bounds included), exact: the tolerance is taken
 * to the hundredth of a percent and compared in integers (|w − o| × 10,000 ≤ tolerance in hundredths × o).
 */
export function withinTolerance(orderedKg: number, weighedKg: number, tolerancePercent: number): boolean {
  const hundredths = Math.round(tolerancePercent * 100);
  return Math.abs(weighedKg - orderedKg) * 10_000 <= hundredths * orderedKg;
}

/** The weighing's difference from the order in percent, to one decimal (−5.0 for 95 kg of 100 ordered). */
export function weightDeviationPercent(orderedKg: number, weighedKg: number): number {
  if (orderedKg <= 0) {
    return 0;
  }
  return Math.round(((weighedKg - orderedKg) * 1000) / orderedKg) / 10 + 0;
}

/** What the weighed goods cost at the order's price per ton, rounded once to the currency's smallest unit. */
export function weighedTotalCents(pricePerTonCents: number, weighedKg: number): number {
  return priceForKgCents(pricePerTonCents, weighedKg);
}
