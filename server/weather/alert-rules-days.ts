// Local calendar days for the alert rules: ISO dates ('YYYY-MM-DD', which compare as text), dry days, plan stages.
import { DRY_DAY_MM } from '../../contract/weather';
import { dayNumberOfIso, isoOfDayNumber } from '../farms';
import type { RuleDay, RulePlan } from './alert-rules-input';

/** The date `days` after `iso` (before, when negative); null when `iso` is not a calendar date. */
export function shiftDate(iso: string, days: number): string | null {
  const day = dayNumberOfIso(iso);
  return day === null ? null : isoOfDayNumber(day + days);
}

/** A day known to be dry (ETCCDI's dry day, < 1 mm); a day without data is not known to be anything. */
export function isKnownDry(day: RuleDay): boolean {
  return day.rainMm !== null && day.rainMm < DRY_DAY_MM;
}

/** The past days, then the forecast from today on: one series, oldest first. */
export function allDays(input: { today: string; past: RuleDay[]; forecast: RuleDay[] }): RuleDay[] {
  return [
    ...input.past.filter((d) => d.date < input.today),
    ...input.forecast.filter((d) => d.date >= input.today),
  ];
}

/** Runs of consecutive days for which `test` holds, as [first, last] indexes into `days`. */
export function runsOf(days: readonly RuleDay[], test: (day: RuleDay) => boolean): [number, number][] {
  const runs: [number, number][] = [];
  let start = -1;
  days.forEach((day, i) => {
    const previous = days[i - 1];
    const follows = previous !== undefined && shiftDate(previous.date, 1) === day.date;
    if (test(day) && start >= 0 && follows) {
      return;
    }
    if (start >= 0) {
      runs.push([start, i - 1]);
    }
    start = test(day) ? i : -1;
  });
  if (start >= 0) {
    runs.push([start, days.length - 1]);
  }
  return runs;
}

type Stage = RulePlan['stages'][number];

export function stageOf(plan: RulePlan, key: Stage['key']): Stage | undefined {
  return plan.stages.find((s) => s.key === key);
}

export function within(date: string, stage: { start: string; end: string }): boolean {
  return date >= stage.start && date <= stage.end;
}
