// Calendar helpers for ledger dates ('YYYY-MM-DD') and months ('YYYY-MM'), all in UTC so time zones never shift a day.
import { DAY_MS } from '../../contract/constants';

export type Period = 'monthly' | 'quarterly' | 'yearly';
export const PERIODS: readonly Period[] = ['monthly', 'quarterly', 'yearly'];

export interface DateRange {
  readonly startDate: string;
  readonly endDate: string;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_PATTERN = /^(\d{4})-(\d{2})$/;

/** True for a real calendar date written 'YYYY-MM-DD' (2024-02-29 yes, 2023-02-29 no). */
export function isIsoDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) {
    return false;
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** True for a month written 'YYYY-MM'. */
export function isIsoMonth(value: string): boolean {
  const match = MONTH_PATTERN.exec(value);
  const month = Number(match?.[2]);
  return match !== null && month >= 1 && month <= 12;
}

export function assertIsoDate(value: string, name = 'date'): void {
  if (!isIsoDate(value)) {
    throw new RangeError(`${name} must be a calendar date YYYY-MM-DD, got '${value}'`);
  }
}

export function assertIsoMonth(value: string, name = 'month'): void {
  if (!isIsoMonth(value)) {
    throw new RangeError(`${name} must be a month YYYY-MM, got '${value}'`);
  }
}

/** Checks startDate ≤ endDate, both valid; inclusive ranges are the convention of every statement. */
export function assertDateRange(range: DateRange): void {
  assertIsoDate(range.startDate, 'startDate');
  assertIsoDate(range.endDate, 'endDate');
  if (range.startDate > range.endDate) {
    throw new RangeError(`startDate ${range.startDate} is after endDate ${range.endDate}`);
  }
}

const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in a month of the proleptic Gregorian calendar (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (MONTH_LENGTHS[month - 1] ?? 0);
}

/** The date `days` days after `date` (negative goes back). */
export function addDays(date: string, days: number): string {
  assertIsoDate(date);
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 'YYYY-MM' of a date. */
export function monthOf(date: string): string {
  assertIsoDate(date);
  return date.slice(0, 7);
}

/** The month `count` months after `month` (negative goes back). */
export function addMonths(month: string, count: number): string {
  assertIsoMonth(month);
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + count;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String(index - year * 12 + 1).padStart(2, '0')}`;
}

/** Number of months from `from` to `to` (addMonths(from, n) === to). */
export function monthsBetween(from: string, to: string): number {
  assertIsoMonth(from);
  assertIsoMonth(to);
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  return index(to) - index(from);
}

/** The calendar month, quarter or year containing `date`, as an inclusive date range. */
export function periodRange(period: Period, date: string): DateRange {
  assertIsoDate(date);
  if (!PERIODS.includes(period)) {
    throw new RangeError(`period must be one of ${PERIODS.join(', ')}, got '${period}'`);
  }
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const [firstMonth, lastMonth] = monthSpan(period, month);
  const yyyy = date.slice(0, 4);
  return {
    startDate: `${yyyy}-${pad2(firstMonth)}-01`,
    endDate: `${yyyy}-${pad2(lastMonth)}-${pad2(daysInMonth(year, lastMonth))}`,
  };
}

function monthSpan(period: Period, month: number): [number, number] {
  switch (period) {
    case 'monthly':
      return [month, month];
    case 'quarterly': {
      const first = Math.floor((month - 1) / 3) * 3 + 1;
      return [first, first + 2];
    }
    case 'yearly':
      return [1, 12];
  }
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}
