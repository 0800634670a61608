// Translatable keys (web/locales/{en,fr}/agronomy.json) that analysis results may carry, and helpers to build them
// (the key lists and the results' schemas are the contract's, contract/analysis.ts).
import type {
  METHOD_NAMES,
  MISSING_NAMES,
  REASON_NAMES,
  RECOMMENDATION_NAMES,
  RISK_NAMES,
  SOURCE_NAMES,
} from '../../../contract/analysis';

export type MethodName = (typeof METHOD_NAMES)[number];
export type MissingName = (typeof MISSING_NAMES)[number];
export type RecommendationName = (typeof RECOMMENDATION_NAMES)[number];
export type RiskName = (typeof RISK_NAMES)[number];
export type ReasonName = (typeof REASON_NAMES)[number];
export type SourceName = (typeof SOURCE_NAMES)[number];

export type MessageParams = Record<string, string | number>;

/** A text for the web app to translate: `t('agronomy:' + key, params)`. */
export type Message<K extends string = string> = { key: K; params: MessageParams };

/** A method's published source, translated like any message; the references in it stay exact. */
export type SourceMessage = Message<`source.${SourceName}`>;

/** A named method and its published source. */
export type MethodRef = { key: `method.${MethodName}`; source: SourceMessage };

export type MissingMessage = Message<`missing.${MissingName}`>;
export type RecommendationMessage = Message<`recommendation.${RecommendationName}`>;

export function method(name: MethodName, source: SourceMessage): MethodRef {
  return { key: `method.${name}`, source };
}

export function source(name: SourceName, params: MessageParams = {}): SourceMessage {
  return { key: `source.${name}`, params };
}

/** A source quoted as a crop-table row gives it (the rows cite their publications in English). */
export function cited(citation: string): SourceMessage {
  return source('cited', { citation });
}

export function missing(name: MissingName, params: MessageParams = {}): MissingMessage {
  return { key: `missing.${name}`, params };
}

export function recommendation(name: RecommendationName, params: MessageParams = {}): RecommendationMessage {
  return { key: `recommendation.${name}`, params };
}

export function riskName(name: RiskName, params: MessageParams = {}): Message<`risk.${RiskName}`> {
  return { key: `risk.${name}`, params };
}

export function reason(name: ReasonName, params: MessageParams = {}): Message<`reason.${ReasonName}`> {
  return { key: `reason.${name}`, params };
}
