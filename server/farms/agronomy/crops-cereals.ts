// Cereal rows of the crop table (FAO-56 Tables 11, 12, 22, 24 and the yield sources).
import { type CropTable, cycle, FAO_LW, GDD_CORN_RULE, GDD_UNVERIFIED, KY_DEFAULT } from './crop-types';

export const CEREALS: CropTable<'maize' | 'sorghum' | 'millet' | 'rice' | 'wheat'> = {
  maize: {
    cycles: [
      cycle(
        [20, 35, 40, 30],
        [0.3, 1.2, 0.35],
        2,
        'Table 11 maize (grain), June, Nigeria (humid); Table 12 fn 11 dry harvest',
      ),
    ],
    repeatLastCycle: false,
    rootDepth: { min: 1.0, max: 1.7 },
    depletionFraction: 0.55,
    ky: 1.25,
    kySource: 'FAO-56 Table 24',
    gdd: {
      base: 10,
      upper: 30,
      reference: 20,
      source: `${GDD_CORN_RULE}; FAO L&W: maturity periods quoted at mean > 20 °C`,
      tag: 'S',
    },
    attainableYield: {
      tonnesPerHa: 6,
      product: 'grain',
      source: `${FAO_LW} "Maize": good irrigated yield 6–9 t/ha (lower bound)`,
      tag: 'S',
    },
    fallArmywormHost: true,
    blightHost: false,
  },
  sorghum: {
    cycles: [
      cycle(
        [20, 35, 40, 30],
        [0.3, 1.05, 0.55],
        1.5,
        'Table 11 sorghum, May/June, USA/Pakistan/Med.; Table 12 grain (Kc_mid 1.00–1.10 midpoint)',
      ),
    ],
    repeatLastCycle: false,
    rootDepth: { min: 1.0, max: 2.0 },
    depletionFraction: 0.55,
    ky: 0.9,
    kySource: 'FAO-56 Table 24',
    gdd: {
      base: 10,
      upper: 30,
      reference: 25,
      source: `${GDD_UNVERIFIED}; FAO L&W: optimum over 25 °C`,
      tag: 'U',
    },
    attainableYield: {
      tonnesPerHa: 3.5,
      product: 'grain',
      source: `${FAO_LW} "Sorghum": good irrigated yield 3.5–5 t/ha (lower bound)`,
      tag: 'S',
    },
    fallArmywormHost: true,
    blightHost: false,
  },
  millet: {
    cycles: [
      cycle([15, 25, 40, 25], [0.3, 1.0, 0.3], 1.5, 'Table 11 millet, June, Pakistan; Table 12 millet'),
    ],
    repeatLastCycle: false,
    rootDepth: { min: 1.0, max: 2.0 },
    depletionFraction: 0.55,
    ky: 1,
    kySource: KY_DEFAULT,
    gdd: { base: 10, upper: 30, reference: 25, source: GDD_UNVERIFIED, tag: 'U' },
    attainableYield: {
      tonnesPerHa: 2,
      product: 'grain',
      source: 'app default, no source read; replace with regional data',
      tag: 'U',
    },
    fallArmywormHost: true,
    blightHost: false,
  },
  rice: {
    cycles: [
      cycle(
        [30, 30, 60, 30],
        [1.05, 1.2, 0.75],
        1,
        'Table 11 rice, Dec/May, tropics; Table 12 rice (Kc_end 0.90–0.60 midpoint)',
      ),
    ],
    repeatLastCycle: false,
    rootDepth: { min: 0.5, max: 1.0 },
    depletionFraction: 0.2,
    ky: 1,
    kySource: KY_DEFAULT,
    gdd: { base: 10, upper: 30, reference: 25, source: GDD_UNVERIFIED, tag: 'U' },
    attainableYield: {
      tonnesPerHa: 5,
      product: 'paddy',
      source:
        'app choice between the world mean 3.77 t/ha (FAO/IRC, 1995) and the tropical potential 13–15 t/ha (IRRI 1977)',
      tag: 'U',
    },
    fallArmywormHost: true,
    blightHost: false,
  },
  wheat: {
    cycles: [
      cycle(
        [15, 30, 65, 40],
        [0.3, 1.15, 0.4],
        1,
        'Table 11 wheat, July, East Africa; Table 12 spring wheat (fn 10 hand harvest)',
      ),
    ],
    repeatLastCycle: false,
    rootDepth: { min: 1.0, max: 1.5 },
    depletionFraction: 0.55,
    ky: 1.15,
    kySource: 'FAO-56 Table 24 (spring wheat)',
    gdd: {
      base: 0,
      upper: 30,
      reference: 15,
      source: 'McMaster & Wilhelm 1997 (base 0 °C for wheat); reference temperature unverified',
      tag: 'U',
    },
    attainableYield: {
      tonnesPerHa: 4,
      product: 'grain',
      source: `${FAO_LW} "Wheat" (4–6 t/ha irrigated, recalled, not verified)`,
      tag: 'U',
    },
    fallArmywormHost: true,
    blightHost: false,
  },
};
