// Crop-plan constants the web's screens need at first render, without zod
// (contract/crop-plans.ts holds the schemas).

/** FAO-56 growth stages (Table 11): initial, crop development, mid-season, late season. */
export const STAGE_KEYS = ['initial', 'development', 'mid', 'late'] as const;
export type StageKey = (typeof STAGE_KEYS)[number];
