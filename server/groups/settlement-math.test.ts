// A settlement's shares worked out by hand: counted weight, grade prices, largest remainder, the part below one unit,
// the levy, transport and input credit, and the inputs refused.
import { describe, expect, it } from 'vitest';
import { computeShares, type SettlementInput } from './settlement-math';

const FCFA = 100;
const NO_DIFFERENTIALS = { A: 0, B: 0, C: 0 };

const base = (over: Partial<SettlementInput>): SettlementInput => ({
  proceeds: 1_000_000,
  unit: FCFA,
  levyTenths: 0,
  transportPerTon: 0,
  differentials: NO_DIFFERENTIALS,
  lots: [],
  creditOwed: new Map(),
  ...over,
});

describe('computeShares: 30 members, two grades, a 5 % levy and one input credit', () => {
  // Members 1..15 delivered 100 kg each of grade A, 16..30 200 kg each of grade B; all of it sold for 900 000 FCFA.
  // Reference: 900 000 FCFA ÷ 4.5 t = 200 000 FCFA/t. Grade A: +10 000 → 210 000; grade B: −5 000 → 195 000.
  // Bases: A 0.1 t × 210 000 = 21 000 FCFA, B 0.2 t × 195 000 = 39 000 FCFA; 15 × 21 000 + 15 × 39 000 = 900 000,
  // so the gross shares are the bases. Levy 5 %: 1 050 and 1 950. Member 20 owes 10 000 FCFA of input credit.
  const members = Array.from({ length: 30 }, (_, i) => i + 1);
  const result = computeShares(
    base({
      proceeds: 90_000_000,
      levyTenths: 50,
      differentials: { A: 1_000_000, B: -500_000, C: 0 },
      lots: [
        {
          lotId: 1,
          grade: 'A',
          soldKg: 1500,
          contributions: members.slice(0, 15).map((m) => ({ memberId: m, kg: 100 })),
        },
        {
          lotId: 2,
          grade: 'B',
          soldKg: 3000,
          contributions: members.slice(15).map((m) => ({ memberId: m, kg: 200 })),
        },
      ],
      creditOwed: new Map([[20, 1_000_000]]),
    }),
  );

  it('prices each grade at the reference plus its differential', () => {
    expect(result.prices).toEqual([
      { grade: 'A', price: 21_000_000 },
      { grade: 'B', price: 19_500_000 },
    ]);
  });

  it('gives each member their gross less the levy and, for member 20, the credit', () => {
    expect(result.shares).toHaveLength(30);
    const a = { gross: 2_100_000, levy: 105_000, credit: 0, transport: 0, net: 1_995_000 };
    const b = { gross: 3_900_000, levy: 195_000, credit: 0, transport: 0, net: 3_705_000 };
    for (const share of result.shares) {
      const expected =
        share.memberId === 20 ? { ...b, credit: 1_000_000, net: 2_705_000 } : share.memberId <= 15 ? a : b;
      expect(share).toMatchObject({ ...expected, memberId: share.memberId });
    }
    expect(result.shares[0]?.delivered).toEqual([{ grade: 'A', kg: 100 }]);
    expect(result.shares[29]?.counted).toEqual([{ grade: 'B', kg: 200 }]);
    expect(result.shares.reduce((sum, s) => sum + s.gross, 0)).toBe(90_000_000);
  });
});

describe('computeShares: remainders, transport and credit by hand', () => {
  // Lot 1 (A): 1 500 kg sold of 1 500 delivered (member 1: 900, member 2: 600). Lot 2 (B): 1 500 kg sold of 2 000
  // delivered (members 2 and 3: 1 000 each), so each counts 750 kg. Proceeds 600 000.90 FCFA for 3 t: reference
  // 200 000.30 FCFA/t, A 210 000.30, B 190 000.30. Bases: member 1 0.9 t × A = 189 000.27; member 2 0.6 t × A +
  // 0.75 t × B = 268 500.405; member 3 0.75 t × B = 142 500.225 (in all 600 000.90).
  // 600 000 whole francs shared by basis: exact shares 188 999.99…, 268 500.00…, 142 500.01… → whole parts
  // 188 999 + 268 500 + 142 500 = 599 999; the one franc left goes to the largest rest, member 1's. The 90
  // centimes below one franc go to member 2 (largest basis), gross and levy.
  const result = computeShares(
    base({
      proceeds: 60_000_090,
      levyTenths: 50,
      transportPerTon: 50_000,
      differentials: { A: 1_000_000, B: -1_000_000, C: 0 },
      lots: [
        {
          lotId: 1,
          grade: 'A',
          soldKg: 1500,
          contributions: [
            { memberId: 1, kg: 900 },
            { memberId: 2, kg: 600 },
          ],
        },
        {
          lotId: 2,
          grade: 'B',
          soldKg: 1500,
          contributions: [
            { memberId: 2, kg: 1000 },
            { memberId: 3, kg: 1000 },
          ],
        },
      ],
      // Member 2 owes 30 000.50 FCFA: 30 000 is taken (whole francs). Member 3 owes more than is left.
      creditOwed: new Map([
        [2, 3_000_050],
        [3, 20_000_000],
      ]),
    }),
  );

  it('answers the grade prices (here the differentials balance: nothing to scale)', () => {
    expect(result.prices).toEqual([
      { grade: 'A', price: 21_000_030 },
      { grade: 'B', price: 19_000_030 },
    ]);
  });

  it('takes levy (5 %, rounded down to the franc), transport (500 FCFA/t counted), then credit', () => {
    expect(result.shares).toEqual([
      {
        memberId: 1,
        delivered: [{ grade: 'A', kg: 900 }],
        counted: [{ grade: 'A', kg: 900 }],
        // 189 000 FCFA; levy 9 450; transport 0.9 t × 500 = 450.
        gross: 18_900_000,
        levy: 945_000,
        credit: 0,
        transport: 45_000,
        net: 17_910_000,
      },
      {
        memberId: 2,
        delivered: [
          { grade: 'A', kg: 600 },
          { grade: 'B', kg: 1000 },
        ],
        counted: [
          { grade: 'A', kg: 600 },
          { grade: 'B', kg: 750 },
        ],
        // 268 500 FCFA + 0.90; levy 13 425 + 0.90; transport 1.35 t × 500 = 675; credit 30 000.
        gross: 26_850_090,
        levy: 1_342_590,
        credit: 3_000_000,
        transport: 67_500,
        net: 22_440_000,
      },
      {
        memberId: 3,
        delivered: [{ grade: 'B', kg: 1000 }],
        counted: [{ grade: 'B', kg: 750 }],
        // 142 500 FCFA; levy 7 125; transport 375; credit what is left, 135 000, of the 200 000 owed.
        gross: 14_250_000,
        levy: 712_500,
        credit: 13_500_000,
        transport: 37_500,
        net: 0,
      },
    ]);
  });
});

describe('computeShares: edges', () => {
  const lot = (grade: 'A' | 'B' | 'C', soldKg: number, ...kg: [number, number][]) => ({
    lotId: grade.charCodeAt(0),
    grade,
    soldKg,
    contributions: kg.map(([memberId, k]) => ({ memberId, kg: k })),
  });

  it('scales grade prices that do not balance into the prices paid', () => {
    // 1 t of A only, +10 000 FCFA/t: everyone sold is A, so A is paid the reference, 100 000 FCFA/t.
    const result = computeShares(
      base({
        proceeds: 10_000_000,
        differentials: { A: 1_000_000, B: 0, C: 0 },
        lots: [lot('A', 1000, [1, 1000])],
      }),
    );
    expect(result.prices).toEqual([{ grade: 'A', price: 10_000_000 }]);
    expect(result.shares[0]?.gross).toBe(10_000_000);
  });

  it('gives nothing to a grade priced below 0, and lists its members with zeros', () => {
    const result = computeShares(
      base({
        proceeds: 10_000_000,
        differentials: { A: 0, B: 0, C: -100_000_000 },
        lots: [lot('A', 500, [1, 500]), lot('C', 500, [2, 500])],
      }),
    );
    expect(result.prices).toEqual([
      { grade: 'A', price: 20_000_000 },
      { grade: 'C', price: 0 },
    ]);
    expect(result.shares.map((s) => [s.memberId, s.gross, s.net])).toEqual([
      [1, 10_000_000, 10_000_000],
      [2, 0, 0],
    ]);
  });

  it('adds up a member named twice in a lot, and leaves out members with nothing counted', () => {
    const result = computeShares(
      base({
        proceeds: 3_000_000,
        unit: 1,
        lots: [lot('B', 300, [1, 100], [2, 100], [1, 100], [3, 0]), { ...lot('A', 0, [4, 50]), lotId: 9 }],
      }),
    );
    expect(result.shares.map((s) => [s.memberId, s.gross])).toEqual([
      [1, 2_000_000],
      [2, 1_000_000],
    ]);
  });

  it('shares proceeds below one unit as the part below a unit (all of it to the largest basis, as levy)', () => {
    const result = computeShares(base({ proceeds: 99, lots: [lot('A', 10, [1, 4], [2, 6])] }));
    expect(result.shares.map((s) => [s.memberId, s.gross, s.levy, s.net])).toEqual([
      [1, 0, 0, 0],
      [2, 99, 99, 0],
    ]);
  });

  it('breaks equal rests by the lower member number', () => {
    // 10 units among three equal bases: 3 each, the one left to member 4 (lower than 7 and 9).
    const result = computeShares(base({ proceeds: 1000, lots: [lot('A', 30, [9, 10], [4, 10], [7, 10])] }));
    expect(result.shares.map((s) => [s.memberId, s.gross])).toEqual([
      [4, 400],
      [7, 300],
      [9, 300],
    ]);
  });

  it.each([
    ['no proceeds', { proceeds: 0 }],
    ['negative proceeds', { proceeds: -100 }],
    ['fractional proceeds', { proceeds: 10.5 }],
    ['a unit of 0', { unit: 0 }],
    ['a levy above 100 %', { levyTenths: 1001 }],
    ['a negative transport', { transportPerTon: -1 }],
    ['a fractional differential', { differentials: { A: 0.5, B: 0, C: 0 } }],
    ['no lots', { lots: [] }],
    ['nothing sold', { lots: [lot('A', 0, [1, 10])] }],
    ['a sale nobody delivered', { lots: [lot('A', 10, [1, 0])] }],
    ['negative kg', { lots: [lot('A', 10, [1, 20], [2, -5])] }],
    ['fractional kg', { lots: [lot('A', 10, [1, 2.5])] }],
    ['a member number of 0', { lots: [lot('A', 10, [0, 10])] }],
    ['a lot twice', { lots: [lot('A', 10, [1, 10]), lot('A', 10, [2, 10])] }],
    ['a negative credit', { lots: [lot('A', 10, [1, 10])], creditOwed: new Map([[1, -1]]) }],
    [
      'every grade priced at 0',
      { lots: [lot('A', 10, [1, 10])], differentials: { A: -100_000_000, B: 0, C: 0 } },
    ],
  ] as [string, Partial<SettlementInput>][])('refuses %s', (_, over) => {
    expect(() => computeShares(base({ lots: [lot('A', 10, [1, 10])], ...over }))).toThrow(RangeError);
  });
});
