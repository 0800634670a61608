// Farm alerts from the analytics (late-blight risk, frost), raised as readings arrive and told once to the farm's members.
import { DAY_MS } from '../../../contract/constants';
import type { CropKey } from '../../../contract/crops';
import type { Tx } from '../../db/client';
import { type NotifyContext, notify } from '../../notifications';
import { CROPS } from '../agronomy/crops';
import { aggregateDaily, type DailyWeather } from '../agronomy/daily';
import { dayNumberOfTime } from '../agronomy/dates';
import type { BlightPeriod } from '../agronomy/disease-periods';
import { assessLateBlight } from '../agronomy/pest-risk';
import type { FarmRow } from '../farm-access-cache';
import { insertNewFarmAlerts, listMembers } from '../farms.repo';
import type { farmAlerts } from '../farms.schema';
import { readingsBetween } from './sensors.repo';

export type FarmAlertKind = (typeof farmAlerts.$inferInsert)['kind'];

/** An alert the weather of one day shows, before it is stored. */
export interface RaisedAlert {
  kind: FarmAlertKind;
  /** YYYY-MM-DD, the UTC day the analytics aggregate the readings by. */
  day: string;
  details: Record<string, string | number | null>;
}

/**
 * A day whose minimum air temperature is at or below this is a frost day [°C]: the freezing point of water (the
 * agronomy tables hold no frost threshold per crop, so one value serves every crop).
 */
export const FROST_MAX_TMIN = 0;

/**
 * Readings older than this never alert: a backfilled CSV from months ago is history, and telling people to protect
 * a crop from weather long past would teach them to ignore the alerts.
 */
export const ALERT_MAX_AGE_MS = 2 * DAY_MS;

/**
 * The late-blight periods that meet the Hutton criteria (both days ≥ 10 °C minimum and ≥ 6 h at RH ≥ 90 %): the
 * ones the pest analysis scores ≥ 0.8 and answers with "protect the crop". A half Smith period is only a watch there.
 */
const HIGH_RISK_PERIODS: ReadonlySet<BlightPeriod> = new Set(['full_smith', 'smith_near_miss', 'hutton']);

/** The catalogue entry each kind's text is (no placeholders: a translated `…Key` value is not interpolated). */
const ALERT_TEXT_KEYS: Record<FarmAlertKind, string> = {
  late_blight: 'notifications.alerts.late_blight',
  frost: 'notifications.alerts.frost',
};

/** The UTC days (day numbers, ascending) touched by readings no older than ALERT_MAX_AGE_MS at `now`. */
export function recentDays(times: readonly Date[], now: number): number[] {
  const days = new Set<number>();
  for (const time of times) {
    if (now - time.getTime() <= ALERT_MAX_AGE_MS) {
      days.add(dayNumberOfTime(time.getTime()));
    }
  }
  return [...days].sort((a, b) => a - b);
}

/** A frost on the day: its lowest air temperature at or below FROST_MAX_TMIN. */
function frostAlert(day: DailyWeather): RaisedAlert | null {
  // A minimum from a few readings can only be higher than the true one, so a frost seen is a frost.
  if (day.tmin === null || day.tmin > FROST_MAX_TMIN) {
    return null;
  }
  return { kind: 'frost', day: day.date, details: { minTemp: day.tmin } };
}

/** A late-blight period ending on the day, judged with the day before exactly as the pest analysis judges it. */
function lateBlightAlert(dayBefore: DailyWeather | undefined, day: DailyWeather): RaisedAlert | null {
  const { period } = assessLateBlight(dayBefore, [day]);
  if (period === null || !HIGH_RISK_PERIODS.has(period)) {
    return null;
  }
  return {
    kind: 'late_blight',
    day: day.date,
    details: { period, minTemp: day.tmin, humidHours: day.hoursRhAtLeast90 },
  };
}

/**
 * The alerts the daily weather shows on `alertDays`: frost for every crop, late blight only for a blight host
 * (potato, tomato: the crop table's `blightHost`, as the pest analysis decides).
 */
export function alertsForDays(
  days: readonly DailyWeather[],
  alertDays: readonly number[],
  options: { blightHost: boolean },
): RaisedAlert[] {
  const byNumber = new Map(days.map((d) => [d.dayNumber, d]));
  const alerts: RaisedAlert[] = [];
  for (const dayNumber of alertDays) {
    const day = byNumber.get(dayNumber);
    if (day === undefined) {
      continue;
    }
    const blight = options.blightHost ? lateBlightAlert(byNumber.get(dayNumber - 1), day) : null;
    for (const alert of [blight, frostAlert(day)]) {
      if (alert !== null) {
        alerts.push(alert);
      }
    }
  }
  return alerts;
}

/** The farm's daily weather over the given days and the day before the first, from every stored reading of them. */
async function dailyWeather(tx: Tx, farmId: number, days: readonly number[]): Promise<DailyWeather[]> {
  const first = days[0];
  const last = days[days.length - 1];
  if (first === undefined || last === undefined) {
    return [];
  }
  const rows = await readingsBetween(
    tx,
    farmId,
    new Date((first - 1) * DAY_MS),
    new Date((last + 1) * DAY_MS - 1),
  );
  return aggregateDaily(rows.map((r) => ({ timestamp: r.ts, type: r.type, value: r.value }))).days;
}

/**
 * Judges the recent days the new readings touch (with every reading stored for them, in the ingest's transaction)
 * and tells the farm's members of each alert not raised before: readings sent again, or more readings of a day
 * already alerted, stay quiet.
 */
export async function raiseFarmAlerts(
  tx: Tx,
  ctx: NotifyContext,
  options: { farm: Pick<FarmRow, 'id' | 'name' | 'crop'>; times: readonly Date[] },
): Promise<void> {
  const { farm } = options;
  const days = recentDays(options.times, Date.now());
  if (days.length === 0) {
    return;
  }
  const crop = CROPS[farm.crop as CropKey] as (typeof CROPS)[CropKey] | undefined;
  const raised = alertsForDays(await dailyWeather(tx, farm.id, days), days, {
    blightHost: crop?.blightHost ?? false,
  });
  const fresh = await insertNewFarmAlerts(tx, farm.id, raised);
  if (fresh.length === 0) {
    return;
  }
  // Every member hears it, viewers included: weather that threatens the crop concerns whoever follows the farm.
  const recipients = (await listMembers(tx, farm.id)).map((m) => m.member.userId);
  for (const alert of fresh) {
    await notify(tx, ctx, recipients, {
      type: 'farm_alert',
      data: { farm: farm.name, alertKey: ALERT_TEXT_KEYS[alert.kind], day: alert.day, ...alert.details },
      link: `/farms?farm=${farm.id}`,
    });
  }
}
