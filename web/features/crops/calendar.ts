// The dates of the crop screen: seasons (2026-1 planted January–June, 2026-2 July–December, 2026 the year), the
// span a season's timeline draws, and where a day falls on it.
import type { TStage } from '../../../contract/crop-plans';

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day.slice(0, 10)}T00:00:00Z`);

/** The half-year season a day is in ('2026-11-27' → '2026-2'). */
export function seasonOf(day: string): string {
  return `${day.slice(0, 4)}-${Number(day.slice(5, 7)) <= 6 ? 1 : 2}`;
}

/** The seasons the picker offers around today: last year's, this year's and next year's, halves then the year. */
export function seasonChoices(today: string): string[] {
  const year = Number(today.slice(0, 4));
  return [year - 1, year, year + 1].flatMap((y) => [`${y}-1`, `${y}-2`, `${y}`]);
}

/** The first and last day of a season. */
export function seasonSpan(season: string): { start: string; end: string } {
  const [year, half] = season.split('-');
  if (half === '1') {
    return { start: `${year}-01-01`, end: `${year}-06-30` };
  }
  if (half === '2') {
    return { start: `${year}-07-01`, end: `${year}-12-31` };
  }
  return { start: `${year}-01-01`, end: `${year}-12-31` };
}

export interface Span {
  start: string;
  end: string;
}

/** What the timeline draws: the season, stretched to hold every plan's stages and harvest window. */
export function timelineSpan(
  season: string,
  plans: readonly { stages: TStage[]; expectedHarvest: { to: string } }[],
): Span {
  let { start, end } = seasonSpan(season);
  for (const plan of plans) {
    for (const day of [plan.stages[0]?.start, plan.expectedHarvest.to, plan.stages.at(-1)?.end]) {
      if (day && dayMs(day) < dayMs(start)) {
        start = day.slice(0, 10);
      }
      if (day && dayMs(day) > dayMs(end)) {
        end = day.slice(0, 10);
      }
    }
  }
  return { start, end };
}

/** Where `day` falls on `span`, as a percentage of its width (0 at its first day, 100 after its last). */
export function offsetPercent(day: string, span: Span): number {
  const width = dayMs(span.end) + DAY_MS - dayMs(span.start);
  const at = ((dayMs(day) - dayMs(span.start)) / width) * 100;
  return Math.min(100, Math.max(0, at));
}

/** A stretch of days as a left offset and a width (percentages of the span), never narrower than a sliver. */
export function segment(from: string, to: string, span: Span): { left: number; width: number } {
  const left = offsetPercent(from, span);
  const right = offsetPercent(localNext(to), span);
  return { left, width: Math.max(0.5, right - left) };
}

/** The day after `day` (a stage's end is its last day, drawn to the end of that day). */
function localNext(day: string): string {
  return new Date(dayMs(day) + DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayMs(to) - dayMs(from)) / DAY_MS);
}
