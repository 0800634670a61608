// The terms form's typed values and to whom they go: shared by the form and its schema (loaded on first use), so
// neither imports the other.

/** A whole number as typed; anything else stays text, for the contract to refuse with its own message. */
export const wholeNumber = (typed: string): number | string =>
  /^\s*\d+\s*$/.test(typed) ? Number(typed) : typed;

/** Every field as typed (the select's and date inputs' values are text too). */
export interface TermsValues {
  crop: string;
  grade: string;
  quantity: string;
  tolerancePercent: string;
  pricingKind: string;
  price: string;
  floor: string;
  sharePercent: string;
  deliveryFrom: string;
  deliveryTo: string;
  place: string;
  depositPercent: string;
  advanceAmount: string;
  advanceNote: string;
}

/** To whom the terms go: the seller, or a co-operative. */
export type TermsTarget = { sellerId: number } | { groupId: number };
