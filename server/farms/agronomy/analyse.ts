// Entry point of the farm analyses: turns a farm's site, readings and surveys into an analytics item's `data`.
import type { AnalyticsType } from '../../../contract/crops';
import { buildContext } from './context';
import { analysePests } from './pest-analysis';
import { analyseResources } from './resource-analysis';
import type { AnalysisData, AnalysisDataByType, AnalysisInput } from './types';
import { analyseYield } from './yield-analysis';

/**
 * Runs one analysis. Pure and deterministic: no I/O, no clock, no randomness; never throws for empty or sparse
 * data (the result then says what was missing and carries a low confidence).
 */
export function runAnalysis<T extends AnalyticsType>(type: T, input: AnalysisInput): AnalysisDataByType[T];
export function runAnalysis(type: AnalyticsType, input: AnalysisInput): AnalysisData {
  const analysis = buildContext(input);
  switch (type) {
    case 'resource_optimization':
      return analyseResources(analysis);
    case 'yield_prediction':
      return analyseYield(analysis);
    case 'pest_risk':
      return analysePests(analysis);
  }
}
