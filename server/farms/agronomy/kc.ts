// Crop coefficient curve (FAO-56 chapter 6: stages of Table 11, Kc of Table 12, eq. 62/65 climate adjustment, eq. 66).
import {
  type CropCycle,
  type CropParameters,
  cycleLength,
  type KcValues,
  type StageLengths,
} from './crop-types';

export type GrowthStage = 'initial' | 'development' | 'mid_season' | 'late_season';
export type SeasonPhase = GrowthStage | 'not_planted' | 'after_season';

/**
 * Kc on day i of a cycle (day 1 = planting day), FAO-56 eq. 66: flat Kc_ini over the initial stage, linear to
 * Kc_mid over development, flat over mid-season, linear to Kc_end over the late season.
 */
export function kcOnDay(
  lengths: StageLengths,
  kc: KcValues,
  day: number,
): { kc: number; stage: GrowthStage } {
  const endIni = lengths.initial;
  const endDev = endIni + lengths.development;
  const endMid = endDev + lengths.mid;
  if (day <= endIni) {
    return { kc: kc.ini, stage: 'initial' };
  }
  if (day <= endDev) {
    return { kc: kc.ini + ((day - endIni) / lengths.development) * (kc.mid - kc.ini), stage: 'development' };
  }
  if (day <= endMid) {
    return { kc: kc.mid, stage: 'mid_season' };
  }
  const intoLate = Math.min(day - endMid, lengths.late);
  return { kc: kc.mid + (intoLate / Math.max(1, lengths.late)) * (kc.end - kc.mid), stage: 'late_season' };
}

/**
 * Climate adjustment of a tabled Kc_mid or Kc_end, FAO-56 eq. 62 (eq. 65 has the same form). The inputs are held
 * to the ranges where FAO-56 states the equation is valid (1–6 m s⁻¹, 20–80 % RHmin, 0.1–10 m).
 */
export function adjustKcForClimate(kcTable: number, u2: number, rhmin: number, height: number): number {
  const u = Math.min(6, Math.max(1, u2));
  const rh = Math.min(80, Math.max(20, rhmin));
  const h = Math.min(10, Math.max(0.1, height));
  return kcTable + (0.04 * (u - 2) - 0.004 * (rh - 45)) * (h / 3) ** 0.3;
}

/** Kc_mid and Kc_end for the observed climate; Kc_end is adjusted only when its table value exceeds 0.45 (p.127). */
export function climateAdjustedKc(
  kc: KcValues,
  height: number,
  climate: { u2: number; rhmin: number } | null,
): KcValues {
  if (climate === null) {
    return kc;
  }
  return {
    ini: kc.ini,
    mid: adjustKcForClimate(kc.mid, climate.u2, climate.rhmin, height),
    end: kc.end > 0.45 ? adjustKcForClimate(kc.end, climate.u2, climate.rhmin, height) : kc.end,
  };
}

export interface CropDay {
  phase: SeasonPhase;
  /** Kc for the day (climate-adjusted when a climate is given); 0 outside the season. */
  kc: number;
  cycle: CropCycle | null;
  /** Day of the cycle, 1 = first day. */
  dayOfCycle: number;
  /** Days since planting at which the current cycle began. */
  cycleStart: number;
}

/** Where the crop stands `daysSincePlanting` days after planting (0 = planting day). */
export function cropDay(
  crop: CropParameters,
  daysSincePlanting: number,
  climate: { u2: number; rhmin: number } | null = null,
): CropDay {
  if (daysSincePlanting < 0) {
    return { phase: 'not_planted', kc: 0, cycle: null, dayOfCycle: 0, cycleStart: 0 };
  }
  let offset = 0;
  for (const c of crop.cycles) {
    const length = cycleLength(c);
    if (daysSincePlanting < offset + length) {
      return inCycle(c, daysSincePlanting - offset + 1, offset, climate);
    }
    offset += length;
  }
  const last = crop.cycles[crop.cycles.length - 1];
  if (!crop.repeatLastCycle || last === undefined) {
    return { phase: 'after_season', kc: 0, cycle: null, dayOfCycle: 0, cycleStart: offset };
  }
  const length = cycleLength(last);
  const repeats = Math.floor((daysSincePlanting - offset) / length);
  const start = offset + repeats * length;
  return inCycle(last, daysSincePlanting - start + 1, start, climate);
}

function inCycle(
  c: CropCycle,
  day: number,
  start: number,
  climate: { u2: number; rhmin: number } | null,
): CropDay {
  const { kc, stage } = kcOnDay(c.lengths, climateAdjustedKc(c.kc, c.height, climate), day);
  return { phase: stage, kc, cycle: c, dayOfCycle: day, cycleStart: start };
}
