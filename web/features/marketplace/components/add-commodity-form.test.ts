// The listing form sells at most a lot's free quantity when it draws on one, and reads any quantity without one.
import { describe, expect, it } from 'vitest';
import { decodeMessage } from '../../../../contract/validation';
import { listingForm } from './add-commodity-dialog';

const values = { name: 'Maize', quantity: '2,5', unit: '', price: '200', grade: 'A', farmer: '', lot: '' };
const form = listingForm(
  () => null,
  false,
  (lotId) => (lotId === 7 ? { kg: 2000, shown: '2' } : null),
);

describe('listing form with a lot', () => {
  it('refuses more than the lot has free, naming what is free', () => {
    const refused = form.safeParse({ ...values, lot: '7' });
    expect(refused.success).toBe(false);
    const issue = refused.error?.issues[0];
    expect(issue?.path).toEqual(['quantity']);
    expect(decodeMessage(issue?.message ?? '')).toEqual({
      key: 'marketplace.add.overFree',
      params: { free: '2' },
    });
  });

  it('takes up to the free quantity from a lot, and any quantity without one', () => {
    expect(form.parse({ ...values, quantity: '2', lot: '7' }).quantity).toBe(2000);
    expect(form.parse(values).quantity).toBe(2500);
  });
});
