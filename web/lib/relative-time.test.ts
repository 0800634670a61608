// Days ago are calendar days in the reader's time zone; minutes and hours are elapsed time.
import { describe, expect, it } from 'vitest';
import { calendarDaysBetween, formatTimeAgo } from './relative-time';

const at = (iso: string) => new Date(iso);

describe('calendarDaysBetween', () => {
  it('counts midnights in the time zone, not 24-hour spans', () => {
    // 22 Nov 23:00 to 26 Nov 08:00 in Douala (UTC+1): 3 days 9 hours elapsed, 4 calendar days.
    expect(calendarDaysBetween(at('2026-11-22T22:00:00Z'), at('2026-11-26T07:00:00Z'), 'Africa/Douala')).toBe(
      4,
    );
    // The same instants in Nairobi (UTC+3) fall on 23 Nov 01:00 and 26 Nov 10:00: 3 days.
    expect(
      calendarDaysBetween(at('2026-11-22T22:00:00Z'), at('2026-11-26T07:00:00Z'), 'Africa/Nairobi'),
    ).toBe(3);
    expect(calendarDaysBetween(at('2026-11-26T00:30:00Z'), at('2026-11-26T22:00:00Z'), 'UTC')).toBe(0);
  });
});

describe('formatTimeAgo', () => {
  const now = at('2026-11-26T07:00:00Z');

  it('says 4 days for a post of 22 Nov read on 26 Nov, in both languages', () => {
    expect(formatTimeAgo(at('2026-11-22T22:00:00Z'), 'fr', now, 'Africa/Douala')).toBe('il y a 4 jours');
    expect(formatTimeAgo(at('2026-11-22T22:00:00Z'), 'en', now, 'Africa/Douala')).toBe('4 days ago');
  });

  it('says yesterday for the day before, hours within the day or the last twelve hours', () => {
    expect(formatTimeAgo(at('2026-11-25T08:00:00Z'), 'fr', now, 'Africa/Douala')).toBe('hier');
    expect(formatTimeAgo(at('2026-11-25T08:00:00Z'), 'en', now, 'Africa/Douala')).toBe('yesterday');
    expect(formatTimeAgo(at('2026-11-26T04:00:00Z'), 'en', now, 'Africa/Douala')).toBe('about 3 hours ago');
    expect(formatTimeAgo(at('2026-11-25T22:50:00Z'), 'en', now, 'Africa/Douala')).toBe('about 8 hours ago');
    expect(formatTimeAgo(at('2026-11-26T06:59:40Z'), 'fr', now, 'Africa/Douala')).toBe(
      'il y a moins d’une minute',
    );
  });

  it('never says "in" for a clock a little behind the server', () => {
    expect(formatTimeAgo(at('2026-11-26T07:00:05Z'), 'en', now, 'UTC')).toBe('less than a minute ago');
  });
});
