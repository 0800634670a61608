// The order screen's sentences about escrow and payouts follow the order's figures: held for the buyer or the
// seller, frozen by a dispute, released; a payout sent to a number, paid by hand, failed, waiting for a manager.
import { describe, expect, it } from 'vitest';
import type { TEscrow, TPayout } from '../../../../contract/payments';
import { escrowNote, payoutNote } from './escrow-wording';

const escrow = (change: Partial<TEscrow>): TEscrow => ({
  held: 0,
  released: 0,
  refunded: 0,
  releaseAt: null,
  frozen: false,
  ...change,
});

const payout = (change: Partial<TPayout>): TPayout => ({
  id: 1,
  to: { id: 2, username: 'amina' },
  kind: 'seller',
  amount: 294,
  status: 'pending',
  failureReason: null,
  phone: '+237670000001',
  method: 'mobile_money',
  reference: null,
  updatedAt: '2026-11-27T08:00:00.000Z',
  ...change,
});

describe('escrowNote', () => {
  it('tells the buyer the money is held until delivery, and the seller that the code releases it', () => {
    expect(escrowNote(escrow({ held: 300 }), 'buyer')).toEqual({ key: 'escrow.heldBuyer', tone: 'held' });
    expect(escrowNote(escrow({ held: 300 }), 'seller')).toEqual({ key: 'escrow.heldSeller', tone: 'held' });
    expect(escrowNote(escrow({ held: 300 }), 'other')).toEqual({ key: 'escrow.heldSeller', tone: 'held' });
  });

  it('says when it goes to the seller once the goods are delivered', () => {
    const at = '2026-11-29T07:55:00.000Z';
    expect(escrowNote(escrow({ held: 300, releaseAt: at }), 'buyer')).toEqual({
      key: 'escrow.releaseAt',
      tone: 'held',
      at,
    });
  });

  it('says a dispute froze it, whatever is held', () => {
    expect(escrowNote(escrow({ held: 300, frozen: true }), 'buyer')?.key).toBe('escrow.frozen');
  });

  it('says it went to the seller once released, and nothing when no money ever came in', () => {
    expect(escrowNote(escrow({ released: 300 }), 'seller')?.key).toBe('escrow.releasedLine');
    expect(escrowNote(escrow({}), 'buyer')).toBeNull();
    expect(escrowNote(escrow({ refunded: 300 }), 'buyer')).toBeNull();
  });
});

describe('payoutNote', () => {
  it('names the number a payout was sent to', () => {
    expect(payoutNote(payout({ status: 'succeeded' }))).toEqual({
      key: 'payouts.sent',
      params: { phone: '+237670000001' },
      nested: {},
      tone: 'done',
    });
  });

  it('says how a payout made by other means was paid', () => {
    const note = payoutNote(payout({ status: 'succeeded', method: 'cash', phone: null, reference: 'R-1' }));
    expect(note).toMatchObject({
      key: 'payouts.paidBy',
      nested: { method: 'payouts.method.cash' },
      tone: 'done',
    });
  });

  it('gives a failed payout its reason, or the generic one', () => {
    expect(payoutNote(payout({ status: 'failed', failureReason: 'number_not_registered' }))).toMatchObject({
      key: 'payouts.failed',
      nested: { reason: 'reasons.number_not_registered' },
      tone: 'failed',
    });
    expect(payoutNote(payout({ status: 'failed' })).nested).toEqual({ reason: 'reasons.provider_error' });
  });

  it('says why a pending payout waits for a manager', () => {
    const note = payoutNote(payout({ failureReason: 'no_proven_number', phone: null }));
    expect(note).toMatchObject({ key: 'reasons.no_proven_number', tone: 'waiting' });
  });

  it('says a payout is on its way, to its number when known', () => {
    expect(payoutNote(payout({}))).toMatchObject({
      key: 'payouts.onItsWay',
      params: { phone: '+237670000001' },
    });
    expect(payoutNote(payout({ phone: null })).key).toBe('payouts.pending');
  });
});
