// Number hygiene for results: rounding for presentation and clamping, never letting NaN or Infinity through.

/** Rounds to `decimals` places; NaN and ±Infinity become 0 (a result must never carry them). */
export function round(value: number, decimals: number): number {
  if (!Number.isFinite(value)) {
    return 0;
  }
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
}

export function clamp(value: number, min: number, max: number): number {
  if (Number.isNaN(value)) {
    return min;
  }
  return Math.min(max, Math.max(min, value));
}

/** mm to 0.1, t/ha to 0.01, scores and factors to 0.001. */
export const mm = (value: number): number => round(value, 1);
export const tonnes = (value: number): number => round(value, 2);
export const score = (value: number): number => round(clamp(value, 0, 1), 3);
