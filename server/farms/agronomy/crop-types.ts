// Types of the crop parameter table and the helpers its rows share (sources cited by every row).
import type { CropKey } from '../../../contract/crops';

export interface StageLengths {
  initial: number;
  development: number;
  mid: number;
  late: number;
}

export interface KcValues {
  ini: number;
  mid: number;
  end: number;
}

/** One growth cycle: Table 11 stage lengths (days) and Table 12 Kc, with the row used. */
export interface CropCycle {
  lengths: StageLengths;
  kc: KcValues;
  /** Maximum crop height h [m], Table 12 (used by the Kc climate adjustment, eq. 62). */
  height: number;
  source: string;
}

/** Source quality, as tagged in docs/agronomy-references.md §0: P primary, S secondary, D derived, U unverified. */
export type SourceTag = 'P' | 'S' | 'D' | 'U';

export interface CropParameters {
  /** The first cycle starts at planting; later cycles follow in order (cassava year 2, ratoons). */
  cycles: readonly CropCycle[];
  /** Perennials and ratoon crops: the last cycle repeats. Annuals end after their cycles. */
  repeatLastCycle: boolean;
  /** Table 22 maximum effective root depth range [m]: the smaller value for irrigation scheduling, the larger for stress modelling (fn 1). */
  rootDepth: { min: number; max: number };
  /** Table 22 soil water depletion fraction for no stress, at ETc ≈ 5 mm d⁻¹. */
  depletionFraction: number;
  /** Seasonal yield response factor, Table 24 (FAO-33); 1 where the table has none (FAO-56 p.177). */
  ky: number;
  kySource: string;
  gdd: {
    /** Base temperature [°C]. */
    base: number;
    /** Upper cut-off [°C]: hotter days count as this temperature (the 86/50 °F corn rule in °C). */
    upper: number;
    /** Lowest mean daily temperature of the crop's optimum range [°C]: the daily heat the season lengths assume. */
    reference: number;
    source: string;
    tag: SourceTag;
  };
  attainableYield: { tonnesPerHa: number; product: string; source: string; tag: SourceTag };
  fallArmywormHost: boolean;
  blightHost: boolean;
}

export type CropTable<K extends CropKey> = Readonly<Record<K, CropParameters>>;

export const KY_DEFAULT = 'FAO-56 p.177: not in Table 24, Ky = 1';
export const GDD_CORN_RULE = 'McMaster & Wilhelm 1997 method 2 with the 86/50 °F (30/10 °C) corn rule';
export const GDD_UNVERIFIED = 'common agronomic convention, not verified in docs/agronomy-references.md';
export const FAO_LW = 'FAO Land & Water crop information page';

export function cycle(
  lengths: [number, number, number, number],
  kc: [number, number, number],
  height: number,
  source: string,
): CropCycle {
  return {
    lengths: { initial: lengths[0], development: lengths[1], mid: lengths[2], late: lengths[3] },
    kc: { ini: kc[0], mid: kc[1], end: kc[2] },
    height,
    source,
  };
}

export function cycleLength(c: CropCycle): number {
  return c.lengths.initial + c.lengths.development + c.lengths.mid + c.lengths.late;
}
