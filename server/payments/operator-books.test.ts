import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type OperatorEvent, type OperatorLine, operatorEntry, operatorTotals } from './operator-books';

/**
 * A run of what can happen to orders' money: collections (some failing: nothing posted), escrow split between the
 * seller's side and the buyer, payouts that succeed, fail and are retried, or are made by hand. Each step is drawn
 * against the state so far, as the service allows it: never more released than held, never more paid than owed.
 */
type Step =
  | { kind: 'collect'; amount: number; succeeds: boolean }
  | { kind: 'decide'; share: number; toBuyer: boolean }
  | { kind: 'pay'; share: number; toBuyer: boolean; outcome: 'succeeded' | 'failed' | 'by_hand' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('collect' as const),
    amount: fc.integer({ min: 1, max: 10_000_000 }),
    succeeds: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('decide' as const),
    share: fc.double({ min: 0, max: 1, noNaN: true }),
    toBuyer: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('pay' as const),
    share: fc.double({ min: 0, max: 1, noNaN: true }),
    toBuyer: fc.boolean(),
    outcome: fc.constantFrom('succeeded' as const, 'failed' as const, 'by_hand' as const),
  }),
);

function events(steps: readonly Step[]): OperatorEvent[] {
  let escrow = 0;
  const owed = { seller: 0, buyer: 0 };
  const out: OperatorEvent[] = [];
  for (const s of steps) {
    if (s.kind === 'collect') {
      if (s.succeeds) {
        escrow += s.amount;
        out.push({ kind: 'collected', amountCents: s.amount });
      }
    } else if (s.kind === 'decide') {
      const amount = Math.floor(escrow * s.share);
      if (amount > 0) {
        escrow -= amount;
        owed[s.toBuyer ? 'buyer' : 'seller'] += amount;
        out.push({ kind: s.toBuyer ? 'refund_owed' : 'released', amountCents: amount });
      }
    } else {
      const to = s.toBuyer ? 'buyer' : 'seller';
      const amount = Math.floor(owed[to] * s.share);
      // A failed payout posts nothing: the money stays owed until a retry or a payment by hand.
      if (amount > 0 && s.outcome !== 'failed') {
        owed[to] -= amount;
        out.push({ kind: 'paid_out', to, byHand: s.outcome === 'by_hand', amountCents: amount });
      }
    }
  }
  return out;
}

describe('the operator books', () => {
  it('balances every entry, and held = collected − paid out − refunded, with no liability below zero', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const lines: OperatorLine[] = [];
        for (const event of events(steps)) {
          const entry = operatorEntry(event);
          const debits = entry.reduce((sum, l) => sum + l.debit, 0);
          const credits = entry.reduce((sum, l) => sum + l.credit, 0);
          expect(debits).toBe(credits);
          lines.push(...entry);
          const totals = operatorTotals(lines);
          expect(totals.held).toBe(totals.collected - totals.paidOut - totals.refunded);
          expect(totals.escrow).toBeGreaterThanOrEqual(0);
          expect(totals.owedToSellers).toBeGreaterThanOrEqual(0);
          expect(totals.owedToBuyers).toBeGreaterThanOrEqual(0);
        }
        const all = operatorTotals(lines);
        expect(lines.reduce((sum, l) => sum + l.debit - l.credit, 0)).toBe(0);
        expect(all.held).toBe(all.escrow + all.owedToSellers + all.owedToBuyers);
      }),
    );
  });

  it('posts a release from escrow to what is owed to sellers, and a payout from it to the disbursement account', () => {
    const lines = [
      ...operatorEntry({ kind: 'collected', amountCents: 18_000_000 }),
      ...operatorEntry({ kind: 'released', amountCents: 17_640_000 }),
      ...operatorEntry({ kind: 'released', amountCents: 360_000 }),
      ...operatorEntry({ kind: 'paid_out', to: 'seller', byHand: false, amountCents: 17_640_000 }),
    ];
    expect(operatorTotals(lines)).toEqual({
      held: 360_000,
      escrow: 0,
      owedToSellers: 360_000,
      owedToBuyers: 0,
      heldForGroups: 0,
      collected: 18_000_000,
      paidOut: 17_640_000,
      refunded: 0,
    });
  });

  it("keeps a co-operative's pooled payout held for it, and counts its members' payouts as paid out", () => {
    const lines = [
      ...operatorEntry({ kind: 'collected', amountCents: 1_000_000 }),
      ...operatorEntry({ kind: 'released', amountCents: 1_000_000 }),
      ...operatorEntry({ kind: 'pooled', amountCents: 1_000_000 }),
    ];
    expect(operatorTotals(lines)).toMatchObject({
      held: 1_000_000,
      owedToSellers: 0,
      heldForGroups: 1_000_000,
      paidOut: 0,
    });
    lines.push(
      ...operatorEntry({ kind: 'member_owed', amountCents: 600_000 }),
      ...operatorEntry({ kind: 'member_owed', amountCents: 400_000 }),
      ...operatorEntry({ kind: 'paid_out', to: 'seller', byHand: false, amountCents: 600_000 }),
    );
    expect(operatorTotals(lines)).toMatchObject({
      held: 400_000,
      owedToSellers: 400_000,
      heldForGroups: 0,
      paidOut: 600_000,
    });
    expect(lines.reduce((sum, l) => sum + l.debit - l.credit, 0)).toBe(0);
  });

  it('refuses an amount that is not a positive whole number of cents', () => {
    for (const amountCents of [0, -5, 1.5, Number.NaN]) {
      expect(() => operatorEntry({ kind: 'collected', amountCents })).toThrow(RangeError);
    }
  });
});
