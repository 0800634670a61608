// Only a receipt's address is a public page: everything else goes through sign-in as before.
import { describe, expect, it } from 'vitest';
import { isPublicPath, receiptCodeOf } from './public-pages';

describe('public pages', () => {
  it('reads a receipt code from its address', () => {
    expect(receiptCodeOf('/receipts/AB23CD45EF')).toBe('AB23CD45EF');
    expect(receiptCodeOf('/receipts/ab23cd45ef/')).toBe('ab23cd45ef');
  });

  it('leaves every other address to the signed-in app', () => {
    expect(isPublicPath('/receipts')).toBe(false);
    expect(isPublicPath('/receipts/')).toBe(false);
    expect(isPublicPath('/receipts/A/B')).toBe(false);
    expect(isPublicPath('/stock')).toBe(false);
    expect(isPublicPath('/')).toBe(false);
  });
});
