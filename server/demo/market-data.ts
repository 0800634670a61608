// The marketplace's demo data: extra people, the markets with their price and activity, listings without trades
// and buyers' open requests. Prices are in cents per ton, quantities in kg; people are usernames.

import type { FarmSite } from '../farms/books-farm';
import type { AccountRow } from './accounts';

/** The market's other sellers and buyers (no email, no phone). */
export const EXTRA_USERS: AccountRow[] = [
  ['moussa', 'farmer', 'fr', null, null],
  ['esi', 'farmer', 'en', null, null],
  ['jean', 'farmer', 'fr', null, null],
  ['ama', 'buyer', 'en', null, null],
  ['ngozi', 'buyer', 'en', null, null],
];

export interface MarketPlan {
  name: string;
  seller: string;
  grade: 'A' | 'B' | 'C';
  /** Starting price per ton, in cents. */
  startCents: number;
  /** Typical trade size, in kg. */
  lotKg: number;
  /** Chance of a trade on a given day. */
  activity: number;
}

export const MARKETS: MarketPlan[] = [
  { name: 'Maize', seller: 'amina', grade: 'A', startCents: 28_000, lotKg: 3000, activity: 0.8 },
  { name: 'Cassava', seller: 'moussa', grade: 'B', startCents: 15_000, lotKg: 4000, activity: 0.6 },
  { name: 'Cocoa', seller: 'esi', grade: 'A', startCents: 240_000, lotKg: 800, activity: 0.5 },
  { name: 'Coffee', seller: 'jean', grade: 'A', startCents: 310_000, lotKg: 600, activity: 0.4 },
  { name: 'Plantain', seller: 'amina', grade: 'B', startCents: 42_000, lotKg: 2000, activity: 0.55 },
  { name: 'Beans', seller: 'moussa', grade: 'A', startCents: 90_000, lotKg: 1200, activity: 0.5 },
  { name: 'Rice', seller: 'esi', grade: 'C', startCents: 65_000, lotKg: 2500, activity: 0.45 },
];

/**
 * Maize's older seasons, before the 60 days every market has: a trade about every two weeks for two years, so that
 * the "sell now or store?" hint has the year of history it asks for. The price follows the highlands' season:
 * cheapest after the main harvest (September, the market's starting price), dearest in the lean months six months
 * on (`rise` above it), with a little noise. One listing of amina's sold out over the two years.
 */
export const PAST_SEASONS = {
  market: 'Maize',
  days: 670,
  /** Days between trades: at least, and the most added at random. */
  everyDays: 12,
  spreadDays: 7,
  /** The cheapest month (0–11) and the rise to the dearest, as a fraction of the starting price. */
  lowMonth: 8,
  rise: 0.2,
  noise: 0.04,
  seed: 20_240_901,
};

/** Listings with no trades yet: more grades and sellers in the list. */
export const EXTRA_LISTINGS: {
  name: string;
  seller: string;
  grade: 'A' | 'B' | 'C';
  kg: number;
  cents: number;
}[] = [
  { name: 'Maize', seller: 'moussa', grade: 'B', kg: 12_000, cents: 26_500 },
  { name: 'Coffee', seller: 'esi', grade: 'B', kg: 3_500, cents: 298_000 },
  { name: 'Cassava', seller: 'jean', grade: 'C', kg: 20_000, cents: 13_900 },
  { name: 'Plantain', seller: 'jean', grade: 'A', kg: 6_000, cents: 45_000 },
];

export const BUYERS = ['kofi', 'ama', 'ngozi'];

/** Buyers' open requests, newest first, 9 hours apart. */
export const OPEN_REQUESTS = [
  { buyer: 'kofi', name: 'Cocoa', kg: 5_000, cents: 235_000, grade: 'A', timeline: 'within_month' },
  { buyer: 'kofi', name: 'Maize', kg: 20_000, cents: 27_000, grade: 'B', timeline: 'within_week' },
  { buyer: 'ama', name: 'Soybeans', kg: 8_000, cents: 52_000, grade: 'A', timeline: 'flexible' },
  { buyer: 'ngozi', name: 'Groundnuts', kg: 3_000, cents: 110_000, grade: 'B', timeline: 'immediate' },
] as const;

/** The other sellers' farms (amina's comes from the farms seed), where their markets' goods grow. */
export const SELLER_FARMS: { seller: string; crop: string; site: FarmSite }[] = [
  {
    seller: 'moussa',
    crop: 'Cassava',
    site: { name: 'Champ de Moussa, Bouaké', sizeHa: 4, latitude: 7.69, longitude: -5.03, elevation: 365 },
  },
  {
    seller: 'esi',
    crop: 'Cocoa',
    site: { name: "Esi's cocoa farm, Kumasi", sizeHa: 3, latitude: 6.69, longitude: -1.62, elevation: 250 },
  },
  {
    seller: 'jean',
    crop: 'Coffee',
    site: {
      name: 'Plantation de Jean, Dschang',
      sizeHa: 2,
      latitude: 5.45,
      longitude: 10.05,
      elevation: 1380,
    },
  },
];
