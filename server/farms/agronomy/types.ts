// Input and result types of the farm analyses (the `data` object stored with each analytics item): the results'
// types are the contract's (contract/analysis.ts), which the API checks every result against.
import type { z } from 'zod';
import type {
  TAnalysisData,
  TAnalysisDataByType,
  ZAnalysisInputs,
  ZEt0Day,
  ZEt0Method,
  ZPestRiskData,
  ZReadingCounts,
  ZResourceOptimizationData,
  ZRisk,
  ZYieldPredictionData,
} from '../../../contract/analysis';
import type { CropKey, SensorType } from '../../../contract/crops';
import type { Country } from './typical-yields';

/** Accepted readings per sensor type. */
export type ReadingCounts = z.infer<typeof ZReadingCounts>;

export type Et0Method = z.infer<typeof ZEt0Method>;

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
export type AnalysisInputs = z.infer<typeof ZAnalysisInputs>;

export type Et0Day = z.infer<typeof ZEt0Day>;
export type ResourceOptimizationData = z.infer<typeof ZResourceOptimizationData>;
export type YieldPredictionData = z.infer<typeof ZYieldPredictionData>;
export type Risk = z.infer<typeof ZRisk>;
export type PestRiskData = z.infer<typeof ZPestRiskData>;

export type AnalysisDataByType = TAnalysisDataByType;
export type AnalysisData = TAnalysisData;
