// How orders show their figures: days and moments in the user's locale (tons: formatTons in lib/format).

import { formatDate, formatDay } from '../../../lib/format';

/** A moment of the timeline: 'Jul 6, 2026, 3:04 PM', '6 juil. 2026, 15:04'. */
export const moment = (iso: string, language: string) => formatDate(iso, language, 'PPp');

/** A calendar day; a bare 'YYYY-MM-DD' (a payment's day) is that day here, not midnight UTC. */
export function day(value: string, language: string): string {
  const bare = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return formatDay(bare ? new Date(Number(bare[1]), Number(bare[2]) - 1, Number(bare[3])) : value, language);
}
