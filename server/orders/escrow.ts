// An order's money with the operator, from its mobile-money moves: collected into escrow, released to the seller's
// side, refunded to the buyer; when the held money goes to the seller, and how a release is split.
import { multiplyCents } from '../../contract/money';
import type { MobileMoneyProvider } from '../../contract/payments';
import { type Config, mobileMoneyProviders } from '../config';
import type { MoveRow } from '../payments';

/** What orders need of the deployment's payments: who can be paid with, and how long escrow waits after delivery. */
export interface PaymentTerms {
  providers: readonly MobileMoneyProvider[];
  holdMs: number;
  agentCommissionPercent: number;
}

export function paymentTerms(config: Config): PaymentTerms {
  return {
    providers: mobileMoneyProviders(config),
    holdMs: config.payments.escrowHoldHours * 3_600_000,
    agentCommissionPercent: config.agentCommissionPercent,
  };
}

export interface EscrowCents {
  collected: number;
  released: number;
  refunded: number;
  /** Collected and not yet decided for either side. */
  held: number;
}

/** Sums an order's moves: a payout counts as decided from the moment it is owed, whatever its own status. */
export function escrowCents(moves: readonly Pick<MoveRow, 'kind' | 'status' | 'amountCents'>[]): EscrowCents {
  let collected = 0;
  let released = 0;
  let refunded = 0;
  for (const m of moves) {
    if (m.kind === 'collection' || m.kind === 'applied') {
      // A forward agreement's deposit counted on the order is escrow the order holds, as a payment would be.
      collected += m.status === 'succeeded' ? m.amountCents : 0;
    } else if (m.kind === 'refund') {
      refunded += m.amountCents;
    } else {
      released += m.amountCents;
    }
  }
  return { collected, released, refunded, held: collected - released - refunded };
}

/**
 * A release of `heldCents` to the seller's side: the agent's commission on the order's net sale (as completion
 * books it) first, at most what is held, and the rest to the seller.
 */
export function releaseSplit(options: {
  heldCents: number;
  netSaleCents: number;
  hasAgent: boolean;
  agentCommissionPercent: number;
}): { sellerCents: number; agentCents: number } {
  const commission = options.hasAgent
    ? multiplyCents(
        Math.max(0, options.netSaleCents),
        Math.round(options.agentCommissionPercent * 100),
        10_000,
      )
    : 0;
  const agentCents = Math.min(commission, options.heldCents);
  return { sellerCents: options.heldCents - agentCents, agentCents };
}

/**
 * A refund of `refundCents` on an order with money in escrow: what the buyer still owed is forgiven first, then
 * the escrow pays back, then the seller's side (money the seller was paid by other means).
 */
export function escrowRefundSplit(options: { refundCents: number; dueCents: number; heldCents: number }): {
  forgivenCents: number;
  fromEscrowCents: number;
  bySellerCents: number;
} {
  const forgivenCents = Math.min(options.refundCents, Math.max(0, options.dueCents));
  const fromEscrowCents = Math.min(options.refundCents - forgivenCents, options.heldCents);
  return {
    forgivenCents,
    fromEscrowCents,
    bySellerCents: options.refundCents - forgivenCents - fromEscrowCents,
  };
}
