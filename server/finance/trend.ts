// The overview's trend: operating income (sales included) and expenses per month, the last months up to today.
import { addCents } from '../../contract/money';
import { addMonths, assertIsoMonth } from './periods';
import type { MonthlyTotals } from './projections';

/** Months the overview's trend shows: a year, so a season's sales and its costs are both in view. */
export const TREND_MONTHS = 12;

/** The first month of the trend that ends with `endMonth`. */
export function trendStart(endMonth: string, count = TREND_MONTHS): string {
  return addMonths(endMonth, 1 - count);
}

/**
 * The `count` months ending with `endMonth`, oldest first, each with its totals (several rows of a month summed
 * exactly) or zeros when nothing was booked; rows outside the months are left out.
 */
export function trendMonths(
  totals: readonly MonthlyTotals[],
  endMonth: string,
  count = TREND_MONTHS,
): MonthlyTotals[] {
  assertIsoMonth(endMonth, 'endMonth');
  if (!Number.isInteger(count) || count < 1) {
    throw new RangeError(`count must be a positive integer, got ${count}`);
  }
  const months = Array.from({ length: count }, (_, index) => addMonths(endMonth, index + 1 - count));
  const byMonth = new Map(months.map((month) => [month, { month, incomeCents: 0, expenseCents: 0 }]));
  for (const row of totals) {
    const month = byMonth.get(row.month);
    if (month) {
      month.incomeCents = addCents(month.incomeCents, row.incomeCents);
      month.expenseCents = addCents(month.expenseCents, row.expenseCents);
    }
  }
  return [...byMonth.values()];
}
