// What the order screen says of its escrow and payouts, as catalogue keys (payments namespace) chosen from the
// order's figures: kept apart from the drawing so each case is proved without a browser.
import type { TEscrow, TPayout } from '../../../../contract/payments';

export type EscrowSide = 'buyer' | 'seller' | 'other';

export interface EscrowNote {
  key: string;
  tone: 'held' | 'frozen' | 'plain';
  /** The moment the held money goes to the seller (the key's `date`), once the goods are delivered. */
  at?: string;
}

/** The sentence under the escrow's figures, or null when there is nothing to say. */
export function escrowNote(escrow: TEscrow, side: EscrowSide): EscrowNote | null {
  if (escrow.frozen) {
    return { key: 'escrow.frozen', tone: 'frozen' };
  }
  if (escrow.held <= 0) {
    return escrow.released > 0 ? { key: 'escrow.releasedLine', tone: 'plain' } : null;
  }
  if (escrow.releaseAt !== null) {
    return { key: 'escrow.releaseAt', tone: 'held', at: escrow.releaseAt };
  }
  return { key: side === 'buyer' ? 'escrow.heldBuyer' : 'escrow.heldSeller', tone: 'held' };
}

export type PayoutTone = 'done' | 'failed' | 'waiting' | 'pending';

/** How one payout stands: sent to a number, paid by other means, failed, waiting for a manager, or on its way. */
export function payoutNote(payout: TPayout): {
  key: string;
  params: Record<string, string>;
  /** A catalogue key whose text is a parameter (the method, the reason). */
  nested: Record<string, string>;
  tone: PayoutTone;
} {
  if (payout.status === 'succeeded') {
    return payout.method === 'mobile_money' && payout.phone
      ? { key: 'payouts.sent', params: { phone: payout.phone }, nested: {}, tone: 'done' }
      : {
          key: 'payouts.paidBy',
          params: {},
          nested: { method: `payouts.method.${payout.method}` },
          tone: 'done',
        };
  }
  if (payout.status === 'failed') {
    const reason = `reasons.${payout.failureReason ?? 'provider_error'}`;
    return { key: 'payouts.failed', params: {}, nested: { reason }, tone: 'failed' };
  }
  if (payout.failureReason) {
    // Pending for want of a number or of payouts set up here: the reason already says a manager will pay it.
    return { key: `reasons.${payout.failureReason}`, params: {}, nested: {}, tone: 'waiting' };
  }
  return payout.phone
    ? { key: 'payouts.onItsWay', params: { phone: payout.phone }, nested: {}, tone: 'pending' }
    : { key: 'payouts.pending', params: {}, nested: {}, tone: 'pending' };
}
