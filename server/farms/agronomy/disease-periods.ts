// Weather rules for potato and tomato blights: Smith periods and Hutton criteria (late blight), TOMCAST (early blight).

export interface HumidDay {
  /** Daily minimum air temperature [°C]. */
  tmin: number;
  /** Hours with relative humidity ≥ 90 %. */
  humidHours: number;
}

/** Late-blight periods from two consecutive days, most to least severe. */
export type BlightPeriod = 'full_smith' | 'smith_near_miss' | 'hutton' | 'half_smith';

/** One day of a Smith period: minimum temperature ≥ 10 °C and ≥ 11 h with RH ≥ 90 % (Smith 1956, Blightwatch). */
export function isSmithDay(day: HumidDay): boolean {
  return day.tmin >= 10 && day.humidHours >= 11;
}

/** One day of a Hutton period: minimum temperature ≥ 10 °C and ≥ 6 h with RH ≥ 90 % (AHDB / James Hutton Institute). */
export function isHuttonDay(day: HumidDay): boolean {
  return day.tmin >= 10 && day.humidHours >= 6;
}

/**
 * The most severe late-blight period formed by two consecutive days, or null. Full Smith: both days meet the
 * Smith criteria. Near miss (Blightwatch): both minima ≥ 10 °C and both days ≥ 10 h humid, one of them only 10 h.
 * Hutton: both days meet the Hutton criteria. Half Smith: the first day alone meets the Smith criteria.
 */
export function blightPeriod(first: HumidDay, second: HumidDay): BlightPeriod | null {
  if (isSmithDay(first) && isSmithDay(second)) {
    return 'full_smith';
  }
  if (first.tmin >= 10 && second.tmin >= 10 && first.humidHours >= 10 && second.humidHours >= 10) {
    return 'smith_near_miss';
  }
  if (isHuttonDay(first) && isHuttonDay(second)) {
    return 'hutton';
  }
  if (isSmithDay(first)) {
    return 'half_smith';
  }
  return null;
}

/**
 * Score of each period (app convention mapping the published categories to 0–1): a full Smith period was the UK
 * warning threshold until 2016 and the Hutton criteria are today's, so both sit high; a half period is a watch.
 */
export const BLIGHT_PERIOD_SCORE: Record<BlightPeriod, number> = {
  full_smith: 1,
  smith_near_miss: 0.9,
  hutton: 0.85,
  half_smith: 0.5,
};

/**
 * TOMCAST daily disease severity value from wet hours (RH ≥ 90 % as the wetness proxy) and their mean temperature,
 * table of the UW-Madison Crop Risk Tool (Madden et al. 1978; Pitblado 1992).
 */
export function tomcastDsv(wetHours: number, meanTemp: number): number {
  const h = wetHours;
  const steps = (limits: number[]): number => limits.filter((limit) => h >= limit).length;
  if (meanTemp < 13) {
    return 0;
  }
  if (meanTemp < 18) {
    return steps([8, 16, 21]);
  }
  if (meanTemp < 21) {
    return steps([5, 9, 16, 23]);
  }
  if (meanTemp < 26) {
    return steps([3, 6, 13, 21]);
  }
  return steps([4, 9, 16, 23]);
}

/** Risk class 0–4 from the 7-day DSV sum (UW-Madison Crop Risk Tool thresholds 5, 10, 15, 20). */
export function tomcastRiskClass(dsvSum: number): number {
  return [5, 10, 15, 20].filter((limit) => dsvSum >= limit).length;
}
