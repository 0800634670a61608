import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber, numberFormat, parseDecimal } from './format';

describe('format', () => {
  it('formats money and numbers in the language', () => {
    expect(formatMoney(1234.5, 'en')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'fr').replace(/\s/g, ' ')).toBe('1 234,50 $US');
    expect(formatNumber(2.5, 'fr', 2)).toBe('2,50');
    expect(formatNumber(2.5, 'en')).toBe('2.5');
  });

  it('keeps one formatter per language and options', () => {
    expect(numberFormat('en', { maximumFractionDigits: 3 })).toBe(
      numberFormat('en', { maximumFractionDigits: 3 }),
    );
    expect(numberFormat('en', { maximumFractionDigits: 3 })).not.toBe(
      numberFormat('fr', { maximumFractionDigits: 3 }),
    );
    expect(numberFormat('en', { maximumFractionDigits: 3 })).not.toBe(
      numberFormat('en', { maximumFractionDigits: 2 }),
    );
  });

  it('reads both decimal separators', () => {
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal('12.5')).toBe(12.5);
    expect(parseDecimal('1e3')).toBeNaN();
  });
});
