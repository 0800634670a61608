// "3 hours ago" / "il y a 4 jours": how long ago something happened, counting days as calendar days in the user's
// time zone (a post of 22 Nov read on 26 Nov is 4 days old, whatever the hours), hours and minutes as they are.
import { formatDistance } from 'date-fns';
import { enUS, fr } from 'date-fns/locale';
import { intlLocale } from './format';

const DAY_MS = 24 * 60 * 60_000;
/** Under this, "2 hours ago" says more than "yesterday" (a post of 23:50 read at 00:10). */
const HOURS_BEFORE_DAYS_MS = 12 * 60 * 60_000;
/** From this many days on, months read better than a count of days. */
const DAYS_BEFORE_MONTHS = 30;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of `date` in `timeZone`, as a day number (days since 1970-01-01). */
function dayNumber(date: Date, timeZone: string): number {
  let formatter = dayFormats.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, formatter);
  }
  const part = (type: string) => Number(formatter.formatToParts(date).find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS;
}

/** The number of calendar days (midnights in `timeZone`) from `earlier` to `later`. */
export function calendarDaysBetween(earlier: Date, later: Date, timeZone: string): number {
  return dayNumber(later, timeZone) - dayNumber(earlier, timeZone);
}

/** This device's time zone: where the user reads the screen. */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** How long ago `date` was at `now`, in the language: minutes and hours as elapsed, days by the calendar. */
export function formatTimeAgo(
  date: Date,
  language: string,
  now = new Date(),
  timeZone = deviceTimeZone(),
): string {
  // A clock a little behind the server's must not say "in a few seconds".
  const shown = new Date(Math.min(date.getTime(), now.getTime()));
  const days = calendarDaysBetween(shown, now, timeZone);
  const elapsed = now.getTime() - shown.getTime();
  if (days === 0 || elapsed < HOURS_BEFORE_DAYS_MS || days >= DAYS_BEFORE_MONTHS) {
    return formatDistance(shown, now, { addSuffix: true, locale: language === 'fr' ? fr : enUS });
  }
  // 'auto' says "yesterday" / "hier" for one day.
  return new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'auto' }).format(-days, 'day');
}
