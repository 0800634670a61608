// Soil water retention by texture, FAO-56 Table 19 (p.144): midpoints of the θFC and θWP ranges.
import type { SOIL_TEXTURE_NAMES } from '../../../contract/analysis';

/** The textures results name (contract/analysis.ts); the table below has a row for each and no other. */
export type SoilTexture = (typeof SOIL_TEXTURE_NAMES)[number];

export const SOIL_TEXTURES = {
  sand: { fieldCapacity: 0.12, wiltingPoint: 0.045 },
  loamy_sand: { fieldCapacity: 0.15, wiltingPoint: 0.065 },
  sandy_loam: { fieldCapacity: 0.23, wiltingPoint: 0.11 },
  loam: { fieldCapacity: 0.25, wiltingPoint: 0.12 },
  silt_loam: { fieldCapacity: 0.29, wiltingPoint: 0.15 },
  silt: { fieldCapacity: 0.32, wiltingPoint: 0.17 },
  silty_clay_loam: { fieldCapacity: 0.335, wiltingPoint: 0.205 },
  silty_clay: { fieldCapacity: 0.36, wiltingPoint: 0.23 },
  clay: { fieldCapacity: 0.36, wiltingPoint: 0.22 },
} as const satisfies Record<SoilTexture, { fieldCapacity: number; wiltingPoint: number }>;

/** Used when the farm's texture is missing or not a Table 19 class: loam is the middle of the table. */
export const DEFAULT_SOIL_TEXTURE: SoilTexture = 'loam';

// A Map, not an object literal: free text such as 'constructor' must not find Object.prototype members.
const ALIASES = new Map<string, SoilTexture>([
  ['silt_clay_loam', 'silty_clay_loam'],
  ['silty_loam', 'silt_loam'],
]);

export interface SoilWater {
  texture: SoilTexture;
  fieldCapacity: number;
  wiltingPoint: number;
  /** True when the texture was missing or unknown and the default was used. */
  assumed: boolean;
}

function isTexture(name: string): name is SoilTexture {
  return Object.hasOwn(SOIL_TEXTURES, name);
}

export function soilWater(texture: string | null | undefined): SoilWater {
  const name = (texture ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const known = isTexture(name) ? name : ALIASES.get(name);
  const key = known ?? DEFAULT_SOIL_TEXTURE;
  return { texture: key, ...SOIL_TEXTURES[key], assumed: known === undefined };
}
