// Vegetable, tree and industrial crop rows of the crop table (FAO-56 Tables 11, 12, 22, 24 and the yield sources).
import { type CropTable, cycle, FAO_LW, GDD_UNVERIFIED, KY_DEFAULT } from './crop-types';

// Cacao and coffee have no Table 11 row (FAO-56 p.108): a 365-day cycle with the stage pattern of the Table 11
// evergreen-tree row (citrus, Mediterranean, 60/90/120/95) is used; their Kc hardly changes within it anyway.
const EVERGREEN_YEAR: [number, number, number, number] = [60, 90, 120, 95];

export const VEGETABLES_AND_TREES: CropTable<
  'tomato' | 'onion' | 'cabbage' | 'cocoa' | 'coffee' | 'banana' | 'cotton' | 'sugarcane'
> = {
  tomato: {
    cycles: [
      cycle(
        [30, 40, 40, 25],
        [0.6, 1.15, 0.8],
        0.6,
        'Table 11 tomato, January, arid region; Table 12 (Kc_end 0.70–0.90 midpoint, caveat C2)',
      ),
    ],
    repeatLastCycle: false,
    rootDepth: { min: 0.7, max: 1.5 },
    depletionFraction: 0.4,
    ky: 1.05,
    kySource: 'FAO-56 Table 24',
    gdd: {
      base: 10,
      upper: 30,
      reference: 18,
      source: `${GDD_UNVERIFIED}; FAO L&W: optimum mean 18–25 °C`,
      tag: 'U',
    },
    attainableYield: {
      tonnesPerHa: 45,
      product: 'fresh fruit',
      source: `${FAO_LW} "Tomato" (45–65 t/ha irrigated, recalled, not verified)`,
      tag: 'U',
    },
    fallArmywormHost: false,
    blightHost: true,
  },
  onion: {
    cycles: [
      cycle(
        [15, 25, 70, 40],
        [0.7, 1.05, 0.75],
        0.4,
        'Table 11 onion (dry), April, Mediterranean; Table 12 onions dry',
      ),
    ],
    repeatLastCycle: false,
    rootDepth: { min: 0.3, max: 0.6 },
    depletionFraction: 0.3,
    ky: 1.1,
    kySource: 'FAO-56 Table 24',
    gdd: { base: 5, upper: 30, reference: 15, source: GDD_UNVERIFIED, tag: 'U' },
    attainableYield: {
      tonnesPerHa: 35,
      product: 'bulbs',
      source: `${FAO_LW} "Onion" (35–45 t/ha, recalled, not verified)`,
      tag: 'U',
    },
    fallArmywormHost: false,
    blightHost: false,
  },
  cabbage: {
    cycles: [
      cycle(
        [40, 60, 50, 15],
        [0.7, 1.05, 0.95],
        0.4,
        'Table 11 cabbage, Sept, California desert; Table 12 cabbage',
      ),
    ],
    repeatLastCycle: false,
    rootDepth: { min: 0.5, max: 0.8 },
    depletionFraction: 0.45,
    ky: 0.95,
    kySource: 'FAO-56 Table 24',
    gdd: { base: 5, upper: 30, reference: 15, source: GDD_UNVERIFIED, tag: 'U' },
    attainableYield: {
      tonnesPerHa: 30,
      product: 'heads',
      source: 'app default, no source read; replace with regional data',
      tag: 'U',
    },
    fallArmywormHost: false,
    blightHost: false,
  },
  cocoa: {
    cycles: [
      cycle(EVERGREEN_YEAR, [1.0, 1.05, 1.05], 3, 'Table 12 cacao; stage pattern of the Table 11 citrus row'),
    ],
    repeatLastCycle: true,
    rootDepth: { min: 0.7, max: 1.0 },
    depletionFraction: 0.3,
    ky: 1,
    kySource: KY_DEFAULT,
    gdd: { base: 10, upper: 30, reference: 22, source: GDD_UNVERIFIED, tag: 'U' },
    attainableYield: {
      tonnesPerHa: 1.87,
      product: 'dry beans',
      source:
        'Aneani & Ofori-Frimpong 2013 (Ghana): experimental potential derived from the reported yield gap',
      tag: 'D',
    },
    fallArmywormHost: false,
    blightHost: false,
  },
  coffee: {
    cycles: [
      cycle(
        EVERGREEN_YEAR,
        [0.9, 0.95, 0.95],
        2.5,
        'Table 12 coffee, bare ground cover; stage pattern of the Table 11 citrus row',
      ),
    ],
    repeatLastCycle: true,
    rootDepth: { min: 0.9, max: 1.5 },
    depletionFraction: 0.4,
    ky: 1,
    kySource: KY_DEFAULT,
    gdd: { base: 10, upper: 30, reference: 18, source: GDD_UNVERIFIED, tag: 'U' },
    attainableYield: {
      tonnesPerHa: 1,
      product: 'green beans',
      source: 'Yara crop page: intensive regimes 1–1.4 t/ha (lower bound)',
      tag: 'S',
    },
    fallArmywormHost: false,
    blightHost: false,
  },
  banana: {
    cycles: [
      cycle([120, 90, 120, 60], [0.5, 1.1, 1.0], 3, 'Table 11/12 banana first year, March, Mediterranean'),
      cycle([120, 60, 180, 5], [1.0, 1.2, 1.1], 4, 'Table 11/12 banana second year, February, Mediterranean'),
    ],
    repeatLastCycle: true,
    rootDepth: { min: 0.5, max: 0.9 },
    depletionFraction: 0.35,
    ky: 1.275,
    kySource: 'FAO-56 Table 24 (1.2–1.35, midpoint)',
    gdd: { base: 14, upper: 30, reference: 25, source: GDD_UNVERIFIED, tag: 'U' },
    attainableYield: {
      tonnesPerHa: 40,
      product: 'bunches',
      source: `${FAO_LW} "Banana" (40–60 t/ha, recalled, not verified)`,
      tag: 'U',
    },
    fallArmywormHost: false,
    blightHost: false,
  },
  cotton: {
    cycles: [
      cycle(
        [30, 50, 60, 55],
        [0.35, 1.17, 0.6],
        1.35,
        'Table 11 cotton, Mar–May, Egypt/Pakistan/Calif.; Table 12 (range midpoints)',
      ),
    ],
    repeatLastCycle: false,
    rootDepth: { min: 1.0, max: 1.7 },
    depletionFraction: 0.65,
    ky: 0.85,
    kySource: 'FAO-56 Table 24',
    gdd: { base: 15.6, upper: 30, reference: 25, source: `${GDD_UNVERIFIED} (60 °F cotton base)`, tag: 'U' },
    attainableYield: {
      tonnesPerHa: 3,
      product: 'seed cotton',
      source: 'app default, no source read; replace with regional data',
      tag: 'U',
    },
    fallArmywormHost: false,
    blightHost: false,
  },
  sugarcane: {
    cycles: [
      cycle([35, 60, 190, 120], [0.4, 1.25, 0.75], 3, 'Table 11 sugarcane virgin, low latitudes; Table 12'),
      cycle([25, 70, 135, 50], [0.4, 1.25, 0.75], 3, 'Table 11 sugarcane ratoon, low latitudes; Table 12'),
    ],
    repeatLastCycle: true,
    rootDepth: { min: 1.2, max: 2.0 },
    depletionFraction: 0.65,
    ky: 1.2,
    kySource: 'FAO-56 Table 24',
    gdd: { base: 12, upper: 30, reference: 25, source: GDD_UNVERIFIED, tag: 'U' },
    attainableYield: {
      tonnesPerHa: 100,
      product: 'cane',
      source: 'app default, no source read; replace with regional data',
      tag: 'U',
    },
    fallArmywormHost: true,
    blightHost: false,
  },
};
