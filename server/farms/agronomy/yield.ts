// Yield response to water (FAO-33 as given in FAO-56 eq. 90 and 103) and growing degree days.
import { clamp } from './numbers';

/** Relative yield Ya/Ym from relative evapotranspiration ETa/ETm, FAO-56 eq. 90, held to 0–1 (p.177 for Ky > 1). */
export function relativeYield(ky: number, relativeEt: number): number {
  return clamp(1 - ky * (1 - clamp(relativeEt, 0, 1)), 0, 1);
}

/**
 * Growing degree days, McMaster & Wilhelm (1997) method 2 with an upper threshold: Tmax and Tmin are each held
 * to [base, upper] before averaging (the 86/50 °F corn rule when base = 50 °F, upper = 86 °F).
 */
export function growingDegreeDays(
  tmax: number,
  tmin: number,
  base: number,
  upper = Number.POSITIVE_INFINITY,
): number {
  const hi = Math.min(upper, Math.max(base, tmax));
  const lo = Math.min(upper, Math.max(base, tmin));
  return (hi + lo) / 2 - base;
}

/**
 * Heat accumulation factor (app convention, documented in the result): degree days accumulated over the observed
 * days divided by those the crop gets at the low end of its optimum mean temperature, at most 1. Season lengths
 * of FAO-56 Table 11 assume that warmth; FAO's maize page notes each 0.5 °C below 20 °C delays maturity 10–20 days.
 */
export function heatAccumulationFactor(accumulated: number, expected: number): number {
  if (!(expected > 0)) {
    return 1;
  }
  return clamp(accumulated / expected, 0, 1);
}
