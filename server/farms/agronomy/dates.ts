// Calendar helpers on UTC day numbers (days since 1970-01-01), so day arithmetic never meets time zones.
import { DAY_MS } from '../../../contract/constants';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** UTC day number of an instant. */
export function dayNumberOfTime(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** UTC day number of a 'YYYY-MM-DD' date, or null when the text is not a real calendar date. */
export function dayNumberOfIso(iso: string): number | null {
  const match = ISO_DATE.exec(iso);
  if (!match) {
    return null;
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) {
    return null;
  }
  return ms / DAY_MS;
}

/** 'YYYY-MM-DD' of a UTC day number. */
export function isoOfDayNumber(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** Day of the year J (1 on 1 January), as FAO-56 Table 2.5 counts it. */
export function dayOfYear(dayNumber: number): number {
  const year = new Date(dayNumber * DAY_MS).getUTCFullYear();
  return dayNumber - Date.UTC(year, 0, 1) / DAY_MS + 1;
}
