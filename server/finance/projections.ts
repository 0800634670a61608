// Cash projections for the coming months from a farm's monthly income and expense history.
import { addCents, divideCents, sumCents } from '../../contract/money';
import { accountType } from './accounts';
import { addMonths, assertIsoMonth, monthOf, monthsBetween } from './periods';
import { assertBalanced, type JournalEntry } from './posting';

export interface MonthlyTotals {
  readonly month: string;
  readonly incomeCents: number;
  readonly expenseCents: number;
}

export type ProjectionMethod = 'same_month_last_year' | 'trailing_3_month_average' | 'no_history';

export interface ProjectedMonth {
  readonly month: string;
  readonly income: number;
  readonly expense: number;
  readonly method: ProjectionMethod;
}

export interface ProjectionOptions {
  /** First projected month; only history before it is used. */
  readonly fromMonth: string;
  /** How many months to project, 0–120; 6 by default. */
  readonly months?: number;
}

const MAX_MONTHS = 120;

/**
 * Projects income and expense per month. History rows from fromMonth on are ignored, duplicate months are
 * summed, and months missing between the first history month and fromMonth count as zero (no transactions).
 * - With at least 12 months of history before fromMonth, farming is seasonal, so each month repeats the same
 *   month of the previous year (beyond 12 months ahead, the previous year is itself a projection).
 * - With less, every month gets the average of the last 3 months before fromMonth (of the 1 or 2 available
 *   when the history is shorter), in integer cents rounded half away from zero.
 * - With none, zeros.
 */
export function projectMonths(
  history: readonly MonthlyTotals[],
  options: ProjectionOptions,
): ProjectedMonth[] {
  const { fromMonth, months = 6 } = options;
  assertIsoMonth(fromMonth, 'fromMonth');
  if (!Number.isInteger(months) || months < 0 || months > MAX_MONTHS) {
    throw new RangeError(`months must be an integer from 0 to ${MAX_MONTHS}, got ${months}`);
  }
  const actuals = actualsBefore(history, fromMonth);
  const targets = Array.from({ length: months }, (_, index) => addMonths(fromMonth, index));
  const firstMonth = [...actuals.keys()].sort()[0];
  if (firstMonth === undefined) {
    return targets.map((month) => ({ month, income: 0, expense: 0, method: 'no_history' }));
  }
  const monthsOfHistory = monthsBetween(firstMonth, fromMonth);
  if (monthsOfHistory >= 12) {
    return sameMonthLastYear(actuals, targets);
  }
  return trailingAverage(actuals, targets, fromMonth, Math.min(3, monthsOfHistory));
}

type Totals = { income: number; expense: number };

function actualsBefore(history: readonly MonthlyTotals[], fromMonth: string): Map<string, Totals> {
  const actuals = new Map<string, Totals>();
  for (const row of history) {
    assertIsoMonth(row.month);
    if (row.month >= fromMonth) {
      continue;
    }
    const previous = actuals.get(row.month) ?? { income: 0, expense: 0 };
    actuals.set(row.month, {
      income: addCents(previous.income, row.incomeCents),
      expense: addCents(previous.expense, row.expenseCents),
    });
  }
  return actuals;
}

function sameMonthLastYear(actuals: Map<string, Totals>, targets: string[]): ProjectedMonth[] {
  const projected: ProjectedMonth[] = [];
  for (const [index, month] of targets.entries()) {
    const lastYear = addMonths(month, -12);
    const source = projected[index - 12] ?? orZero(actuals.get(lastYear));
    projected.push({ month, income: source.income, expense: source.expense, method: 'same_month_last_year' });
  }
  return projected;
}

function orZero(totals: Totals | undefined): Totals {
  return totals ?? { income: 0, expense: 0 };
}

function trailingAverage(
  actuals: Map<string, Totals>,
  targets: string[],
  fromMonth: string,
  count: number,
): ProjectedMonth[] {
  const window = Array.from({ length: count }, (_, index) =>
    orZero(actuals.get(addMonths(fromMonth, -1 - index))),
  );
  const income = divideCents(sumCents(window.map((totals) => totals.income)), count);
  const expense = divideCents(sumCents(window.map((totals) => totals.expense)), count);
  return targets.map((month) => ({ month, income, expense, method: 'trailing_3_month_average' }));
}

/**
 * The first month to project: the month after the last month with actuals (income or expense booked), so a month
 * already under way with figures is shown as it is, never overwritten by a guess; never before `currentMonth`
 * (a farm quiet for a while projects from now on).
 */
export function projectionStart(history: readonly MonthlyTotals[], currentMonth: string): string {
  assertIsoMonth(currentMonth, 'currentMonth');
  let start = currentMonth;
  for (const row of history) {
    assertIsoMonth(row.month);
    const after = addMonths(row.month, 1);
    if ((row.incomeCents !== 0 || row.expenseCents !== 0) && after > start) {
      start = after;
    }
  }
  return start;
}

export interface HistoryRange {
  /** First month to report; defaults to the month of the earliest entry. */
  readonly startMonth?: string;
  /** Last month to report; defaults to the month of the latest entry. */
  readonly endMonth?: string;
}

/**
 * Monthly operating income and expenses from journal entries (loans, equipment and owner money are not income),
 * one row per month with zeros for quiet months, ready for projectMonths. Reversals net out in their month.
 */
export function monthlyHistory(entries: readonly JournalEntry[], range: HistoryRange = {}): MonthlyTotals[] {
  const totals = new Map<string, Totals>();
  for (const entry of entries) {
    assertBalanced(entry);
    const month = monthOf(entry.date);
    const previous = totals.get(month) ?? { income: 0, expense: 0 };
    totals.set(month, addLines(previous, entry));
  }
  const known = [...totals.keys()].sort();
  const startMonth = range.startMonth ?? known[0];
  const endMonth = range.endMonth ?? known[known.length - 1];
  if (startMonth === undefined || endMonth === undefined) {
    return [];
  }
  assertIsoMonth(startMonth, 'startMonth');
  assertIsoMonth(endMonth, 'endMonth');
  const count = monthsBetween(startMonth, endMonth) + 1;
  return Array.from({ length: Math.max(count, 0) }, (_, index) => {
    const month = addMonths(startMonth, index);
    const monthTotals = orZero(totals.get(month));
    return { month, incomeCents: monthTotals.income, expenseCents: monthTotals.expense };
  });
}

function addLines(totals: Totals, entry: JournalEntry): Totals {
  let { income, expense } = totals;
  for (const line of entry.lines) {
    const type = accountType(line.account);
    if (type === 'income') {
      income = addCents(income, line.credit - line.debit);
    } else if (type === 'expense') {
      expense = addCents(expense, line.debit - line.credit);
    }
  }
  return { income, expense };
}
