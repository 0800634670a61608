import { format } from 'date-fns';
import { enUS, fr } from 'date-fns/locale';
import { describe, expect, it } from 'vitest';
import {
  currencyAffix,
  DATE_STYLES,
  DAY_MONTH,
  DAY_MONTH_TIME,
  formatCompact,
  formatDate,
  formatDateParts,
  formatDay,
  formatMoney,
  formatNumber,
  formatPhone,
  localDay,
  numberFormat,
  parseDecimal,
} from './format';

describe('format', () => {
  it('formats money and numbers in the language', () => {
    expect(formatMoney(1234.5, 'en')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'fr').replace(/\s/g, ' ')).toBe('1 234,50 $US');
    expect(formatNumber(2.5, 'fr', 2)).toBe('2,50');
    expect(formatNumber(2.5, 'en')).toBe('2.5');
  });

  it("places the currency's sign where the language writes it", () => {
    expect(currencyAffix('en', 'USD')).toEqual({ symbol: '$', position: 'prefix' });
    expect(currencyAffix('fr', 'USD')).toEqual({ symbol: '$US', position: 'suffix' });
    expect(currencyAffix('en', 'XAF')).toEqual({ symbol: 'FCFA', position: 'prefix' });
    expect(currencyAffix('fr', 'XAF')).toEqual({ symbol: 'FCFA', position: 'suffix' });
    // The deployment's currency when none is named (USD by default).
    expect(currencyAffix('en')).toEqual({ symbol: '$', position: 'prefix' });
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

  it('formats each date style exactly as the date-fns pattern it is named after, in both languages', () => {
    const days = [
      new Date(2026, 10, 23, 14, 5, 9),
      new Date(2026, 0, 3, 9, 7, 0),
      new Date(2026, 6, 6, 0, 0, 0),
    ];
    for (const style of Object.keys(DATE_STYLES) as (keyof typeof DATE_STYLES)[]) {
      for (const day of days) {
        expect(formatDate(day, 'en', style)).toBe(format(day, style, { locale: enUS }));
        expect(formatDate(day, 'fr', style)).toBe(format(day, style, { locale: fr }));
      }
    }
  });

  it("formats a calendar day as date-fns' 'PP' does, in both languages", () => {
    for (const iso of ['2026-07-06T12:00:00.000Z', '2026-01-31T12:00:00.000Z', '2026-12-09T08:00:00.000Z']) {
      expect(formatDay(iso, 'en')).toBe(format(new Date(iso), 'PP', { locale: enUS }));
      expect(formatDay(iso, 'fr')).toBe(format(new Date(iso), 'PP', { locale: fr }));
    }
    expect(formatDay('2026-07-06T12:00:00.000Z', 'fr')).toBe('6 juil. 2026');
  });

  it("puts a date's parts in each language's own order (issue 20: 'nov. 23, 2026' in French)", () => {
    const day = new Date(2026, 10, 23, 14, 5);
    expect(formatDay(day, 'en')).toBe('Nov 23, 2026');
    expect(formatDay(day, 'fr')).toBe('23 nov. 2026');
    expect(formatDate(day, 'en')).toBe('Nov 23, 2026');
    expect(formatDate(day, 'fr')).toBe('23 nov. 2026');
    expect(formatDateParts(day, 'en', DAY_MONTH)).toBe('Nov 23');
    expect(formatDateParts(day, 'fr', DAY_MONTH)).toBe('23 nov.');
    expect(formatDateParts(day, 'en', DAY_MONTH_TIME).replace(/\s/g, ' ')).toBe('Nov 23, 2:05 PM');
    expect(formatDateParts(day, 'fr', DAY_MONTH_TIME)).toBe('23 nov., 14:05');
  });

  it('gives a local calendar day for date inputs', () => {
    expect(localDay(new Date(2026, 0, 3, 23, 59))).toBe('2026-01-03');
    expect(localDay(new Date(2026, 10, 23, 0, 1))).toBe('2026-11-23');
  });

  it('reads both decimal separators', () => {
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal('12.5')).toBe(12.5);
    expect(parseDecimal('1e3')).toBeNaN();
  });
});

describe('formatCompact', () => {
  it('keeps chart axis numbers short in each language', () => {
    expect(formatCompact(4_000_000, 'en')).toBe('4M');
    expect(formatCompact(4_000_000, 'fr')).toBe('4\u00a0M');
    expect(formatCompact(250_000, 'en')).toBe('250K');
    expect(formatCompact(143.38, 'en')).toBe('143.4');
  });
});

describe('formatPhone', () => {
  it('groups an E.164 number after its country code', () => {
    expect(formatPhone('+237670000001')).toBe('+237 670 000 001');
    expect(formatPhone('+2348031234567')).toBe('+234 803 123 4567');
    expect(formatPhone('+233241234567')).toBe('+233 241 234 567');
    expect(formatPhone('+27821234567')).toBe('+27 821 234 567');
    expect(formatPhone('+33612345678')).toBe('+33 612 345 678');
    expect(formatPhone('+14155550123')).toBe('+1 415 555 0123');
  });

  it('reads the number however it was spaced, with its country code apart or alone', () => {
    expect(formatPhone('+237 670000001')).toBe('+237 670 000 001');
    expect(formatPhone('670 00 00 01', '+237')).toBe('+237 670 000 001');
    expect(formatPhone('670000001')).toBe('670 000 001');
    expect(formatPhone('+237670000001', '+237')).toBe('+237 670 000 001');
    expect(formatPhone('12345678')).toBe('123 456 78');
  });
});
