// The root-zone water balance over the resource analysis window, and its sums over the window's days.
import { type AnalysisContext, balanceSeries, buildSeries, measuredClimate, type SeriesDay } from './context';
import type { SeasonPhase } from './kc';
import { et0Quality } from './quality';
import type { BalanceStep } from './water-balance';

/** Balance at most this far back before the window, so the window starts from a modelled depletion. */
const BALANCE_LOOKBACK_DAYS = 365;

/** The root-zone balance run up to the window's end, and the window's part of it. */
export interface WindowBalance {
  balanceStart: number;
  /** Whether Kc was adjusted to a measured climate. */
  climateAdjusted: boolean;
  series: SeriesDay[];
  windowDays: SeriesDay[];
  windowSteps: BalanceStep[];
  taw: number;
  rootDepth: number;
  hasWeather: boolean;
}

export function balanceWindow(analysis: AnalysisContext, start: number, end: number): WindowBalance {
  const { crop } = analysis;
  const firstDataDay = analysis.days[0]?.dayNumber ?? start;
  const balanceStart = Math.min(
    start,
    Math.max(firstDataDay, analysis.plantingDay ?? firstDataDay, end - BALANCE_LOOKBACK_DAYS),
  );
  // Kc_mid/Kc_end are adjusted (eq. 62/65) to the window's measured climate, the one the advice is about.
  const climate = measuredClimate(analysis, start, end);
  const series = buildSeries(analysis, balanceStart, end, climate);
  // The smaller Table 22 root depth: FAO-56 fn 1 advises it for irrigation scheduling.
  const rootDepth = crop.rootDepth.min;
  const { steps, taw } = balanceSeries(analysis, series, rootDepth);
  const offset = start - balanceStart;
  return {
    balanceStart,
    climateAdjusted: climate !== null,
    series,
    windowDays: series.slice(offset),
    windowSteps: steps.slice(offset),
    taw,
    rootDepth,
    hasWeather: series.some((d) => d.et0Result !== null),
  };
}

/** Sums over the window's days, the irrigation advised and the state on its last day. */
export interface WindowTotals {
  n: number;
  et0Sum: number;
  etc: number;
  effectiveRain: number;
  current: number;
  kcSum: number;
  quality: number;
  rainMissing: number;
  recommended: number;
  savings: number;
  last: SeriesDay | undefined;
  lastStep: BalanceStep | undefined;
  phase: SeasonPhase | null;
}

export function windowTotals({ windowDays, windowSteps, hasWeather }: WindowBalance): WindowTotals {
  let et0Sum = 0;
  let etc = 0;
  let effectiveRain = 0;
  let current = 0;
  let kcSum = 0;
  let quality = 0;
  let rainMissing = 0;
  windowDays.forEach((day, i) => {
    et0Sum += day.et0;
    etc += windowSteps[i]?.etc ?? 0;
    effectiveRain += windowSteps[i]?.effectiveRain ?? 0;
    current += day.irrigation;
    kcSum += day.crop.kc;
    quality += et0Quality(day.et0Result);
    if (!day.rainMeasured) {
      rainMissing++;
    }
  });
  const n = windowDays.length;
  const recommended = hasWeather ? Math.max(0, etc - effectiveRain) : 0;
  const savings =
    hasWeather && current > recommended && current > 0 ? ((current - recommended) / current) * 100 : 0;
  const last = windowDays[n - 1];
  return {
    n,
    et0Sum,
    etc,
    effectiveRain,
    current,
    kcSum,
    quality,
    rainMissing,
    recommended,
    savings,
    last,
    lastStep: windowSteps[n - 1],
    phase: last?.crop.phase ?? null,
  };
}
