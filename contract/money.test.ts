// Tests for exact money parsing and arithmetic on integer cents.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addCents,
  centsToDecimal,
  decimalToCents,
  deploymentCurrency,
  divideCents,
  hasTooManyDecimals,
  isCents,
  multiplyCents,
  parseMoneyToCents,
  parseScaledDecimal,
  setDeploymentCurrency,
  sumCents,
} from './money';

describe('parseMoneyToCents', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12,50', 1250],
    [' 1 234,56 ', 123456],
    ['1\u00A0234\u00A0567.8', 123456780],
    ['1\u202F234,05', 123405],
    ['0', 0],
    ['0.01', 1],
    ['007', 700],
    [12.5, 1250],
    [0.29, 29],
    [0, 0],
    [9_999_999_999_999.99, 999_999_999_999_999],
  ])('reads %j as %d cents', (input, cents) => {
    expect(parseMoneyToCents(input)).toBe(cents);
  });

  it.each([
    '',
    '   ',
    '-12',
    '+12',
    '12.345',
    '1,500',
    '12.',
    '.5',
    ',5',
    '1.234,56',
    '1,234.56',
    '12 34',
    '1  234',
    '1e3',
    '12€',
    'abc',
    'NaN',
    '90071992547409.92',
  ])('rejects %j', (input) => {
    expect(parseMoneyToCents(input)).toBeNull();
  });

  it.each([-1, 0.125, Number.NaN, Number.POSITIVE_INFINITY, 1e-7, 1e13, 1e21])(
    'rejects the number %d',
    (input) => {
      expect(parseMoneyToCents(input)).toBeNull();
    },
  );

  it('accepts the largest safe amount and nothing above', () => {
    expect(parseMoneyToCents('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseMoneyToCents('90 071 992 547 409,91')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses a megabyte of digits without converting it (BigInt of it held the event loop)', () => {
    const bigInt = vi.spyOn(globalThis, 'BigInt');
    expect(parseMoneyToCents('9'.repeat(1_000_000))).toBeNull();
    expect(parseMoneyToCents(`${'1'.repeat(1_000_000)}.5`)).toBeNull();
    expect(bigInt).not.toHaveBeenCalled();
    bigInt.mockRestore();
    expect(parseMoneyToCents(`${'0'.repeat(30)}12.5`)).toBe(1250);
  });

  it('round-trips every amount written with either separator (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.constantFrom('.', ','),
        (cents, sep) => {
          const text = `${Math.floor(cents / 100)}${sep}${String(cents % 100).padStart(2, '0')}`;
          expect(parseMoneyToCents(text)).toBe(cents);
        },
      ),
    );
  });

  it('round-trips API numbers below 10^15 cents (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e15 - 1 }), (cents) => {
        expect(parseMoneyToCents(centsToDecimal(cents))).toBe(cents);
      }),
    );
  });
});

describe('parseScaledDecimal', () => {
  it('scales by the requested number of decimals', () => {
    expect(parseScaledDecimal('1,5', 3)).toBe(1500);
    expect(parseScaledDecimal('7', 0)).toBe(7);
    expect(parseScaledDecimal('7.0', 0)).toBeNull();
  });
});

describe('decimalToCents and centsToDecimal', () => {
  it('converts API numbers with at most 2 decimals, negative ones included', () => {
    expect(decimalToCents(12.5)).toBe(1250);
    expect(decimalToCents(-12.34)).toBe(-1234);
    expect(decimalToCents(-0)).toBe(0);
    expect(Object.is(decimalToCents(-0), 0)).toBe(true);
    expect(decimalToCents(1.005)).toBeNull();
    expect(decimalToCents(Number.NaN)).toBeNull();
    expect(decimalToCents(Number.NEGATIVE_INFINITY)).toBeNull();
  });

  it('converts cents to the API number', () => {
    expect(centsToDecimal(1250)).toBe(12.5);
    expect(centsToDecimal(-1)).toBe(-0.01);
    expect(Object.is(centsToDecimal(-0), 0)).toBe(true);
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
  });

  it('are inverses for every amount below 10^15 cents (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1 - 1e15, max: 1e15 - 1 }), (cents) => {
        expect(decimalToCents(centsToDecimal(cents))).toBe(cents);
      }),
    );
  });
});

describe('sums', () => {
  it('adds 0.10 and 0.20 to exactly 0.30', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    const total = sumCents([
      parseMoneyToCents('0.10') ?? Number.NaN,
      parseMoneyToCents('0,20') ?? Number.NaN,
    ]);
    expect(total).toBe(30);
    expect(centsToDecimal(total)).toBe(0.3);
  });

  it('sums many small amounts without drift', () => {
    expect(centsToDecimal(sumCents(Array.from({ length: 1000 }, () => 10)))).toBe(100);
  });

  it('rejects non-integers and overflow', () => {
    expect(sumCents([])).toBe(0);
    expect(() => sumCents([1, 0.5])).toThrow(RangeError);
    expect(() => addCents(Number.MAX_SAFE_INTEGER, 1)).toThrow(RangeError);
    expect(isCents(12)).toBe(true);
    expect(isCents(1.2)).toBe(false);
    expect(isCents('12')).toBe(false);
  });

  it('matches BigInt addition whenever it does not throw (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e15, max: 1e15 }), { maxLength: 50 }), (values) => {
        const expected = values.reduce((total, value) => total + BigInt(value), 0n);
        expect(BigInt(sumCents(values))).toBe(expected);
      }),
    );
  });
});

describe('multiplyCents', () => {
  it('prices kilograms at a per-ton price, rounding half up', () => {
    expect(multiplyCents(150_000, 1_234, 1000)).toBe(185_100);
    expect(multiplyCents(1, 500, 1000)).toBe(1);
    expect(multiplyCents(1, 499, 1000)).toBe(0);
    expect(multiplyCents(3, 1_500, 1000)).toBe(5);
    expect(multiplyCents(199, 3)).toBe(597);
  });

  it('stays exact where floats would not', () => {
    expect(multiplyCents(Number.MAX_SAFE_INTEGER, 1000, 1000)).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => multiplyCents(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
  });

  it('rejects negative, fractional and zero-scale inputs', () => {
    expect(() => multiplyCents(-1, 2)).toThrow(RangeError);
    expect(() => multiplyCents(1, 2.5)).toThrow(RangeError);
    expect(() => multiplyCents(1, 2, 0)).toThrow(RangeError);
  });

  it('equals the exact product rounded half up (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e10 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.constantFrom(1, 10, 100, 1000, 3),
        (price, quantity, scale) => {
          const exact = BigInt(price) * BigInt(quantity);
          const floor = exact / BigInt(scale);
          const remainder = exact % BigInt(scale);
          const expected = remainder * 2n >= BigInt(scale) ? floor + 1n : floor;
          if (expected > BigInt(Number.MAX_SAFE_INTEGER)) {
            expect(() => multiplyCents(price, quantity, scale)).toThrow(RangeError);
          } else {
            expect(BigInt(multiplyCents(price, quantity, scale))).toBe(expected);
          }
        },
      ),
    );
  });
});

describe('divideCents', () => {
  it('rounds half away from zero', () => {
    expect(divideCents(5, 2)).toBe(3);
    expect(divideCents(-5, 2)).toBe(-3);
    expect(divideCents(4, 3)).toBe(1);
    expect(divideCents(5, 3)).toBe(2);
    expect(Object.is(divideCents(-1, 3), 0)).toBe(true);
    expect(() => divideCents(1, 0)).toThrow(RangeError);
  });
});

describe('a currency without decimals (XAF)', () => {
  afterEach(() => setDeploymentCurrency('USD', 2));

  it('reads whole amounts only, and says when only the decimals are wrong', () => {
    setDeploymentCurrency('XAF', 0);
    expect(parseMoneyToCents('1500')).toBe(150_000);
    expect(parseMoneyToCents('1 500')).toBe(150_000);
    expect(parseMoneyToCents(1500)).toBe(150_000);
    expect(parseMoneyToCents('1500,5')).toBeNull();
    expect(parseMoneyToCents(1500.25)).toBeNull();
    expect(hasTooManyDecimals('1500,5')).toBe(true);
    expect(hasTooManyDecimals('abc')).toBe(false);
    expect(hasTooManyDecimals('1500')).toBe(false);
    expect(decimalToCents(-250)).toBe(-25_000);
    expect(decimalToCents(-250.5)).toBeNull();
  });

  it('computes and answers in whole francs, half up', () => {
    setDeploymentCurrency('XAF', 0);
    // 1451 a ton × 0.333 t = 483.183 → 483; 1450 × 0.333 = 482.85 → 483; 1500 × 0.001 = 1.5 → 2.
    expect(multiplyCents(145_100, 333, 1000)).toBe(48_300);
    expect(multiplyCents(145_000, 333, 1000)).toBe(48_300);
    expect(multiplyCents(150_000, 1, 1000)).toBe(200);
    expect(divideCents(150_000, 4)).toBe(37_500);
    expect(divideCents(100, 3)).toBe(0);
    expect(divideCents(-150, 1)).toBe(-200);
    expect(centsToDecimal(48_250)).toBe(483);
    expect(centsToDecimal(150_000)).toBe(1500);
  });

  it('keeps every computed amount a whole franc (property)', () => {
    setDeploymentCurrency('XAF', 0);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (francs, kg) => {
          expect(multiplyCents(francs * 100, kg, 1000) % 100).toBe(0);
          expect(divideCents(francs * 100, 7) % 100).toBe(0);
        },
      ),
    );
  });

  it('refuses a currency with more decimals than hundredths can hold', () => {
    expect(() => setDeploymentCurrency('KWD', 3)).toThrow(RangeError);
    expect(deploymentCurrency()).toEqual({ code: 'USD', digits: 2 });
  });
});
