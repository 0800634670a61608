// Pest and disease risk from published weather rules (blight periods, TOMCAST, insect degree days) and survey sightings.
import { MIN_HOURS_FOR_DAILY_EXTREMES } from './constants';
import type { DailyWeather } from './daily';
import {
  BLIGHT_PERIOD_SCORE,
  type BlightPeriod,
  blightPeriod,
  tomcastDsv,
  tomcastRiskClass,
} from './disease-periods';
import { type InsectModel, singleSineDegreeDays } from './insects';

export interface LateBlightAssessment {
  /** The most severe period whose second day lies in the window, with that day's date. */
  period: BlightPeriod | null;
  date: string | null;
  score: number;
  /** Day pairs that could be judged (enough hourly humidity, or the criteria met anyway). */
  pairsEvaluated: number;
  pairs: number;
}

/** Late-blight periods over the pairs of consecutive days ending in `days` (the day before the window included). */
export function assessLateBlight(
  dayBefore: DailyWeather | undefined,
  days: readonly (DailyWeather | undefined)[],
): LateBlightAssessment {
  let best: BlightPeriod | null = null;
  let bestScore = 0;
  let date: string | null = null;
  let evaluated = 0;
  let previous = dayBefore;
  for (const day of days) {
    const first = previous;
    previous = day;
    if (first?.tmin == null || day?.tmin == null) {
      continue;
    }
    const period = blightPeriod(
      { tmin: first.tmin, humidHours: first.hoursRhAtLeast90 },
      { tmin: day.tmin, humidHours: day.hoursRhAtLeast90 },
    );
    const covered =
      first.humidityHours >= MIN_HOURS_FOR_DAILY_EXTREMES &&
      day.humidityHours >= MIN_HOURS_FOR_DAILY_EXTREMES;
    // Humid hours can only be under-counted when hours are missing, so a period found is found.
    if (!covered && period === null) {
      continue;
    }
    evaluated++;
    if (period !== null && BLIGHT_PERIOD_SCORE[period] >= bestScore) {
      best = period;
      bestScore = BLIGHT_PERIOD_SCORE[period];
      date = day.date;
    }
  }
  return { period: best, date, score: bestScore, pairsEvaluated: evaluated, pairs: days.length };
}

export interface EarlyBlightAssessment {
  dsvSum: number;
  riskClass: number;
  score: number;
  daysEvaluated: number;
}

/** TOMCAST severity values summed over the window; days without enough hourly humidity are skipped. */
export function assessEarlyBlight(days: readonly (DailyWeather | undefined)[]): EarlyBlightAssessment {
  let dsvSum = 0;
  let evaluated = 0;
  for (const day of days) {
    if (day === undefined || day.humidityHours < MIN_HOURS_FOR_DAILY_EXTREMES) {
      continue;
    }
    if (day.hoursRhAtLeast90 > 0 && day.meanTempRhAtLeast90 === null) {
      continue;
    }
    evaluated++;
    dsvSum += day.hoursRhAtLeast90 > 0 ? tomcastDsv(day.hoursRhAtLeast90, day.meanTempRhAtLeast90 ?? 0) : 0;
  }
  const riskClass = tomcastRiskClass(dsvSum);
  // Risk classes 1–4 of the UW-Madison tool mapped to 0.25–1 (app convention).
  return { dsvSum, riskClass, score: riskClass / 4, daysEvaluated: evaluated };
}

export interface InsectAssessment {
  /** Degree days over the window and the days that had temperatures. */
  windowDegreeDays: number;
  windowDays: number;
  /** Generations per 30 days at the window's development rate; the risk score is this, at most 1. */
  generationsPerMonth: number;
  /** Generations completed since the biofix (planting or a year back). */
  generations: number;
  score: number;
}

/**
 * Thermal suitability for an insect: the risk score is the number of generations 30 days of the window's weather
 * would complete (app convention: one generation a month or more counts as full risk).
 */
export function assessInsect(
  model: InsectModel,
  seasonDays: readonly (DailyWeather | undefined)[],
  windowDays: readonly (DailyWeather | undefined)[],
): InsectAssessment {
  const dd = (day: DailyWeather | undefined): number | null =>
    day?.tmin != null && day.tmax != null
      ? singleSineDegreeDays(day.tmin, day.tmax, model.lower, model.upper)
      : null;
  let seasonTotal = 0;
  for (const day of seasonDays) {
    seasonTotal += dd(day) ?? 0;
  }
  let windowTotal = 0;
  let windowCount = 0;
  for (const day of windowDays) {
    const value = dd(day);
    if (value !== null) {
      windowTotal += value;
      windowCount++;
    }
  }
  const perMonth = windowCount > 0 ? ((windowTotal / windowCount) * 30) / model.degreeDaysPerGeneration : 0;
  return {
    windowDegreeDays: windowTotal,
    windowDays: windowCount,
    generationsPerMonth: perMonth,
    generations: seasonTotal / model.degreeDaysPerGeneration,
    score: Math.min(1, perMonth),
  };
}

export interface Sighting {
  name: string;
  severity: number;
  date: string;
}

/** Survey sightings per pest (names compared case-insensitively): the highest severity, then the latest date. */
export function summariseSightings(
  surveys: readonly { date: string; pests: readonly { name: string; severity: number }[] }[],
): Sighting[] {
  const byName = new Map<string, Sighting>();
  for (const survey of surveys) {
    for (const pest of survey.pests) {
      const name = pest.name.trim();
      if (name === '' || !Number.isFinite(pest.severity)) {
        continue;
      }
      const severity = Math.min(3, Math.max(0, Math.round(pest.severity)));
      const key = name.toLowerCase();
      const known = byName.get(key);
      if (
        known === undefined ||
        severity > known.severity ||
        (severity === known.severity && survey.date > known.date)
      ) {
        byName.set(key, { name, severity, date: survey.date });
      }
    }
  }
  return [...byName.values()];
}
