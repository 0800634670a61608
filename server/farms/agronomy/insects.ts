// Insect development by degree days (single-sine method, horizontal cut-off) and the fall armyworm parameters.
import type { SourceName } from './messages';

/**
 * Degree days of one day by the single-sine method with a horizontal upper cut-off (Baskerville & Emin 1969;
 * the method UC IPM recommends): the daily temperature is a sine between Tmin and Tmax, development accrues
 * between the lower and upper thresholds.
 */
export function singleSineDegreeDays(tmin: number, tmax: number, lower: number, upper: number): number {
  const lo = Math.min(tmin, tmax);
  const hi = Math.max(tmin, tmax);
  if (hi <= lower) {
    return 0;
  }
  if (lo >= upper) {
    return upper - lower;
  }
  const mean = (hi + lo) / 2;
  if (lo >= lower && hi <= upper) {
    return mean - lower;
  }
  const amplitude = (hi - lo) / 2;
  const half = Math.PI / 2;
  // Phase angles where the sine crosses the thresholds (clamped: a threshold outside the range gives ±π/2).
  const crossing = (threshold: number): number =>
    Math.asin(Math.min(1, Math.max(-1, (threshold - mean) / amplitude)));
  const t1 = lo < lower ? crossing(lower) : -half;
  const t2 = hi > upper ? crossing(upper) : half;
  const between = (mean - lower) * (t2 - t1) + amplitude * (Math.cos(t1) - Math.cos(t2));
  const capped = (upper - lower) * (half - t2);
  return (between + capped) / Math.PI;
}

export interface InsectModel {
  lower: number;
  upper: number;
  degreeDaysPerGeneration: number;
  /** Its sources in the agronomy catalogue (web/locales/{en,fr}/agronomy.json `source.*`). */
  source: SourceName;
}

/**
 * Fall armyworm (Spodoptera frugiperda): lower threshold 13.01 °C and 391.02 degree days per generation as used in
 * J. Yearsley's species parameters (threshold from Du Plessis et al. 2020); development slows between 33 and
 * 35.5 °C (Ali et al. 1990), hence the 33 °C cut-off.
 */
export const FALL_ARMYWORM: InsectModel = {
  lower: 13.01,
  upper: 33,
  degreeDaysPerGeneration: 391.02,
  source: 'fall_armyworm_degree_days',
};
