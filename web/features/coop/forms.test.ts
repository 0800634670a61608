// The co-operative forms read what an admin or a keeper types and send what the API takes.
import { describe, expect, it } from 'vitest';
import { listingForm, ZBroadcastForm, ZCreditForm, ZIntakeForm, ZSettlementForm } from './forms';

const intake = {
  memberId: '12',
  crop: 'Maize',
  grade: 'B',
  moisture: '13,5',
  measure: 'bags',
  kg: '',
  bags: '6',
  kgPerBag: '50',
  storeId: '4',
  date: '2026-11-12',
};

const firstMessages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe('intake form', () => {
  it('sends bags × kg per bag as tons, with the bag count', () => {
    expect(ZIntakeForm.parse(intake)).toEqual({
      memberId: 12,
      crop: 'Maize',
      grade: 'B',
      moisture: 13.5,
      quantity: 0.3,
      bags: 6,
      storeId: 4,
      date: '2026-11-12',
    });
  });

  it('sends kilograms off the scale as tons, leaving out what was left empty', () => {
    expect(
      ZIntakeForm.parse({ ...intake, measure: 'kg', kg: '1 250', bags: '', moisture: '', date: '' }),
    ).toEqual({ memberId: 12, crop: 'Maize', grade: 'B', quantity: 1.25, storeId: 4 });
    // Bags typed beside the weight are sent too, and the weight is the scale's, not bags × a bag's weight.
    expect(ZIntakeForm.parse({ ...intake, measure: 'kg', kg: '310', bags: '6' })).toMatchObject({
      quantity: 0.31,
      bags: 6,
    });
  });

  it('names the field at fault', () => {
    expect(
      firstMessages(ZIntakeForm.safeParse({ ...intake, memberId: '', storeId: '', bags: '2,5' })),
    ).toEqual({
      memberId: 'coop.validation.member',
      storeId: 'coop.validation.store',
      bags: 'coop.validation.bags',
    });
    expect(firstMessages(ZIntakeForm.safeParse({ ...intake, kgPerBag: '0' }))).toEqual({
      kgPerBag: 'coop.validation.kgPerBag',
    });
    expect(firstMessages(ZIntakeForm.safeParse({ ...intake, measure: 'kg', kg: '12,5', bags: '' }))).toEqual({
      kg: 'coop.validation.kg',
    });
    // Beyond what the kilogram columns hold: the contract's own message.
    expect(firstMessages(ZIntakeForm.safeParse({ ...intake, bags: '999999999', kgPerBag: '250' })).bags).toBe(
      'marketplace.validation.quantityTooLarge',
    );
  });
});

describe('other forms', () => {
  it('reads credit typed in the currency as minor units', () => {
    expect(ZCreditForm.parse({ memberId: '3', amount: '12,50', note: 'NPK 2 sacs', date: '' })).toEqual({
      memberId: 3,
      amount: 1250,
      note: 'NPK 2 sacs',
    });
    expect(
      firstMessages(ZCreditForm.safeParse({ memberId: '3', amount: '0', note: 'NPK', date: '' })).amount,
    ).toBe('coop.validation.amount');
  });

  it('settles ticked lots or one order', () => {
    expect(ZSettlementForm.parse({ by: 'lots', lotIds: [4, 7], orderId: '' })).toEqual({ lotIds: [4, 7] });
    expect(ZSettlementForm.parse({ by: 'order', lotIds: [4], orderId: ' 31 ' })).toEqual({ orderId: 31 });
    expect(firstMessages(ZSettlementForm.safeParse({ by: 'lots', lotIds: [], orderId: '' })).lotIds).toBe(
      'coop.validation.lots',
    );
    expect(firstMessages(ZSettlementForm.safeParse({ by: 'order', lotIds: [], orderId: 'x' })).orderId).toBe(
      'coop.validation.order',
    );
  });

  it('sends a broadcast in the languages written, and refuses an empty one', () => {
    expect(ZBroadcastForm.parse({ en: '', fr: 'Réunion samedi', crop: ' ' })).toEqual({
      fr: 'Réunion samedi',
    });
    expect(ZBroadcastForm.safeParse({ en: ' ', fr: '', crop: '' }).success).toBe(false);
  });

  it('lists a bulk lot from its free tons at most, sending tons and the price per ton', () => {
    const form = listingForm(12_400);
    expect(form.parse({ quantity: '12,4', price: '250000' })).toEqual({ quantity: 12.4, price: 250_000 });
    expect(firstMessages(form.safeParse({ quantity: '12.401', price: '250000' })).quantity).toBe(
      'coop.validation.overFree',
    );
    expect(firstMessages(form.safeParse({ quantity: '0.001', price: '0.01' })).price).toBe(
      'marketplace.validation.totalZero',
    );
  });
});
