// The terms form's schema (loaded when the form is first used): every field as typed text, nested into the API's
// shape, then the contract's ZAgreementInput checks it with its own messages.
import { z } from 'zod';
import { type TAgreementInput, ZAgreementInput } from '../../../contract/forward-agreements';
import { type TermsTarget, type TermsValues, wholeNumber } from './terms-values';

const text = z.string();
const TERMS_TEXT = z.object({
  crop: text,
  grade: text,
  quantity: text,
  tolerancePercent: text,
  pricingKind: text,
  price: text,
  floor: text,
  sharePercent: text,
  deliveryFrom: text,
  deliveryTo: text,
  place: text,
  depositPercent: text,
  advanceAmount: text,
  advanceNote: text,
});

/** The typed text in the API's shape; the contract then checks every part (hence the cast: text stands in). */
function nested(values: TermsValues, target: TermsTarget): TAgreementInput {
  const pricing =
    values.pricingKind === 'floor'
      ? { kind: 'floor', floor: values.floor, sharePercent: wholeNumber(values.sharePercent) }
      : { kind: values.pricingKind, price: values.price };
  const advance =
    values.advanceAmount.trim() === '' && values.advanceNote.trim() === ''
      ? {}
      : { inputAdvance: { amount: values.advanceAmount, note: values.advanceNote } };
  const typed = {
    ...target,
    crop: values.crop,
    grade: values.grade,
    quantity: values.quantity,
    tolerancePercent: wholeNumber(values.tolerancePercent),
    pricing,
    deliveryFrom: values.deliveryFrom,
    deliveryTo: values.deliveryTo,
    place: values.place,
    depositPercent: wholeNumber(values.depositPercent),
    ...advance,
  };
  return typed as TAgreementInput;
}

/** The form's schema: the contract's checks on the typed terms (errors on `pricing`, `inputAdvance` by name). */
export const termsForm = (target: TermsTarget) =>
  TERMS_TEXT.transform((v) => nested(v, target)).pipe(ZAgreementInput);
