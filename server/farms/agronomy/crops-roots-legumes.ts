// Root, tuber and legume rows of the crop table (FAO-56 Tables 11, 12, 22, 24 and the yield sources).
import { type CropTable, cycle, FAO_LW, GDD_UNVERIFIED, KY_DEFAULT } from './crop-types';

export const ROOTS_AND_LEGUMES: CropTable<
  'cassava' | 'potato' | 'sweet_potato' | 'beans' | 'soybean' | 'groundnut' | 'cowpea'
> = {
  cassava: {
    cycles: [
      cycle([20, 40, 90, 60], [0.3, 0.8, 0.3], 1, 'Table 11/12 cassava year 1, tropical regions'),
      cycle([150, 40, 110, 60], [0.3, 1.1, 0.5], 1.5, 'Table 11/12 cassava year 2, tropical regions'),
    ],
    repeatLastCycle: false,
    rootDepth: { min: 0.5, max: 1.0 },
    depletionFraction: 0.35,
    ky: 1,
    kySource: KY_DEFAULT,
    gdd: { base: 12, upper: 30, reference: 25, source: GDD_UNVERIFIED, tag: 'U' },
    attainableYield: {
      tonnesPerHa: 40,
      product: 'fresh roots',
      source: 'FAO estimate quoted by agricinafrica.com: potential 40–60 t/ha (lower bound)',
      tag: 'S',
    },
    fallArmywormHost: false,
    blightHost: false,
  },
  potato: {
    cycles: [
      cycle(
        [25, 30, 40, 30],
        [0.5, 1.15, 0.75],
        0.6,
        'Table 11 potato, Jan/Nov, (semi)arid; Table 12 potato',
      ),
    ],
    repeatLastCycle: false,
    rootDepth: { min: 0.4, max: 0.6 },
    depletionFraction: 0.35,
    ky: 1.1,
    kySource: 'FAO-56 Table 24',
    gdd: {
      base: 7,
      upper: 30,
      reference: 18,
      source: `${GDD_UNVERIFIED}; FAO L&W: optimum mean 18–20 °C`,
      tag: 'U',
    },
    attainableYield: {
      tonnesPerHa: 25,
      product: 'fresh tubers',
      source: `${FAO_LW} "Potato" (25–35 t/ha, recalled, not verified)`,
      tag: 'U',
    },
    fallArmywormHost: false,
    blightHost: true,
  },
  sweet_potato: {
    cycles: [
      cycle(
        [15, 30, 50, 30],
        [0.5, 1.15, 0.65],
        0.4,
        'Table 11 sweet potato, rainy season, tropics; Table 12',
      ),
    ],
    repeatLastCycle: false,
    rootDepth: { min: 1.0, max: 1.5 },
    depletionFraction: 0.65,
    ky: 1,
    kySource: KY_DEFAULT,
    gdd: { base: 10, upper: 30, reference: 24, source: GDD_UNVERIFIED, tag: 'U' },
    attainableYield: {
      tonnesPerHa: 15,
      product: 'fresh roots',
      source: 'app default, no source read; replace with regional data',
      tag: 'U',
    },
    fallArmywormHost: false,
    blightHost: false,
  },
  beans: {
    cycles: [
      cycle(
        [15, 25, 35, 20],
        [0.4, 1.15, 0.35],
        0.4,
        'Table 11 beans (dry), June, Pakistan/Calif.; Table 12 beans dry',
      ),
    ],
    repeatLastCycle: false,
    rootDepth: { min: 0.6, max: 0.9 },
    depletionFraction: 0.45,
    ky: 1.15,
    kySource: 'FAO-56 Table 24',
    gdd: { base: 10, upper: 30, reference: 20, source: GDD_UNVERIFIED, tag: 'U' },
    attainableYield: {
      tonnesPerHa: 1.8,
      product: 'dry seed',
      source: 'FAO-56 Example 44: potential yield 1800 kg/ha (illustrative)',
      tag: 'P',
    },
    fallArmywormHost: false,
    blightHost: false,
  },
  soybean: {
    cycles: [
      cycle(
        [15, 15, 40, 15],
        [0.4, 1.15, 0.5],
        0.75,
        'Table 11 soybeans, Dec, tropics; Table 12 (Kc_ini legumes group 0.4, caveat C1)',
      ),
    ],
    repeatLastCycle: false,
    rootDepth: { min: 0.6, max: 1.3 },
    depletionFraction: 0.5,
    ky: 0.85,
    kySource: 'FAO-56 Table 24',
    gdd: {
      base: 10,
      upper: 30,
      reference: 18,
      source: `${GDD_UNVERIFIED}; FAO L&W: growth slows below 18 °C`,
      tag: 'U',
    },
    attainableYield: {
      tonnesPerHa: 1.5,
      product: 'seed',
      source: `${FAO_LW} "Soybean": good rainfed yield 1.5–2.5 t/ha (lower bound)`,
      tag: 'S',
    },
    fallArmywormHost: false,
    blightHost: false,
  },
  groundnut: {
    cycles: [
      cycle([25, 35, 45, 25], [0.4, 1.15, 0.6], 0.4, 'Table 11 groundnut, dry season, West Africa; Table 12'),
    ],
    repeatLastCycle: false,
    rootDepth: { min: 0.5, max: 1.0 },
    depletionFraction: 0.5,
    ky: 0.7,
    kySource: 'FAO-56 Table 24',
    gdd: { base: 10, upper: 30, reference: 25, source: GDD_UNVERIFIED, tag: 'U' },
    attainableYield: {
      tonnesPerHa: 2.5,
      product: 'unshelled nuts',
      source: 'app default, no source read; replace with regional data',
      tag: 'U',
    },
    fallArmywormHost: false,
    blightHost: false,
  },
  cowpea: {
    // Table 11 prints a total of 110 days for this row; the stages sum to 100, which is what is used.
    cycles: [
      cycle(
        [20, 30, 30, 20],
        [0.4, 1.05, 0.35],
        0.4,
        'Table 11 green gram & cowpeas, March, Mediterranean; Table 12 dry harvest',
      ),
    ],
    repeatLastCycle: false,
    rootDepth: { min: 0.6, max: 1.0 },
    depletionFraction: 0.45,
    ky: 1,
    kySource: KY_DEFAULT,
    gdd: { base: 10, upper: 30, reference: 25, source: GDD_UNVERIFIED, tag: 'U' },
    attainableYield: {
      tonnesPerHa: 1.5,
      product: 'dry seed',
      source: 'app default, no source read; replace with regional data',
      tag: 'U',
    },
    fallArmywormHost: false,
    blightHost: false,
  },
};
