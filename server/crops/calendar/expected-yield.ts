// A plan's expected yield: the water-limited potential, the country's typical yield and the farm's own harvests, blended.

import type { TExpectedYield } from '../../../contract/crop-plans';
import type { CropKey } from '../../../contract/crops';
import { type Country, CROPS, round, TYPICAL_YIELDS } from '../../farms';

export interface YieldInput {
  crop: CropKey;
  /** Hectares. */
  area: number;
  country: Country | null;
  /** Ya/Ym from the farm's latest yield analysis for this crop (FAO-56 eq. 90); null when none. */
  relativeYield: number | null;
  /** The farm's final harvests of this crop, t/ha. */
  ownHarvests: readonly { perHectare: number }[];
}

/**
 * How many seasons of evidence the published (or potential) figure counts for when the farm's own harvests are
 * blended with it: one season's harvest carries that season's weather, pests and luck, so it moves the estimate a
 * third of the way, two move it half, and the farm's record outweighs the table from the third season on.
 */
export const PRIOR_SEASONS = 2;
/** Own harvests from which the estimate rests mainly on the farm (weight 3/5 and more): high confidence. */
export const HIGH_CONFIDENCE_HARVESTS = 3;

const tons = (value: number): number => round(value, 2);

/**
 * The water-limited potential: the crop table's attainable yield (what a well-managed crop gives when water does not
 * limit it) times the farm's relative yield Ya/Ym from its yield analysis (FAO-33 yield response, FAO-56 eq. 90),
 * or the attainable yield itself when no analysis has run.
 */
function potential(crop: CropKey, relativeYield: number | null): TExpectedYield['potential'] {
  const attainable = CROPS[crop].attainableYield;
  const ratio =
    relativeYield === null || !Number.isFinite(relativeYield)
      ? null
      : Math.min(1, Math.max(0, relativeYield));
  return {
    perHectare: tons(attainable.tonnesPerHa * (ratio ?? 1)),
    relativeYield: ratio === null ? null : round(ratio, 3),
    source:
      ratio === null
        ? `attainable yield: ${attainable.source}`
        : `attainable yield: ${attainable.source}; × Ya/Ym of the farm's yield analysis (FAO-33, FAO-56 eq. 90)`,
  };
}

/**
 * The country's published figure for this very crop, nationwide. A regional study (one district's fields) and the
 * all-cereals mean the yield analysis falls back on are left out: a plan's headline must be the crop's own figure.
 */
function typical(crop: CropKey, country: Country | null): TExpectedYield['typical'] {
  const row = TYPICAL_YIELDS.find((y) => y.country === country && y.crop === crop && y.scope === 'national');
  return row === undefined
    ? null
    : { low: row.low, high: row.high, period: row.period, source: row.citation };
}

function own(harvests: readonly { perHectare: number }[]): TExpectedYield['own'] {
  const usable = harvests.filter((h) => Number.isFinite(h.perHectare) && h.perHectare >= 0);
  if (usable.length === 0) {
    return null;
  }
  const mean = usable.reduce((sum, h) => sum + h.perHectare, 0) / usable.length;
  return { perHectare: tons(mean), harvests: usable.length };
}

/**
 * The headline: the farm's own harvests when it has some, shrunk toward the published figure (or the potential when
 * there is none) with weight n/(n + PRIOR_SEASONS) on its own mean; else the typical figure's midpoint; else the
 * potential. Confidence follows what it rests on.
 */
export function expectedYield(input: YieldInput): TExpectedYield {
  const pot = potential(input.crop, input.relativeYield);
  const typ = typical(input.crop, input.country);
  const mine = own(input.ownHarvests);
  const prior = typ === null ? pot.perHectare : (typ.low + typ.high) / 2;
  let perHectare: number;
  let basis: TExpectedYield['basis'];
  let confidence: TExpectedYield['confidence'];
  if (mine !== null) {
    const weight = mine.harvests / (mine.harvests + PRIOR_SEASONS);
    perHectare = tons(weight * mine.perHectare + (1 - weight) * prior);
    basis = 'own_harvests';
    confidence = mine.harvests >= HIGH_CONFIDENCE_HARVESTS ? 'high' : 'medium';
  } else if (typ !== null) {
    perHectare = tons(prior);
    basis = 'typical';
    confidence = 'medium';
  } else {
    perHectare = pot.perHectare;
    basis = 'potential';
    confidence = 'low';
  }
  return {
    perHectare,
    // From the rounded figure, so the plan's total is its shown yield per hectare times its area.
    total: tons(perHectare * input.area),
    estimate: true,
    basis,
    confidence,
    potential: pot,
    typical: typ,
    own: mine,
    product: CROPS[input.crop].attainableYield.product,
  };
}
