// Quantities: tons in the API and forms (at most 3 decimals) ↔ integer kilograms in storage.
import { MAX_AMOUNT_CENTS, multiplyCents, parseScaledDecimal, smallestUnitCents } from './money';

export const KG_PER_TON = 1000;

/**
 * Parses tons typed by a user or sent by a client ('2', '1.5', '0,125', ' 1 234,5 ', 1.5) into integer kg.
 * Accepts `.` or `,` as the decimal separator and at most 3 decimals (1 kg); returns null when invalid or negative,
 * and for numbers of 10^12 tons or more, which a double cannot carry to the kilogram.
 */
export function parseTonsToKg(input: string | number): number | null {
  return parseScaledDecimal(input, 3);
}

/** Converts kg to the API's tons (1250 → 1.25); exact and reversible by parseTonsToKg for kg < 10^15. */
export function kgToTons(kg: number): number {
  if (!Number.isSafeInteger(kg)) {
    throw new RangeError(`kg must be a safe integer, got ${kg}`);
  }
  return kg / KG_PER_TON + 0;
}

/**
 * Kilograms in a count of a local unit (12 bags of 100 kg → 1200): the count typed like tons ('12', '2,5', at most
 * 3 decimals), the unit's kilograms as a manager set them (at most 3 decimals). Exact, to the kilogram half up
 * (storage holds whole kilograms); null for a count that is not a number or is negative, or for a unit of no weight.
 */
export function unitCountToKg(count: string | number, unitKg: number): number | null {
  const thousandths = parseScaledDecimal(count, 3);
  const unitGrams = Math.round(unitKg * 1000);
  if (thousandths === null || !(unitGrams > 0)) {
    return null;
  }
  const kg = (BigInt(thousandths) * BigInt(unitGrams) + 500_000n) / 1_000_000n;
  return kg > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(kg);
}

/** Whether `kg` kilograms at a per-ton price would cost more than one amount may carry (MAX_AMOUNT_CENTS). */
export function totalPastMaxAmount(pricePerTonCents: number, kg: number): boolean {
  return BigInt(pricePerTonCents) * BigInt(kg) > BigInt(MAX_AMOUNT_CENTS) * BigInt(KG_PER_TON);
}

/** Price of `kg` kilograms at a per-ton price, exact, rounded half up to the cent (see multiplyCents). */
export function priceForKgCents(pricePerTonCents: number, kg: number): number {
  return multiplyCents(pricePerTonCents, kg, KG_PER_TON);
}

/**
 * The least price per ton (cents) × kilograms whose total is not 0: totals round half up to the currency's smallest
 * unit, so price × kg / 1000 must reach half of one (500 for cents; 50,000 for a currency without decimals).
 */
export function minPriceTimesKg(): number {
  return (KG_PER_TON * smallestUnitCents()) / 2;
}

/** Whether `kg` kilograms at a per-ton price come to 0 once rounded: an amount no ledger or order may carry. */
export function totalRoundsToZero(pricePerTonCents: number, kg: number): boolean {
  return pricePerTonCents * kg < minPriceTimesKg();
}
