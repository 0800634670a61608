// What farms of a country commonly harvest, from published statistics and field studies, to set beside the water-limited
// potential the yield analysis computes (which assumes nutrients, weeds and pests do not limit the crop).
import type { COUNTRIES, TTypicalYield } from '../../../contract/analysis';
import type { CropKey } from '../../../contract/crops';

export type Country = (typeof COUNTRIES)[number];

/** A deployment's country from the calling code its phone numbers start with (config DEFAULT_COUNTRY_CODE). */
const COUNTRY_OF_CALLING_CODE: Readonly<Record<string, Country>> = {
  '+237': 'CM',
  '+233': 'GH',
  '+225': 'CI',
};

export function countryOfCallingCode(code: string | null): Country | null {
  return code === null ? null : (COUNTRY_OF_CALLING_CODE[code] ?? null);
}

/** A published figure (contract/analysis.ts: ZTypicalYield). */
export type TypicalYield = TTypicalYield;

const GHANA_SRID =
  'SRID, Ministry of Food and Agriculture of Ghana: mean of 2006–2011, as tabulated by the Global Yield Gap Atlas (yieldgap.org/Ghana)';
const FAO_CEREALS =
  'FAO, as published by the World Bank (indicator AG.YLD.CREL.KG, cereal yield, all cereals together)';

/** Only figures read in a source are here; a crop with none shows none (no figure is guessed). */
export const TYPICAL_YIELDS: readonly TypicalYield[] = [
  {
    country: 'GH',
    scope: 'national',
    crop: 'maize',
    low: 1.68,
    high: 1.68,
    product: 'grain',
    period: '2006–2011',
    citation: GHANA_SRID,
  },
  {
    country: 'GH',
    scope: 'national',
    crop: 'sorghum',
    low: 1.12,
    high: 1.12,
    product: 'grain',
    period: '2006–2011',
    citation: GHANA_SRID,
  },
  {
    country: 'GH',
    scope: 'national',
    crop: 'millet',
    low: 1.13,
    high: 1.13,
    product: 'grain',
    period: '2006–2011',
    citation: GHANA_SRID,
  },
  {
    country: 'GH',
    scope: 'national',
    crop: 'rice',
    low: 2.3,
    high: 2.3,
    product: 'paddy',
    period: '2006–2011',
    citation: GHANA_SRID,
  },
  {
    country: 'GH',
    scope: 'national',
    crop: 'cassava',
    low: 14.01,
    high: 14.01,
    product: 'fresh roots',
    period: '2006–2011',
    citation: GHANA_SRID,
  },
  {
    country: 'GH',
    scope: 'national',
    crop: 'cocoa',
    low: 0.4,
    high: 0.4,
    product: 'dry beans',
    period: 'c. 2017',
    citation: 'Streck et al. (2017), Ghana average, as quoted by wikifarmer.com (cocoa)',
  },
  {
    country: 'CM',
    scope: 'cm_north_garoua',
    crop: 'maize',
    low: 1.3,
    high: 2.3,
    product: 'grain',
    period: '2013',
    citation:
      "Guibert, Kenne Kueteyim, Olina Bassala & M'Biandoun (2016), Cahiers Agricultures 25:65006 (farmers' own practice in 32 fields near Garoua: 1.3 t/ha on degraded, 2.3 t/ha on fertile plots)",
  },
  {
    country: 'CM',
    scope: 'national',
    crop: null,
    low: 1.646,
    high: 1.646,
    product: 'grain',
    period: '2018',
    citation: FAO_CEREALS,
  },
  {
    country: 'GH',
    scope: 'national',
    crop: null,
    low: 1.8643,
    high: 1.8643,
    product: 'grain',
    period: '2018',
    citation: FAO_CEREALS,
  },
  {
    country: 'CI',
    scope: 'national',
    crop: null,
    low: 2.278,
    high: 2.278,
    product: 'grain',
    period: '2018',
    citation: FAO_CEREALS,
  },
];

const CEREALS: ReadonlySet<CropKey> = new Set(['maize', 'sorghum', 'millet', 'rice', 'wheat']);

/** The country's figures for the crop; a cereal without any falls back to the country's all-cereals mean. */
export function typicalYieldsFor(crop: CropKey, country: Country | null): TypicalYield[] {
  if (country === null) {
    return [];
  }
  const own = TYPICAL_YIELDS.filter((y) => y.country === country && y.crop === crop);
  if (own.length > 0 || !CEREALS.has(crop)) {
    return own;
  }
  return TYPICAL_YIELDS.filter((y) => y.country === country && y.crop === null);
}
