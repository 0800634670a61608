// The crop parameter table: FAO-56 Tables 11 (stage lengths), 12 (Kc, height), 22 (Zr, p), 24 (Ky); GDD; attainable yield.
import type { CropKey } from '../../../contract/crops';
import { type CropParameters, cycleLength } from './crop-types';
import { CEREALS } from './crops-cereals';
import { ROOTS_AND_LEGUMES } from './crops-roots-legumes';
import { VEGETABLES_AND_TREES } from './crops-vegetables-trees';

export const CROPS: Readonly<Record<CropKey, CropParameters>> = {
  ...CEREALS,
  ...ROOTS_AND_LEGUMES,
  ...VEGETABLES_AND_TREES,
};

/** Days from planting to the end of the crop's last cycle: one season (a perennial's repeating cycle counted once). */
export function seasonDays(crop: CropKey): number {
  return CROPS[crop].cycles.reduce((sum, cycle) => sum + cycleLength(cycle), 0);
}
