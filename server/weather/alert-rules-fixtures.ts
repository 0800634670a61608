// Test inputs for the alert rules: a farm in Cameroon (UTC+1) on 15 July, wet weather unless a test says otherwise.
import { DAY_MS, HOUR_MS } from '../../contract/constants';
import { dayNumberOfIso, isoOfDayNumber } from '../farms';
import type { RuleDay, RuleHour, RuleInput, RulePlan } from './alert-rules-input';

export const TODAY = '2026-07-15';
/** West Africa Time. */
export const OFFSET = 3600;

export function dateAt(days: number, from = TODAY): string {
  return isoOfDayNumber((dayNumberOfIso(from) ?? 0) + days);
}

/** A day with rain, 22/30 °C and an ET0 of 5 mm. */
export function day(date: string, patch: Partial<RuleDay> = {}): RuleDay {
  return { date, rainMm: 5, tMin: 22, tMax: 30, et0Mm: 5, ...patch };
}

/** `count` days before `today`, oldest first; `patch(i)` changes the day `i` days before today (1 = yesterday). */
export function pastDays(
  count: number,
  patch: (ago: number) => Partial<RuleDay> = () => ({}),
  today = TODAY,
) {
  return Array.from({ length: count }, (_, k) => {
    const ago = count - k;
    return day(dateAt(-ago, today), patch(ago));
  });
}

/** Today and the next 6 days; `patch(i)` changes day `i` (0 = today). */
export function forecastDays(patch: (i: number) => Partial<RuleDay> = () => ({}), today = TODAY) {
  return Array.from({ length: 7 }, (_, i) => day(dateAt(i, today), patch(i)));
}

/** Dry, calm hours from local midnight of `today` for 7 days; `patch(localHourIndex)` changes one. */
export function hoursFrom(patch: (i: number) => Partial<RuleHour> = () => ({}), today = TODAY): RuleHour[] {
  const midnightUtc = (dayNumberOfIso(today) ?? 0) * DAY_MS - OFFSET * 1000;
  return Array.from({ length: 7 * 24 }, (_, i) => ({
    ts: new Date(midnightUtc + i * HOUR_MS),
    rain: 0,
    wind: 2,
    ...patch(i),
  }));
}

/** A plan whose stages follow FAO-56 Table 11 lengths from its planting date `plantedDaysAgo` days before today. */
export function plan(
  patch: Partial<RulePlan> & { plantedDaysAgo?: number; lengths?: number[] } = {},
): RulePlan {
  const { plantedDaysAgo = 60, lengths = [20, 35, 40, 30], ...rest } = patch;
  const plantingDate = dateAt(-plantedDaysAgo);
  const keys = ['initial', 'development', 'mid', 'late'] as const;
  let offset = 0;
  const stages = keys.map((key, i) => {
    const length = lengths[i] ?? 0;
    const stage = {
      key,
      start: dateAt(offset, plantingDate),
      end: dateAt(offset + length - 1, plantingDate),
    };
    offset += length;
    return stage;
  });
  const seasonEnd = dateAt(offset - 1, plantingDate);
  return {
    id: 1,
    crop: 'maize',
    plotName: 'North field',
    status: 'active',
    plantingDate,
    stages,
    expectedHarvest: { from: seasonEnd, to: dateAt(14, seasonEnd) },
    area: 1,
    ...rest,
  };
}

export function input(patch: Partial<RuleInput> = {}): RuleInput {
  return {
    today: TODAY,
    past: pastDays(60),
    forecast: forecastDays(),
    hours: hoursFrom(),
    utcOffsetSeconds: OFFSET,
    plans: [],
    sprayCalls: [],
    dryingLots: [],
    soilTexture: 'loam',
    ...patch,
  };
}

/** The same farm `hours` hours later on the same day: the hours already past are gone. */
export function laterHours(base: RuleInput, hours: number): RuleInput {
  return { ...base, hours: base.hours.slice(hours) };
}

/** The same farm a day later: today's forecast became yesterday's weather, and one more forecast day is known. */
export function nextDay(base: RuleInput, extra: Partial<RuleDay> = {}): RuleInput {
  const today = dateAt(1, base.today);
  const [first, ...rest] = base.forecast;
  const lastDate = rest[rest.length - 1]?.date ?? today;
  return {
    ...base,
    today,
    past: [...base.past.slice(1), ...(first === undefined ? [] : [first])],
    forecast: [...rest, day(dateAt(1, lastDate), extra)],
    hours: base.hours.slice(24),
  };
}
