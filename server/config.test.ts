// The deployment's currency and country code as the environment gives them: validated at start, decimals from
// ISO 4217 (through the runtime's tables).
import { describe, expect, it } from 'vitest';
import { currencyDigitsOf, loadConfig } from './config';

describe('CURRENCY and DEFAULT_COUNTRY_CODE', () => {
  it('default to US dollars and no country code', () => {
    const config = loadConfig({});
    expect(config.currency).toEqual({ code: 'USD', digits: 2 });
    expect(config.defaultCountryCode).toBeNull();
  });

  it('take an ISO 4217 code in any case, with its decimals', () => {
    expect(loadConfig({ CURRENCY: 'xaf' }).currency).toEqual({ code: 'XAF', digits: 0 });
    expect(loadConfig({ CURRENCY: 'XOF' }).currency).toEqual({ code: 'XOF', digits: 0 });
    expect(loadConfig({ CURRENCY: 'GHS' }).currency).toEqual({ code: 'GHS', digits: 2 });
    expect(loadConfig({ CURRENCY: 'NGN' }).currency).toEqual({ code: 'NGN', digits: 2 });
    expect(loadConfig({ DEFAULT_COUNTRY_CODE: '+237' }).defaultCountryCode).toBe('+237');
    expect(currencyDigitsOf('EUR')).toBe(2);
  });

  it('refuse at start what is not a currency, one with 3 decimals, and a bad country code', () => {
    expect(() => loadConfig({ CURRENCY: 'ABC' })).toThrow(/CURRENCY: an ISO 4217 currency code/);
    expect(() => loadConfig({ CURRENCY: 'dollars' })).toThrow(/CURRENCY/);
    expect(() => loadConfig({ CURRENCY: 'KWD' })).toThrow(/CURRENCY: a currency with at most 2 decimals/);
    expect(() => loadConfig({ DEFAULT_COUNTRY_CODE: '237' })).toThrow(/DEFAULT_COUNTRY_CODE/);
  });
});
