import { afterEach, describe, expect, it } from 'vitest';
import { setDeploymentCurrency } from '../../../contract/money';
import { bidTotalCents } from './bid-total';

afterEach(() => setDeploymentCurrency('USD', 2));

describe('bidTotalCents', () => {
  it('multiplies exactly in cents, whichever decimal separator was typed', () => {
    expect(bidTotalCents('320', '2')).toBe(64_000);
    expect(bidTotalCents('12,34', '0,5')).toBe(617);
    // 0.1 × 3 in floats is 0.30000000000000004: in cents it is 30.
    expect(bidTotalCents('0.10', '3')).toBe(30);
    // A kilogram at 333.33 per ton: 0.33333 rounds half up to the cent.
    expect(bidTotalCents('333.33', '0.001')).toBe(33);
  });

  it('rounds to the currency without decimals', () => {
    setDeploymentCurrency('XAF', 0);
    expect(bidTotalCents('150 000', '2,5')).toBe(37_500_000);
    expect(bidTotalCents('150000,5', '1')).toBeNull();
  });

  it('is null until both fields read as positive numbers', () => {
    for (const [price, quantity] of [
      ['', '2'],
      ['320', ''],
      ['0', '2'],
      ['320', '0'],
      ['abc', '2'],
      ['320', '1.2345'],
      ['21474836.47', '2147483.647'],
    ]) {
      expect(bidTotalCents(price ?? '', quantity ?? ''), `${price} × ${quantity}`).toBeNull();
    }
  });
});
