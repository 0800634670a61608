// Tests for ledger memos in the reader's language, and older English memos shown as stored.
import { describe, expect, it } from 'vitest';
import { memoText } from './memo-text';

describe('memoText', () => {
  it('renders a system memo in the reader’s language, translating `…Key` values', () => {
    const row = {
      memo: 'Order #7: payment (mobile_money)',
      memoKey: 'orderPayment',
      memoData: { orderId: 7, methodKey: 'finance.paymentMethods.mobile_money' },
    };
    expect(memoText('en', row)).toBe('Payment for order #7 (Mobile money)');
    expect(memoText('fr', row)).toBe('Paiement de la commande n° 7 (Argent mobile)');
  });

  it('shows an older memo as stored, and a method the catalogue lacks by its name', () => {
    expect(memoText('fr', { memo: 'Marketplace trade #3: Maize', memoKey: null, memoData: null })).toBe(
      'Marketplace trade #3: Maize',
    );
    expect(memoText('fr', { memo: 'kept', memoKey: 'noSuchMemo', memoData: {} })).toBe('kept');
    expect(
      memoText('en', {
        memo: null,
        memoKey: 'orderPayment',
        memoData: { orderId: 2, methodKey: 'finance.paymentMethods.barter' },
      }),
    ).toBe('Payment for order #2 (barter)');
  });
});
