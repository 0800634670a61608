// Root-zone soil water balance and water stress (FAO-56 chapter 8, eqs. 82–88), with effective rainfall.
import { INEFFECTIVE_RAIN_FRACTION } from './constants';

/** Total available water TAW [mm] in a root zone of depth zr [m], FAO-56 eq. 82. */
export function totalAvailableWater(fieldCapacity: number, wiltingPoint: number, rootDepth: number): number {
  return 1000 * (fieldCapacity - wiltingPoint) * rootDepth;
}

/** Depletion fraction p adjusted for the day's ETc, Table 22 fn 2: p + 0.04 (5 − ETc), within 0.1–0.8. */
export function adjustedDepletionFraction(pTable: number, etc: number): number {
  return Math.min(0.8, Math.max(0.1, pTable + 0.04 * (5 - etc)));
}

/** Water stress coefficient Ks, FAO-56 eq. 84 (1 while the depletion does not exceed RAW). */
export function waterStressCoefficient(depletion: number, taw: number, raw: number): number {
  if (depletion <= raw) {
    return 1;
  }
  if (taw <= raw) {
    return 0;
  }
  return Math.min(1, Math.max(0, (taw - depletion) / (taw - raw)));
}

/**
 * Rain that can reach the root zone: FAO-56 p.170 says daily rain below about 0.2 ET0 evaporates from the surface
 * and can be ignored. Runoff has no FAO-56 daily method and is taken as 0; excess water leaves as deep percolation.
 */
export function countedRain(rain: number, et0: number): number {
  return rain < INEFFECTIVE_RAIN_FRACTION * et0 ? 0 : rain;
}

/** Root-zone depletion [mm] from a measured volumetric soil moisture [%], FAO-56 eq. 87, within 0–TAW. */
export function depletionFromSoilMoisture(
  fieldCapacity: number,
  moisturePercent: number,
  rootDepth: number,
  taw: number,
): number {
  return Math.min(taw, Math.max(0, 1000 * (fieldCapacity - moisturePercent / 100) * rootDepth));
}

export interface BalanceDay {
  et0: number;
  kc: number;
  /** Rain [mm] (all of it; the 0.2 ET0 rule is applied here). */
  rain: number;
  irrigation: number;
  /** Depletion at the start of the day from a soil moisture sensor (eq. 87), which replaces the modelled one. */
  measuredDepletion: number | null;
}

export interface BalanceOptions {
  taw: number;
  /** Table 22 depletion fraction. */
  pTable: number;
  /** Adjust p for each day's ETc (Table 22 fn 2); FAO-56 Example 37 keeps p fixed. */
  adjustP: boolean;
  /** Depletion at the start of the first day [mm]. */
  initialDepletion: number;
}

export interface BalanceStep {
  depletionStart: number;
  raw: number;
  ks: number;
  /** Crop ET without stress, Kc × ET0 (eq. 58). */
  etc: number;
  /** Crop ET under water stress, Ks × Kc × ET0 (eq. 81). */
  etcAdj: number;
  /** Rain kept in the root zone: counted rain less what percolates (the effective rainfall of the day). */
  effectiveRain: number;
  deepPercolation: number;
  depletionEnd: number;
}

/**
 * Daily root-zone balance, FAO-56 eq. 85 with the limits of eq. 86 and deep percolation of eq. 88. Capillary rise
 * is 0 (water table assumed more than ~1 m below the roots, p.171). Rain is applied before irrigation, so water
 * beyond field capacity is charged to the irrigation first.
 */
export function runWaterBalance(days: readonly BalanceDay[], options: BalanceOptions): BalanceStep[] {
  const { taw } = options;
  const steps: BalanceStep[] = [];
  let depletion = Math.min(taw, Math.max(0, options.initialDepletion));
  for (const day of days) {
    const start = day.measuredDepletion ?? depletion;
    const etc = Math.max(0, day.kc * day.et0);
    const p = options.adjustP ? adjustedDepletionFraction(options.pTable, etc) : options.pTable;
    const raw = p * taw;
    const ks = waterStressCoefficient(start, taw, raw);
    const etcAdj = ks * etc;
    const rain = countedRain(Math.max(0, day.rain), day.et0);
    const irrigation = Math.max(0, day.irrigation);
    // Eq. 88: water beyond what refills the root zone today percolates below it.
    const room = start + etcAdj;
    const keptRain = Math.min(rain, room);
    const keptIrrigation = Math.min(irrigation, room - keptRain);
    const deepPercolation = rain - keptRain + irrigation - keptIrrigation;
    const end = Math.min(taw, Math.max(0, start - keptRain - keptIrrigation + etcAdj));
    steps.push({
      depletionStart: start,
      raw,
      ks,
      etc,
      etcAdj,
      effectiveRain: keptRain,
      deepPercolation,
      depletionEnd: end,
    });
    depletion = end;
  }
  return steps;
}
