import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bounds,
  deliveryShares,
  depositCents,
  depositGoesTo,
  expectedByMonth,
  outcomeOf,
  priceToday,
  stillToDeliver,
  windowMonths,
} from './agreement-math';

describe('the price by the rule', () => {
  it('is the fixed price whatever the market', () => {
    expect(priceToday({ kind: 'fixed', priceCents: 20_000, sharePercent: null }, 90_000)).toBe(20_000);
  });

  it('is the share of the market price above the floor, the floor otherwise, and the floor with no market', () => {
    const floor = { kind: 'floor' as const, priceCents: 20_000, sharePercent: 80 };
    expect(priceToday(floor, 30_000)).toBe(24_000);
    expect(priceToday(floor, 24_000)).toBe(20_000);
    expect(priceToday(floor, null)).toBe(20_000);
  });
});

describe('the deposit and the tolerance', () => {
  it('is its percent of the quantity at the agreed price (the floor for a floor price)', () => {
    expect(
      depositCents({
        quantityKg: 5000,
        depositPercent: 20,
        pricing: { kind: 'fixed', priceCents: 20_000, sharePercent: null },
      }),
    ).toBe(20_000);
    expect(
      depositCents({
        quantityKg: 5000,
        depositPercent: 0,
        pricing: { kind: 'floor', priceCents: 20_000, sharePercent: 90 },
      }),
    ).toBe(0);
  });

  it('bounds the quantity by the tolerance each way', () => {
    expect(bounds(5000, 10)).toEqual({ minKg: 4500, maxKg: 5500 });
    expect(stillToDeliver({ quantityKg: 5000, tolerancePercent: 10 }, 2000)).toEqual({
      remainingKg: 3000,
      maxMoreKg: 3500,
    });
    expect(stillToDeliver({ quantityKg: 5000, tolerancePercent: 10 }, 4500)).toEqual({
      remainingKg: 0,
      maxMoreKg: 1000,
    });
  });
});

describe('what the deposit and the advance pay of each delivery', () => {
  it('is pro rata, and all that is left once the delivery reaches the lower bound', () => {
    const base = { quantityKg: 5000, tolerancePercent: 10, depositCents: 20_000, advanceCents: 10_000 };
    expect(
      deliveryShares({
        ...base,
        deliveredKg: 0,
        kg: 2000,
        totalCents: 40_000,
        depositLeftCents: 20_000,
        advanceLeftCents: 10_000,
      }),
    ).toEqual({ depositCents: 8000, advanceCents: 4000 });
    expect(
      deliveryShares({
        ...base,
        deliveredKg: 2000,
        kg: 2500,
        totalCents: 50_000,
        depositLeftCents: 12_000,
        advanceLeftCents: 6000,
      }),
    ).toEqual({ depositCents: 12_000, advanceCents: 6000 });
  });

  it('never pays more than is left nor, together, more than the order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 1, max: 50_000 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 100_000 }),
        (quantityKg, tolerancePercent, deposit, advance, deliveries, pricePerKg) => {
          let depositLeft = deposit;
          let advanceLeft = advance;
          let delivered = 0;
          const { maxKg, minKg } = bounds(quantityKg, tolerancePercent);
          for (const kg of deliveries) {
            if (delivered + kg > maxKg) {
              continue;
            }
            const totalCents = kg * pricePerKg;
            const share = deliveryShares({
              quantityKg,
              tolerancePercent,
              deliveredKg: delivered,
              kg,
              totalCents,
              depositCents: deposit,
              depositLeftCents: depositLeft,
              advanceCents: advance,
              advanceLeftCents: advanceLeft,
            });
            expect(share.depositCents).toBeGreaterThanOrEqual(0);
            expect(share.advanceCents).toBeGreaterThanOrEqual(0);
            expect(share.depositCents).toBeLessThanOrEqual(depositLeft);
            expect(share.advanceCents).toBeLessThanOrEqual(advanceLeft);
            expect(share.depositCents + share.advanceCents).toBeLessThanOrEqual(totalCents);
            depositLeft -= share.depositCents;
            advanceLeft -= share.advanceCents;
            delivered += kg;
            // Reaching the lower bound counts all that is left, when the order is large enough to carry it.
            if (delivered >= minKg && totalCents >= deposit + advance) {
              expect(depositLeft).toBe(0);
              expect(advanceLeft).toBe(0);
            }
          }
        },
      ),
    );
  });
});

describe('how it ends', () => {
  it('is fulfilled within the tolerance, partly below it, defaulted with nothing delivered', () => {
    const terms = { quantityKg: 5000, tolerancePercent: 10 };
    expect(outcomeOf(terms, 4500)).toBe('fulfilled');
    expect(outcomeOf(terms, 4499)).toBe('partly_fulfilled');
    expect(outcomeOf(terms, 0)).toBe('defaulted_by_seller');
    expect(depositGoesTo('defaulted_by_buyer')).toBe('seller');
    expect(depositGoesTo('partly_fulfilled')).toBe('buyer');
  });
});

describe('expected income by month', () => {
  it('spreads what is left over the months of the window still to come, to the cent', () => {
    expect(windowMonths('2026-11-15', '2027-02-10', '2026-12-02')).toEqual(['2026-12', '2027-01', '2027-02']);
    const months = expectedByMonth(
      [{ remainingKg: 4000, priceCents: 20_000, deliveryFrom: '2026-12-01', deliveryTo: '2027-02-28' }],
      '2026-11-28',
    );
    expect(months.map((m) => m.month)).toEqual(['2026-12', '2027-01', '2027-02']);
    expect(months.reduce((sum, m) => sum + m.expectedCents, 0)).toBe(80_000);
  });

  it('puts a window already past in its last month', () => {
    expect(
      expectedByMonth(
        [{ remainingKg: 1000, priceCents: 10_000, deliveryFrom: '2026-01-01', deliveryTo: '2026-02-01' }],
        '2026-11-28',
      ),
    ).toEqual([{ month: '2026-02', expectedCents: 10_000 }]);
  });
});
