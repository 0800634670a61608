import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escrowCents, escrowRefundSplit, releaseSplit } from './escrow';

describe('escrow of an order', () => {
  it('counts only succeeded collections, and every payout from the moment it is owed', () => {
    const moves = [
      { kind: 'collection' as const, status: 'failed' as const, amountCents: 500 },
      { kind: 'collection' as const, status: 'succeeded' as const, amountCents: 10_000 },
      { kind: 'seller' as const, status: 'pending' as const, amountCents: 7_000 },
      { kind: 'refund' as const, status: 'failed' as const, amountCents: 1_000 },
    ];
    expect(escrowCents(moves)).toEqual({ collected: 10_000, released: 7_000, refunded: 1_000, held: 2_000 });
  });

  it('splits a release: the agent commission first, capped at what is held, the rest to the seller', () => {
    expect(
      releaseSplit({
        heldCents: 18_000_000,
        netSaleCents: 18_000_000,
        hasAgent: true,
        agentCommissionPercent: 2,
      }),
    ).toEqual({ sellerCents: 17_640_000, agentCents: 360_000 });
    expect(
      releaseSplit({ heldCents: 100, netSaleCents: 18_000_000, hasAgent: true, agentCommissionPercent: 2 }),
    ).toEqual({
      sellerCents: 0,
      agentCents: 100,
    });
    expect(
      releaseSplit({ heldCents: 500, netSaleCents: 500, hasAgent: false, agentCommissionPercent: 2 }),
    ).toEqual({
      sellerCents: 500,
      agentCents: 0,
    });
  });

  it('takes a refund from what is owed, then escrow, then the seller, never more than asked', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        (refundCents, dueCents, heldCents) => {
          const s = escrowRefundSplit({ refundCents, dueCents, heldCents });
          expect(s.forgivenCents + s.fromEscrowCents + s.bySellerCents).toBe(refundCents);
          expect(s.fromEscrowCents).toBeLessThanOrEqual(heldCents);
          expect(s.forgivenCents).toBeLessThanOrEqual(dueCents);
          expect(Math.min(s.forgivenCents, s.fromEscrowCents, s.bySellerCents)).toBeGreaterThanOrEqual(0);
          // Escrow pays only once what is owed is forgiven; the seller only once escrow is spent.
          if (s.fromEscrowCents > 0) {
            expect(s.forgivenCents).toBe(Math.min(refundCents, dueCents));
          }
          if (s.bySellerCents > 0) {
            expect(s.fromEscrowCents).toBe(heldCents);
          }
        },
      ),
    );
  });
});
