// A driver's earnings grouped by week (from Monday, UTC) and by month: the last few of each, newest first, empty
// periods included so a quiet week reads as nothing earned rather than missing.
import { sumCents } from '../../contract/money';

export interface EarnedFee {
  deliveredAt: Date;
  feeCents: number;
}

export interface PeriodTotal {
  /** The week's Monday `YYYY-MM-DD`, or the month `YYYY-MM`. */
  period: string;
  cents: number;
  jobs: number;
}

const DAY_MS = 86_400_000;

/** The Monday (UTC, midnight) of the week holding `at`. */
export function weekStart(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

/** The first instant of the month `back` months before the one holding `at` (UTC). */
export function monthStart(at: Date, back = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - back, 1));
}

const weekKey = (at: Date) => weekStart(at).toISOString().slice(0, 10);
const monthKey = (at: Date) => at.toISOString().slice(0, 7);

/** The earliest instant the last `weeks` weeks and `months` months reach back to (what to load). */
export function earningsSince(now: Date, weeks: number, months: number): Date {
  const firstWeek = new Date(weekStart(now).getTime() - (weeks - 1) * 7 * DAY_MS);
  const firstMonth = monthStart(now, months - 1);
  return firstWeek < firstMonth ? firstWeek : firstMonth;
}

function totals(fees: readonly EarnedFee[], periods: string[], keyOf: (at: Date) => string): PeriodTotal[] {
  const grouped = new Map<string, number[]>(periods.map((p) => [p, []]));
  for (const fee of fees) {
    grouped.get(keyOf(fee.deliveredAt))?.push(fee.feeCents);
  }
  return periods.map((period) => {
    const cents = grouped.get(period) ?? [];
    return { period, cents: sumCents(cents), jobs: cents.length };
  });
}

/** The last `weeks` weeks and `months` months up to `now`, newest first, each with its fees' sum and count. */
export function earningsByPeriod(
  fees: readonly EarnedFee[],
  now: Date,
  options: { weeks: number; months: number },
): { weeks: PeriodTotal[]; months: PeriodTotal[] } {
  const thisWeek = weekStart(now).getTime();
  const weeks = Array.from({ length: options.weeks }, (_, i) => weekKey(new Date(thisWeek - i * 7 * DAY_MS)));
  const months = Array.from({ length: options.months }, (_, i) => monthKey(monthStart(now, i)));
  return { weeks: totals(fees, weeks, weekKey), months: totals(fees, months, monthKey) };
}
