// The terms form: the contract's own checks and messages on typed text, the API's decimals out, and the deposit the
// terms come to, exact in cents.
import { describe, expect, it } from 'vitest';
import { sampleAgreement } from './agreement-sample';
import { apiTerms, depositCents, EMPTY_TERMS, termsValuesOf } from './terms-form';
import { termsForm } from './terms-form-schema';
import type { TermsValues } from './terms-values';

const filled: TermsValues = {
  ...EMPTY_TERMS,
  quantity: '5',
  price: '300',
  deliveryFrom: '2027-01-10',
  deliveryTo: '2027-02-28',
  place: 'Bafoussam',
};

const messages = (values: TermsValues) => {
  const result = termsForm({ sellerId: 1 }).safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('termsForm', () => {
  it('reads typed terms into what the API takes: tons and money as decimals, percents as numbers', () => {
    const parsed = termsForm({ sellerId: 1 }).parse({ ...filled, quantity: '5,5', price: '300,50' });
    expect(apiTerms(parsed)).toEqual({
      sellerId: 1,
      crop: 'maize',
      grade: 'A',
      quantity: 5.5,
      tolerancePercent: 5,
      pricing: { kind: 'fixed', price: 300.5 },
      deliveryFrom: '2027-01-10',
      deliveryTo: '2027-02-28',
      place: 'Bafoussam',
      depositPercent: 10,
    });
  });

  it('reads a floor price with its share and an input advance', () => {
    const parsed = termsForm({ groupId: 7 }).parse({
      ...filled,
      pricingKind: 'floor',
      floor: '250',
      sharePercent: '90',
      advanceAmount: '100',
      advanceNote: 'NPK',
    });
    const body = apiTerms(parsed);
    expect(body.pricing).toEqual({ kind: 'floor', floor: 250, sharePercent: 90 });
    expect(body.inputAdvance).toEqual({ amount: 100, note: 'NPK' });
    expect(body).toMatchObject({ groupId: 7 });
  });

  it('refuses what the contract refuses, with its messages, on the field that is wrong', () => {
    expect(messages({ ...filled, tolerancePercent: '25' })).toEqual({
      tolerancePercent: 'agreements.validation.tolerance',
    });
    expect(messages({ ...filled, depositPercent: '60' })).toEqual({
      depositPercent: 'agreements.validation.deposit',
    });
    expect(messages({ ...filled, depositPercent: 'ten' })).toEqual({
      depositPercent: 'agreements.validation.deposit',
    });
    expect(messages({ ...filled, deliveryTo: '2027-01-01' })).toEqual({
      deliveryTo: 'agreements.validation.window',
    });
    expect(messages({ ...filled, pricingKind: 'floor', floor: '250', sharePercent: '40' })).toEqual({
      pricing: 'agreements.validation.share',
    });
    expect(messages({ ...filled, quantity: '' })).toEqual({
      quantity: 'marketplace.validation.quantityRequired',
    });
    expect(messages(filled)).toEqual({});
  });
});

describe('depositCents', () => {
  it('is the percent of the quantity at the agreed price, or at the floor', () => {
    expect(depositCents(filled)).toBe(15_000);
    expect(depositCents({ ...filled, quantity: '2,5', price: '333,33' })).toBe(8_333);
    expect(depositCents({ ...filled, pricingKind: 'floor', floor: '200' })).toBe(10_000);
    expect(depositCents({ ...filled, depositPercent: '0' })).toBe(0);
  });

  it('waits until the figures read', () => {
    expect(depositCents({ ...filled, price: '' })).toBeNull();
    expect(depositCents({ ...filled, quantity: 'five' })).toBeNull();
    expect(depositCents({ ...filled, depositPercent: '' })).toBeNull();
  });
});

describe('termsValuesOf', () => {
  it('pre-fills a counter with the agreement’s terms as the language types them', () => {
    const values = termsValuesOf(
      sampleAgreement({ quantity: 5.5, pricing: { kind: 'floor', floor: 250.5, sharePercent: 90 } }),
      'fr',
    );
    expect(values).toMatchObject({
      quantity: '5,5',
      pricingKind: 'floor',
      floor: '250,5',
      sharePercent: '90',
      price: '',
    });
    expect(termsForm({ sellerId: 1 }).safeParse(values).success).toBe(true);
  });
});
