// The deployment's currency as the web app takes it from the page: amounts drawn in it, in each language, and read
// with its decimals.
import { afterEach, describe, expect, it } from 'vitest';
import { parseMoneyToCents } from '../../contract/money';
import { DEFAULT_DEPLOYMENT, deployment, startDeployment } from './deployment';
import { formatMoney } from './format';

afterEach(() => startDeployment(DEFAULT_DEPLOYMENT));

describe('startDeployment', () => {
  it('draws amounts in the page’s currency: CFA francs without decimals, in each language', () => {
    startDeployment({
      currency: 'XAF',
      currencyDigits: 0,
      defaultCountryCode: '+237',
      languages: ['en', 'fr'],
      mobileMoney: [],
    });
    expect(formatMoney(1500, 'fr')).toBe('1\u202f500\u00a0FCFA');
    expect(formatMoney(1500, 'en')).toBe('FCFA\u00a01,500');
    expect(parseMoneyToCents('1500')).toBe(150_000);
    expect(parseMoneyToCents('1500,5')).toBeNull();
    expect(deployment().defaultCountryCode).toBe('+237');
  });

  it('keeps US dollars with cents by default, and ignores a page with nonsense', () => {
    expect(formatMoney(1500.5, 'en')).toBe('$1,500.50');
    expect(formatMoney(1500.5, 'fr')).toBe('1\u202f500,50\u00a0$US');
    startDeployment({ currency: 'francs', currencyDigits: 7 } as never);
    expect(deployment().currency).toBe('USD');
    expect(parseMoneyToCents('12.5')).toBe(1250);
  });

  it('offers no mobile-money provider when the settings predate them (kept by an older version)', () => {
    const { mobileMoney: _, ...older } = { ...DEFAULT_DEPLOYMENT, currency: 'XAF', currencyDigits: 0 };
    startDeployment(older as never);
    expect(deployment().currency).toBe('XAF');
    expect(deployment().mobileMoney).toEqual([]);
    startDeployment({ ...DEFAULT_DEPLOYMENT, mobileMoney: ['mtn_momo'] });
    expect(deployment().mobileMoney).toEqual(['mtn_momo']);
  });
});
