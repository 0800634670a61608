// Quiet hours: when a user wants no SMS or WhatsApp, in their own time zone. Messages due then are held till the end.
import type { TQuietHours } from '../../contract/notifications';

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The wall-clock minute of the day at `now` in `timeZone`. */
function localMinutes(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/**
 * When the quiet hours around `now` end, or null when `now` is not in them. `start` is in them and `end` is not;
 * a start after the end wraps past midnight (21:00–06:00).
 */
export function quietUntil(now: Date, quiet: TQuietHours): Date | null {
  const at = localMinutes(now, quiet.timeZone);
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  const inside = start < end ? at >= start && at < end : at >= start || at < end;
  if (!inside) {
    return null;
  }
  const minutesLeft = (end - at + DAY_MINUTES) % DAY_MINUTES;
  const startOfMinute = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  return new Date(startOfMinute + minutesLeft * MINUTE_MS);
}
