// A settlement's shares add up to its totals to the franc, and approval pays the members with something to receive.
import { describe, expect, it } from 'vitest';
import type { TShare } from '../../../contract/groups';
import { mismatchedTotals, payoutMethods, shareAction, shareTons, sumShares, toPay } from './shares';

const share = (id: number, figures: Partial<TShare>, delivered: TShare['delivered']): TShare => ({
  member: { id, username: `m${id}` },
  delivered,
  gross: 0,
  levy: 0,
  credit: 0,
  transport: 0,
  net: 0,
  payout: { status: 'none', reference: null, moveId: null },
  ...figures,
});

const shares = [
  share(1, { gross: 100_001, levy: 5_000, credit: 20_000, transport: 1_000, net: 74_001 }, [
    { grade: 'A', quantity: 0.3 },
    { grade: 'B', quantity: 0.1 },
  ]),
  share(2, { gross: 33_333, levy: 1_666, credit: 31_667, transport: 0, net: 0 }, [
    { grade: 'B', quantity: 0.2 },
  ]),
  share(3, { gross: 66_666, levy: 3_333, credit: 0, transport: 500, net: 62_833 }, [
    { grade: 'A', quantity: 0.7 },
  ]),
];

describe('settlement shares', () => {
  it('sums each column exactly and the tons to the kilogram', () => {
    expect(sumShares(shares)).toEqual({
      gross: 200_000,
      levy: 9_999,
      credit: 51_667,
      transport: 1_500,
      net: 136_834,
      tons: 1.3,
    });
    expect(shareTons(shares[0] as TShare)).toBe(0.4);
  });

  it('finds the columns that do not add up to the stated totals', () => {
    const totals = { gross: 200_000, levy: 9_999, credit: 51_667, transport: 1_500, net: 136_834 };
    expect(mismatchedTotals({ shares, totals })).toEqual([]);
    expect(mismatchedTotals({ shares, totals: { ...totals, gross: 200_001, net: 136_833 } })).toEqual([
      'gross',
      'net',
    ]);
  });

  it('pays the members whose net is above zero', () => {
    expect(toPay(shares)).toEqual({ members: 2, total: 136_834 });
    expect(toPay([])).toEqual({ members: 0, total: 0 });
  });

  it('counts who approval pays by mobile money and who in cash', () => {
    const proven = new Map([
      [1, true],
      [3, false],
    ]);
    // Member 2 has nothing to receive (their credit took it all): not counted.
    expect(payoutMethods(shares, (id) => proven.get(id) ?? null)).toEqual({ mobile: 1, cash: 1, unknown: 0 });
    expect(payoutMethods(shares, () => null)).toEqual({ mobile: 0, cash: 0, unknown: 2 });
  });

  it('offers retry for a failed payout and cash for one due in cash', () => {
    expect(shareAction('failed')).toBe('retry');
    expect(shareAction('cash_due')).toBe('cash');
    expect(shareAction('succeeded')).toBeNull();
    expect(shareAction('paid_cash')).toBeNull();
  });
});
