// The terms form (a buyer's proposal, a seller's counter): typed text in, the contract's ZAgreementInput checks it
// (its messages are the form's), and the API's decimals out (tons, money), as the marketplace's forms do. The
// deposit the terms come to follows each keystroke, exact in cents.
import type { z } from 'zod';
import type { TForwardAgreement } from '../../../contract/forward-agreements';
import { centsToDecimal, multiplyCents, parseMoneyToCents } from '../../../contract/money';
import { kgToTons, parseTonsToKg, priceForKgCents } from '../../../contract/quantity';
import { toDecimalInput } from '../../lib/format';
import type { termsForm } from './terms-form-schema';
import { type TermsTarget, type TermsValues, wholeNumber } from './terms-values';

/** The form's schema, loaded (with zod and the contract) when the form is first used, not with the screen. */
export const loadTermsForm = (target: TermsTarget) => () =>
  import('./terms-form-schema').then((m) => m.termsForm(target));

type ParsedTerms = z.output<ReturnType<typeof termsForm>>;

/** What the API is sent: tons and money as decimals (the contract's output is kilograms and cents). */
export function apiTerms(parsed: ParsedTerms) {
  const { quantity, pricing, inputAdvance, ...rest } = parsed;
  return {
    ...rest,
    quantity: kgToTons(quantity),
    pricing:
      pricing.kind === 'fixed'
        ? { kind: 'fixed' as const, price: centsToDecimal(pricing.price) }
        : {
            kind: 'floor' as const,
            floor: centsToDecimal(pricing.floor),
            sharePercent: pricing.sharePercent,
          },
    ...(inputAdvance
      ? { inputAdvance: { ...inputAdvance, amount: centsToDecimal(inputAdvance.amount) } }
      : {}),
  };
}

/**
 * The deposit the typed terms come to, in cents: its percent of the quantity at the agreed price (the floor, for a
 * floor price), rounded half up to the currency's smallest unit; null until the figures read.
 */
export function depositCents(
  values: Pick<TermsValues, 'quantity' | 'pricingKind' | 'price' | 'floor' | 'depositPercent'>,
) {
  const priceText = values.pricingKind === 'floor' ? values.floor : values.price;
  const price = priceText.trim() === '' ? null : parseMoneyToCents(priceText);
  const kg = values.quantity.trim() === '' ? null : parseTonsToKg(values.quantity);
  const percent = wholeNumber(values.depositPercent);
  if (price === null || kg === null || typeof percent !== 'number' || price <= 0 || kg <= 0) {
    return null;
  }
  return multiplyCents(priceForKgCents(price, kg), percent, 100);
}

/** A new proposal's first values: maize, grade A, no tolerance, a fixed price, a 10 % deposit. */
export const EMPTY_TERMS: TermsValues = {
  crop: 'maize',
  grade: 'A',
  quantity: '',
  tolerancePercent: '5',
  pricingKind: 'fixed',
  price: '',
  floor: '',
  sharePercent: '100',
  deliveryFrom: '',
  deliveryTo: '',
  place: '',
  depositPercent: '10',
  advanceAmount: '',
  advanceNote: '',
};

/** A counter's first values: the agreement's terms as the language types them. */
export function termsValuesOf(agreement: TForwardAgreement, language: string): TermsValues {
  const { pricing, inputAdvance } = agreement;
  const decimal = (value: number) => toDecimalInput(value, language);
  return {
    crop: agreement.crop,
    grade: agreement.grade,
    quantity: decimal(agreement.quantity),
    tolerancePercent: String(agreement.tolerancePercent),
    pricingKind: pricing.kind,
    price: pricing.kind === 'fixed' ? decimal(pricing.price) : '',
    floor: pricing.kind === 'floor' ? decimal(pricing.floor) : '',
    sharePercent: pricing.kind === 'floor' ? String(pricing.sharePercent) : '100',
    deliveryFrom: agreement.deliveryFrom,
    deliveryTo: agreement.deliveryTo,
    place: agreement.place,
    depositPercent: String(agreement.depositPercent),
    advanceAmount: inputAdvance ? decimal(inputAdvance.amount) : '',
    advanceNote: inputAdvance?.note ?? '',
  };
}
