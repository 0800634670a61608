// Pest risk analysis: weather rules for the crop over the week ending at the latest reading, plus survey sightings.
import { MIN_HOURS_FOR_DAILY_EXTREMES, SIGHTING_LOOKBACK_DAYS } from './constants';
import { type AnalysisContext, analysisWindow, periodInputs } from './context';
import type { DailyWeather } from './daily';
import { FALL_ARMYWORM } from './insects';
import { cropDay } from './kc';
import {
  type MethodRef,
  type MissingMessage,
  method,
  missing,
  type RecommendationMessage,
  reason,
  recommendation,
  riskName,
  source,
} from './messages';
import { round, score } from './numbers';
import { assessEarlyBlight, assessInsect, assessLateBlight, summariseSightings } from './pest-risk';
import { commonMissing, sensorRecommendations } from './quality';
import type { PestRiskData, Risk } from './types';

const RULES = method('pest_risk_rules', source('pest_risk_rules'));

/** The insect biofix is planting, at most a year back (a perennial's pests do not accumulate for ever). */
const INSECT_LOOKBACK_DAYS = 365;

/** What the rules found so far; each rule appends to these lists in the order the result shows them. */
interface Findings {
  missing: MissingMessage[];
  recs: RecommendationMessage[];
  methods: MethodRef[];
  risks: Risk[];
  /** Share of the window each weather rule could judge, 0–1. */
  coverage: number[];
}

export function analysePests(analysis: AnalysisContext): PestRiskData {
  const window = analysisWindow(analysis);
  const found: Findings = {
    missing: commonMissing(analysis),
    recs: [],
    methods: [RULES],
    risks: [],
    coverage: [],
  };
  if (window === null) {
    return noWindowResult(analysis, found);
  }
  const { start, end } = window;
  const { crop } = analysis;
  const days: (DailyWeather | undefined)[] = [];
  for (let d = start; d <= end; d++) {
    days.push(analysis.dayByNumber.get(d));
  }
  const phase = analysis.plantingDay === null ? null : cropDay(crop, end - analysis.plantingDay).phase;
  const inSeason = phase !== null && phase !== 'not_planted' && phase !== 'after_season';
  let weatherRules = 0;

  if (crop.blightHost) {
    weatherRules++;
    assessBlights(analysis, start, days, found);
  }
  if (crop.fallArmywormHost && inSeason && analysis.plantingDay !== null) {
    weatherRules++;
    assessArmyworm(analysis, analysis.plantingDay, end, days, found);
  }
  if (weatherRules === 0) {
    found.missing.push(missing('no_weather_rule_for_crop'));
  }
  const recentSurveys = addSightings(analysis, end, found);

  const { risks, recs } = found;
  risks.sort((a, b) => b.score - a.score);
  const riskScore = risks.reduce((max, r) => Math.max(max, r.score), 0);
  if (recs.length === 0 && risks.length > 0) {
    recs.push(recommendation('no_pest_action'));
  }
  const inputs = periodInputs(analysis, start, end);
  if (crop.blightHost && inputs.readings.humidity === 0) {
    recs.push(recommendation('add_humidity_sensor'));
  }
  if (weatherRules > 0 && inputs.readings.temperature + inputs.readings.temperature_min === 0) {
    recs.push(recommendation('add_temperature_sensor'));
  }

  return {
    method: RULES,
    methods: found.methods,
    inputs,
    missing: found.missing,
    confidenceScore: pestConfidence(found.coverage, recentSurveys),
    recommendations: recs,
    riskScore: score(riskScore),
    risks,
  };
}

/** No reading at all: nothing to judge, so the advice is to scout and add sensors. */
function noWindowResult(analysis: AnalysisContext, found: Findings): PestRiskData {
  found.missing.push(missing('no_surveys'));
  const inputs = periodInputs(analysis, null, null);
  return {
    method: RULES,
    methods: found.methods,
    inputs,
    missing: found.missing,
    confidenceScore: 0,
    recommendations: [recommendation('record_scouting'), ...sensorRecommendations(inputs.readings)],
    riskScore: 0,
    risks: [],
  };
}

/** Late blight (Smith / Hutton periods) and early blight (TOMCAST) over the window. */
function assessBlights(
  analysis: AnalysisContext,
  start: number,
  days: readonly (DailyWeather | undefined)[],
  found: Findings,
): void {
  const { missing: missingList, recs, methods, risks, coverage } = found;
  methods.push(method('late_blight_periods', source('late_blight_periods')));
  const late = assessLateBlight(analysis.dayByNumber.get(start - 1), days);
  coverage.push(late.pairsEvaluated / late.pairs);
  if (late.pairsEvaluated === 0) {
    missingList.push(missing('hourly_humidity_missing', { hours: MIN_HOURS_FOR_DAILY_EXTREMES }));
  } else {
    risks.push({
      name: riskName('late_blight'),
      score: score(late.score),
      reason:
        late.period === null
          ? reason('no_blight_period', { days: late.pairsEvaluated })
          : reason(late.period, { date: late.date ?? '' }),
    });
    if (late.score >= 0.8) {
      recs.push(recommendation('late_blight_protect'));
    } else if (late.score >= 0.5) {
      recs.push(recommendation('late_blight_watch'));
    }
  }
  methods.push(method('tomcast', source('tomcast')));
  const early = assessEarlyBlight(days);
  coverage.push(early.daysEvaluated / days.length);
  if (early.daysEvaluated > 0) {
    risks.push({
      name: riskName('early_blight'),
      score: score(early.score),
      reason: reason('tomcast_dsv', { dsv: early.dsvSum, days: early.daysEvaluated }),
    });
    if (early.riskClass >= 3) {
      recs.push(recommendation('early_blight_protect', { dsv: early.dsvSum }));
    }
  }
}

/** Fall armyworm degree days since planting (at most a year back), judged over the window. */
function assessArmyworm(
  analysis: AnalysisContext,
  plantingDay: number,
  end: number,
  days: readonly (DailyWeather | undefined)[],
  found: Findings,
): void {
  const { missing: missingList, recs, methods, risks, coverage } = found;
  methods.push(method('insect_degree_days', source(FALL_ARMYWORM.source)));
  const seasonDays: (DailyWeather | undefined)[] = [];
  for (let d = Math.max(plantingDay, end - INSECT_LOOKBACK_DAYS); d <= end; d++) {
    seasonDays.push(analysis.dayByNumber.get(d));
  }
  const faw = assessInsect(FALL_ARMYWORM, seasonDays, days);
  coverage.push(faw.windowDays / days.length);
  if (faw.windowDays === 0) {
    missingList.push(missing('no_temperature'));
  } else {
    risks.push({
      name: riskName('fall_armyworm'),
      score: score(faw.score),
      reason: reason('faw_degree_days', {
        degreeDays: round(faw.windowDegreeDays, 1),
        perMonth: round(faw.generationsPerMonth, 2),
        generations: round(faw.generations, 1),
      }),
    });
    if (faw.score >= 0.5) {
      recs.push(recommendation('faw_scout', { generations: round(faw.generations, 1) }));
    }
  }
}

/** Pests reported in recent surveys; returns how many surveys were recent. */
function addSightings(analysis: AnalysisContext, end: number, found: Findings): number {
  const { missing: missingList, recs, methods, risks } = found;
  const recentSurveys = analysis.surveys.filter(
    (s) => s.dayNumber > end - SIGHTING_LOOKBACK_DAYS && s.dayNumber <= end,
  );
  if (recentSurveys.length === 0) {
    missingList.push(missing('no_surveys'));
    recs.push(recommendation('record_scouting'));
  } else {
    methods.push(method('survey_sightings', source('survey_sightings')));
  }
  for (const sighting of summariseSightings(recentSurveys)) {
    if (sighting.severity === 0) {
      continue;
    }
    risks.push({
      name: riskName('reported_pest', { pest: sighting.name }),
      score: score(sighting.severity / 3),
      reason: reason('survey_sighting', { severity: sighting.severity, date: sighting.date }),
    });
    recs.push(
      recommendation(sighting.severity >= 2 ? 'treat_reported_pest' : 'monitor_reported_pest', {
        pest: sighting.name,
      }),
    );
  }
  return recentSurveys.length;
}

/** Confidence (app weighting): how much of the window the crop's weather rules could judge, and recent scouting. */
function pestConfidence(coverage: readonly number[], recentSurveys: number): number {
  const weatherPart = coverage.length > 0 ? coverage.reduce((a, b) => a + b, 0) / coverage.length : 0;
  const scoutingPart = recentSurveys > 0 ? 1 : 0;
  return score(0.7 * weatherPart + 0.3 * scoutingPart);
}
