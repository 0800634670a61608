// Input and result types of the farm analyses (the `data` object stored with each analytics item).
import type { AnalyticsType, CropKey, SensorType } from '../../../contract/crops';
import type { SeasonPhase } from './kc';
import type { Message, MethodRef, MissingMessage, RecommendationMessage } from './messages';
import type { SoilTexture } from './soils';
import type { Country, TypicalYield } from './typical-yields';

/** Accepted readings per sensor type. */
export type ReadingCounts = Record<SensorType, number>;

export type Et0Method = 'fao56_penman_monteith' | 'hargreaves';

export interface SiteInput {
  latitude: number;
  longitude: number;
  elevation: number;
  crop: CropKey;
  /** YYYY-MM-DD */
  plantingDate: string;
  soilTexture?: string | null;
  sizeHa: number;
  /** The deployment's country, for the yields its farms commonly get; null or absent: unknown. */
  country?: Country | null;
}

/** Sensor reading; the analyses accept any order but callers pass them sorted ascending by timestamp. */
export interface ReadingInput {
  timestamp: Date;
  type: SensorType;
  value: number;
}

export interface SurveyInput {
  /** YYYY-MM-DD */
  date: string;
  growthStage?: string | null;
  pests: { name: string; severity: number }[];
  irrigationMm: number;
}

export interface AnalysisInput {
  site: SiteInput;
  readings: readonly ReadingInput[];
  surveys: readonly SurveyInput[];
}

/** What an analysis used. */
export type AnalysisInputs = {
  crop: CropKey;
  /** First and last day of the analysed period (YYYY-MM-DD), null without data. */
  windowStart: string | null;
  windowEnd: string | null;
  /** Calendar days in the period and how many of them had weather readings. */
  days: number;
  daysWithData: number;
  /** Accepted readings per sensor type in the period. */
  readings: ReadingCounts;
  /** Readings ignored anywhere in the data because their value was implausible. */
  readingsRejected: number;
  /** Surveys that fell in the period. */
  surveys: number;
  /** Crop phase at the end of the period and days since planting then. */
  cropStage: SeasonPhase | null;
  daysSincePlanting: number | null;
  soilTexture: SoilTexture;
};

type CommonData = {
  /** The main method and its source. */
  method: MethodRef;
  /** Every method that contributed, the main one first. */
  methods: MethodRef[];
  inputs: AnalysisInputs;
  /** Inputs that were missing and how they were estimated or what was assumed. */
  missing: MissingMessage[];
  /** 0–1: falls when inputs were estimated or days are missing. */
  confidenceScore: number;
  recommendations: RecommendationMessage[];
};

export type Et0Day = { date: string; et0: number; method: Et0Method };

export type ResourceOptimizationData = CommonData & {
  /** Mean ET0 over the window [mm/day]. */
  et0: number;
  et0Daily: Et0Day[];
  /** Crop coefficient on the last day of the window, and the window's mean. */
  kc: number;
  kcMean: number;
  cropStage: SeasonPhase | null;
  /** Crop water need over the window, Kc × ET0 [mm]. */
  etc: number;
  /** Rain kept in the root zone over the window [mm]. */
  effectiveRainfall: number;
  /** mm over the window; savings in % of the current use (0 when under-irrigating). */
  waterUsage: { current: number; recommended: number; savings: number };
  /** Root zone at the end of the window [mm], null when no day could be balanced. */
  rootZone: { depletion: number; readilyAvailable: number; totalAvailable: number; rootDepth: number } | null;
};

export type YieldPredictionData = CommonData & {
  /** t/ha, never above the attainable yield: the water-limited potential, not a forecast of what the farm will weigh. */
  predictedYield: number;
  /**
   * What predictedYield is: what the season's water and heat allow when nothing else limits the crop. This and
   * typicalYields are absent from items stored before they were added.
   */
  estimate?: 'water_limited_potential';
  /** What farms of the country commonly get for this crop, with their sources; empty when none is documented. */
  typicalYields?: TypicalYield[];
  attainableYield: number;
  yieldProduct: string;
  attainableYieldSource: string;
  /** Ya/Ym from water stress (FAO-33) and the heat accumulation factor, 0–1. */
  waterStressFactor: number;
  heatFactor: number;
  ky: number;
  /** Seasonal ETa/ETm. */
  relativeEt: number;
  gdd: { accumulated: number; expected: number; base: number };
  season: { start: string | null; end: string | null; daysElapsed: number; length: number };
};

export type Risk = { name: Message; score: number; reason: Message };

export type PestRiskData = CommonData & {
  /** 0–1: the highest risk found. */
  riskScore: number;
  risks: Risk[];
};

export type AnalysisDataByType = {
  yield_prediction: YieldPredictionData;
  resource_optimization: ResourceOptimizationData;
  pest_risk: PestRiskData;
};

export type AnalysisData = AnalysisDataByType[AnalyticsType];
