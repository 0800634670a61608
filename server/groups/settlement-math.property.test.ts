// Properties of a settlement over random intakes (30 to 45 members, two or three grades, several lots partly sold):
// the shares add up to the proceeds exactly, each share's deductions add up, more delivered never pays less.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRADES, type Grade } from '../../contract/marketplace';
import { computeShares, type SettlementInput, type SettlementLot } from './settlement-math';

const RUNS = { numRuns: 200 };
const MAX_KG = 5000;

/**
 * Lot `index` of `lotCount`: every member whose number ≡ index delivers into it (so every member is in some lot),
 * plus a few others (some with 0 kg, a reversed delivery); between 1 kg and 120 % of what was delivered is sold.
 * The first lot carries the first grade, whose differential is never negative: a grade priced above 0 is sold.
 */
function arbitraryLot(index: number, lotCount: number, grades: Grade[], members: number) {
  const own = Array.from({ length: members }, (_, i) => i + 1).filter((m) => m % lotCount === index);
  return fc
    .record({
      grade: index < grades.length ? fc.constant(grades[index] as Grade) : fc.constantFrom(...grades),
      ownKg: fc.array(fc.integer({ min: 1, max: MAX_KG }), { minLength: own.length, maxLength: own.length }),
      extra: fc.array(
        fc.record({
          memberId: fc.integer({ min: 1, max: members }),
          kg: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: MAX_KG })),
        }),
        { maxLength: 8 },
      ),
      soldPerMille: fc.integer({ min: 1, max: 1200 }),
    })
    .map(({ grade, ownKg, extra, soldPerMille }): SettlementLot => {
      const contributions = [...own.map((memberId, i) => ({ memberId, kg: ownKg[i] ?? 1 })), ...extra];
      const total = contributions.reduce((sum, c) => sum + c.kg, 0);
      const soldKg = Math.max(1, Math.floor((total * soldPerMille) / 1000));
      return { lotId: 100 + index, grade, soldKg, contributions };
    });
}

const arbitrarySettlement = (options: { differentials: boolean }) =>
  fc
    .record({
      members: fc.integer({ min: 30, max: 45 }),
      grades: fc.shuffledSubarray([...GRADES], { minLength: 2, maxLength: 3 }),
      lotCount: fc.integer({ min: 2, max: 6 }),
    })
    .chain(({ members, grades, lotCount }) =>
      fc.record({
        proceeds: fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 1e12 })),
        unit: fc.constantFrom(1, 100),
        levyTenths: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 300 })),
        transportPerTon: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 10_000_000 })),
        differentials: options.differentials
          ? fc
              .record({
                first: fc.integer({ min: 0, max: 5_000_000 }),
                A: fc.integer({ min: -10_000_000, max: 5_000_000 }),
                B: fc.integer({ min: -10_000_000, max: 5_000_000 }),
                C: fc.integer({ min: -10_000_000, max: 5_000_000 }),
              })
              .map(({ first, ...d }) => ({ ...d, [grades[0] as Grade]: first }) as Record<Grade, number>)
          : fc.constant({ A: 0, B: 0, C: 0 }),
        lots: fc.tuple(
          ...Array.from({ length: lotCount }, (_, i) => arbitraryLot(i, lotCount, grades, members)),
        ),
        creditOwed: fc
          .array(fc.tuple(fc.integer({ min: 1, max: members }), fc.integer({ min: 0, max: 1e10 })), {
            maxLength: 12,
          })
          .map((entries) => new Map(entries)),
      }),
    )
    .chain((input) =>
      // Sometimes a lot settled with nothing sold from it: its deliveries count for nothing.
      fc.boolean().map(
        (unsold): SettlementInput => ({
          ...input,
          lots: [
            ...input.lots,
            ...(unsold ? [{ lotId: 99, grade: 'C' as const, soldKg: 0, contributions: UNSOLD }] : []),
          ],
        }),
      ),
    );

const UNSOLD = [
  { memberId: 1, kg: 700 },
  { memberId: 99, kg: 300 },
];

/** A member's delivered kg in each lot (0 when none). */
function deliveredIn(input: SettlementInput, memberId: number): number[] {
  return input.lots.map((lot) =>
    lot.contributions.filter((c) => c.memberId === memberId).reduce((sum, c) => sum + c.kg, 0),
  );
}

describe('computeShares, over random intakes', () => {
  it('shares out the proceeds exactly, each share adding up, in whole units but for one remainder', () => {
    fc.assert(
      fc.property(arbitrarySettlement({ differentials: true }), (input) => {
        const { shares } = computeShares(input);
        expect(shares.length).toBeGreaterThanOrEqual(30);
        expect(shares.reduce((sum, s) => sum + s.gross, 0)).toBe(input.proceeds);
        const below = input.proceeds % input.unit;
        const holders = shares.filter((s) => s.gross % input.unit !== 0);
        expect(holders.length).toBe(below === 0 ? 0 : 1);
        for (const s of shares) {
          expect(s.levy + s.credit + s.transport + s.net).toBe(s.gross);
          const holder = holders.includes(s) ? below : 0;
          for (const [amount, extra] of [
            [s.gross, holder],
            [s.levy, holder],
            [s.credit, 0],
            [s.transport, 0],
            [s.net, 0],
          ] as const) {
            expect(amount).toBeGreaterThanOrEqual(0);
            expect((amount - extra) % input.unit).toBe(0);
          }
          expect(s.credit).toBeLessThanOrEqual(input.creditOwed.get(s.memberId) ?? 0);
          expect(s.levy - holder).toBeLessThanOrEqual(((s.gross - holder) * input.levyTenths) / 1000);
        }
      }),
      RUNS,
    );
  });

  it('never pays a member less than one who delivered less in every lot', () => {
    fc.assert(
      fc.property(arbitrarySettlement({ differentials: true }), (input) => {
        const { shares } = computeShares(input);
        for (const a of shares) {
          const mine = deliveredIn(input, a.memberId);
          for (const b of shares) {
            const theirs = deliveredIn(input, b.memberId);
            if (mine.every((kg, l) => kg > (theirs[l] ?? 0) || (kg === 0 && theirs[l] === 0))) {
              expect(a.gross).toBeGreaterThanOrEqual(b.gross);
            }
          }
        }
      }),
      RUNS,
    );
  });

  it('never pays a member less gross for delivering more of the same lot', () => {
    const grown = arbitrarySettlement({ differentials: true }).chain((input) =>
      fc.record({
        input: fc.constant(input),
        lot: fc.integer({ min: 0, max: input.lots.length - 1 }),
        pick: fc.nat(),
        more: fc.integer({ min: 1, max: MAX_KG }),
      }),
    );
    fc.assert(
      fc.property(grown, ({ input, lot, pick, more }) => {
        const target = input.lots[lot] as SettlementLot;
        const at = pick % target.contributions.length;
        const memberId = target.contributions[at]?.memberId ?? 0;
        const lots = input.lots.map((l, i) =>
          i !== lot
            ? l
            : {
                ...l,
                contributions: l.contributions.map((c, j) => (j === at ? { ...c, kg: c.kg + more } : c)),
              },
        );
        const before = computeShares(input).shares.find((s) => s.memberId === memberId)?.gross ?? 0;
        const after =
          computeShares({ ...input, lots }).shares.find((s) => s.memberId === memberId)?.gross ?? 0;
        expect(after).toBeGreaterThanOrEqual(before);
      }),
      RUNS,
    );
  });

  it('without differentials, pays in proportion to counted tons within one unit', () => {
    fc.assert(
      fc.property(arbitrarySettlement({ differentials: false }), (input) => {
        const { shares } = computeShares(input);
        const sold = input.lots.filter((lot) => lot.soldKg > 0);
        const totals = sold.map((lot) => BigInt(lot.contributions.reduce((sum, c) => sum + c.kg, 0)));
        // Counted kg as n / d over d = the product of the lots' delivered kg (exact, no floats).
        const d = totals.reduce((p, t) => p * t, 1n);
        const soldKg = sold.reduce((sum, lot) => sum + BigInt(lot.soldKg), 0n);
        const wholeUnits = BigInt(input.proceeds - (input.proceeds % input.unit));
        const unit = BigInt(input.unit);
        for (const s of shares) {
          const n = sold.reduce((sum, lot, i) => {
            const kg = lot.contributions
              .filter((c) => c.memberId === s.memberId)
              .reduce((k, c) => k + c.kg, 0);
            return sum + (BigInt(kg) * BigInt(lot.soldKg) * d) / (totals[i] ?? 1n);
          }, 0n);
          // The remainder below one unit is set aside: the whole units are what is shared in proportion.
          const gross = BigInt(s.gross - (s.gross % input.unit));
          const gap = gross * soldKg * d - wholeUnits * n;
          expect((gap < 0n ? -gap : gap) < unit * soldKg * d).toBe(true);
        }
      }),
      RUNS,
    );
  });
});
