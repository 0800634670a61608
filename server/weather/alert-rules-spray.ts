// Spray windows: 6 daytime hours with no rain and wind under the label limit, for plans that call for a spray.
import { HOUR_MS } from '../../contract/constants';
import type { TWeatherAlert } from '../../contract/weather';
import { round } from '../farms';
import type { RuleHour, RuleInput } from './alert-rules-input';

/**
 * Upper wind limit at spray height [m/s]: 10 mph (4.47 m/s), the US EPA drift-reduction label statement "apply only
 * when the wind speed is less than 10 mph" (EPA-drafted label language, e.g. Guthion Solupak 50 %, 2003, as quoted
 * by Clemson Cooperative Extension, "Drift reduction labeling").
 */
export const SPRAY_WIND_LIMIT_MS = 4.5;
/** Hours of no rain a spray needs to dry on the leaves (the rule). */
export const SPRAY_WINDOW_HOURS = 6;
/** An hour with less rain than this [mm] is dry (the provider's resolution, 0.1 mm). */
export const NO_RAIN_MM = 0.1;
/** Windows start in daylight working hours, local time, 06:00 to 16:00 (app convention). */
const FIRST_START_HOUR = 6;
const LAST_START_HOUR = 16;
/** The provider's wind is measured at 10 m. */
const WIND_HEIGHT_M = 10;

/** Wind at 2 m from wind at z m, FAO-56 (Allen et al. 1998) eq. 47: u2 = uz · 4.87 / ln(67.8 z − 5.42). */
export function windAt2m(uz: number, z = WIND_HEIGHT_M): number {
  return (uz * 4.87) / Math.log(67.8 * z - 5.42);
}

function localTime(ts: Date, utcOffsetSeconds: number): Date {
  return new Date(ts.getTime() + utcOffsetSeconds * 1000);
}

function sprayable(hour: RuleHour): boolean {
  return (
    hour.rain !== null &&
    hour.rain < NO_RAIN_MM &&
    hour.wind !== null &&
    windAt2m(hour.wind) < SPRAY_WIND_LIMIT_MS
  );
}

/** Each hour stands for the hour it starts; a window is SPRAY_WINDOW_HOURS consecutive sprayable hours. */
function firstWindow(hours: readonly RuleHour[], utcOffsetSeconds: number): RuleHour[] | null {
  for (let i = 0; i + SPRAY_WINDOW_HOURS <= hours.length; i++) {
    const window = hours.slice(i, i + SPRAY_WINDOW_HOURS);
    const first = window[0];
    if (first === undefined) {
      break;
    }
    const startHour = localTime(first.ts, utcOffsetSeconds).getUTCHours();
    const hourly = window.every((h, k) => h.ts.getTime() === first.ts.getTime() + k * HOUR_MS);
    if (startHour >= FIRST_START_HOUR && startHour <= LAST_START_HOUR && hourly && window.every(sprayable)) {
      return window;
    }
  }
  return null;
}

/** One alert per plan that calls for a spray, at the first window in the forecast; none when there is none. */
export function sprayWindowAlerts(input: RuleInput): TWeatherAlert[] {
  const window = firstWindow(input.hours, input.utcOffsetSeconds);
  const first = window?.[0];
  const last = window?.[window.length - 1];
  if (window === null || first === undefined || last === undefined) {
    return [];
  }
  const windMs = Math.max(...window.map((h) => windAt2m(h.wind ?? 0)));
  const facts = {
    from: first.ts.toISOString(),
    to: new Date(last.ts.getTime() + HOUR_MS).toISOString(),
    windMs: round(windMs, 1),
  };
  const day = localTime(first.ts, input.utcOffsetSeconds).toISOString().slice(0, 10);
  const planIds = [...new Set(input.sprayCalls.map((call) => call.planId))];
  return planIds.flatMap((planId) => {
    const plan = input.plans.find((p) => p.id === planId);
    if (plan === undefined) {
      return [];
    }
    return [
      {
        kind: 'spray_window' as const,
        planId,
        lotId: null,
        crop: plan.crop,
        plotName: plan.plotName,
        day,
        facts,
      },
    ];
  });
}
