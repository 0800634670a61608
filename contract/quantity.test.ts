// Tests for tons ↔ kilograms conversion.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { setDeploymentCurrency } from './money';
import { kgToTons, parseTonsToKg, priceForKgCents, totalRoundsToZero, unitCountToKg } from './quantity';

describe('parseTonsToKg', () => {
  it.each([
    ['2', 2000],
    ['1.5', 1500],
    ['0,125', 125],
    [' 1 234,5 ', 1_234_500],
    [1.5, 1500],
    [0.001, 1],
    [0.3, 300],
  ])('reads %j tons as %d kg', (input, kg) => {
    expect(parseTonsToKg(input)).toBe(kg);
  });

  it.each(['', '-1', '0.0005', '1,2345', '1.2.3', 'two', '1e3'])('rejects %j', (input) => {
    expect(parseTonsToKg(input)).toBeNull();
  });

  it('rejects negative and non-finite numbers', () => {
    expect(parseTonsToKg(-1)).toBeNull();
    expect(parseTonsToKg(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseTonsToKg(0.0001)).toBeNull();
    expect(parseTonsToKg(1e12)).toBeNull();
    expect(parseTonsToKg('1000000000000')).toBe(1e15);
  });
});

describe('kgToTons', () => {
  it('converts kg to tons', () => {
    expect(kgToTons(1250)).toBe(1.25);
    expect(kgToTons(1)).toBe(0.001);
    expect(() => kgToTons(0.5)).toThrow(RangeError);
  });

  it('round-trips with parseTonsToKg below 10^15 kg (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e15 - 1 }), (kg) => {
        expect(parseTonsToKg(kgToTons(kg))).toBe(kg);
        expect(parseTonsToKg(String(kgToTons(kg)).replace('.', ','))).toBe(kg);
      }),
    );
  });
});

describe('priceForKgCents', () => {
  it('prices kilograms at a per-ton price', () => {
    expect(priceForKgCents(250_000, 1_500)).toBe(375_000);
    expect(priceForKgCents(333, 500)).toBe(167);
  });
});

describe('totalRoundsToZero', () => {
  afterEach(() => setDeploymentCurrency('USD', 2));

  it('is true exactly when the rounded total is 0, in cents and in a currency without decimals (property)', () => {
    for (const [code, digits] of [
      ['USD', 2],
      ['XAF', 0],
    ] as const) {
      setDeploymentCurrency(code, digits);
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 200_000 }),
          fc.integer({ min: 1, max: 200_000 }),
          (cents, kg) => {
            const price = digits === 0 ? cents * 100 : cents;
            expect(totalRoundsToZero(price, kg)).toBe(priceForKgCents(price, kg) === 0);
          },
        ),
      );
    }
    setDeploymentCurrency('USD', 2);
    // 0.01 a ton × 1 kg; 0.50 a ton × 1 kg is half a cent, which rounds up to one.
    expect(totalRoundsToZero(1, 1)).toBe(true);
    expect(totalRoundsToZero(49, 10)).toBe(true);
    expect(totalRoundsToZero(50, 10)).toBe(false);
  });
});

describe('unitCountToKg', () => {
  it.each([
    ['12', 100, 1200],
    ['12', 50, 600],
    ['2,5', 100, 250],
    [' 3 ', 32.5, 98],
    ['3', 32.25, 97],
    ['1', 18.2, 18],
    ['0.001', 1000, 1],
    ['7', 0.125, 1],
  ])('reads %j units of %d kg as %d kg', (count, unitKg, kg) => {
    expect(unitCountToKg(count, unitKg)).toBe(kg);
  });

  it.each(['', '-1', 'two', '1,2345'])('rejects the count %j', (count) => {
    expect(unitCountToKg(count, 100)).toBeNull();
  });

  it('refuses a unit of no weight', () => {
    expect(unitCountToKg('3', 0)).toBeNull();
    expect(unitCountToKg('3', Number.NaN)).toBeNull();
  });

  it('is exact where floating point is not (whole counts against integer grams)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (count, grams) => {
          const kg = unitCountToKg(String(count), grams / 1000);
          expect(kg).toBe(Math.floor((count * grams + 500) / 1000));
        },
      ),
    );
  });
});
