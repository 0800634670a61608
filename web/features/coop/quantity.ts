// A delivery's weight as a store keeper takes it: kilograms off the scale, or a count of bags of a known weight.
// Storage and the API hold whole kilograms (sent as tons), so both read into integer kilograms first.
import { parseScaledDecimal } from '../../../contract/money';
import { kgToTons, unitCountToKg } from '../../../contract/quantity';

/** The heaviest bag a keeper may declare: a 100 kg maize bag is common, none weighs a quarter ton. */
export const MAX_KG_PER_BAG = 250;
/** What a bag weighs unless the keeper says otherwise: the usual jute sack of grain and cocoa in the region. */
export const DEFAULT_KG_PER_BAG = '50';

/** Kilograms typed ('300', '1 250', '62,5' is refused: the scale's whole kilograms), or null. */
export function parseKg(text: string): number | null {
  const kg = parseScaledDecimal(text.trim(), 0);
  return kg === null || kg <= 0 ? null : kg;
}

/** A bag's weight typed ('50', '62,5'), at most three decimals and MAX_KG_PER_BAG, or null. */
export function parseKgPerBag(text: string): number | null {
  const grams = parseScaledDecimal(text.trim(), 3);
  if (grams === null || grams <= 0 || grams > MAX_KG_PER_BAG * 1000) {
    return null;
  }
  return grams / 1000;
}

/** A count of whole bags ('6'), or null. */
export function parseBags(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) {
    return null;
  }
  const bags = Number(trimmed);
  return bags > 0 ? bags : null;
}

/** Whole kilograms in `bags` bags of `kgPerBag` each (half a kilogram and above rounds up), or null. */
export function bagsToKg(bags: number, kgPerBag: number): number | null {
  const kg = unitCountToKg(bags, kgPerBag);
  return kg === null || kg <= 0 ? null : kg;
}

/** The API's tons for `bags` bags of `kgPerBag` each: 6 bags of 50 kg → 0.3. */
export function bagsToTons(bags: number, kgPerBag: number): number | null {
  const kg = bagsToKg(bags, kgPerBag);
  return kg === null ? null : kgToTons(kg);
}
