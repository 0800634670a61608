// A collection and a payout as the API shows them: amounts in the currency, statuses in the contract's words, the
// number masked but for its last digits to anyone but its owner.
import { centsToDecimal } from '../../contract/money';
import type { TMobilePayment, TPayout } from '../../contract/payments';
import type { MoveRow, MoveWithPayee } from './moves.repo';

/** `2376…789`: the country code and the last three digits. */
export function maskedPhone(phone: string | null, visible: boolean): string | null {
  if (phone === null || visible) {
    return phone === null ? null : `+${phone}`;
  }
  return `+${phone.slice(0, 3)}…${phone.slice(-3)}`;
}

export function presentMobilePayment(move: MoveRow, viewerId: number): TMobilePayment {
  return {
    id: move.id,
    orderId: move.orderId ?? 0,
    provider: move.provider,
    reference: move.reference,
    amount: centsToDecimal(move.amountCents),
    currency: move.currency,
    // A collection never waits for a manager; the API's four statuses are the queue's own.
    status: move.status === 'waiting' ? 'pending' : move.status,
    paymentUrl: move.paymentUrl,
    phone: maskedPhone(move.phone, move.userId === viewerId),
    failureReason: move.failureReason,
    createdAt: move.createdAt.toISOString(),
    updatedAt: move.updatedAt.toISOString(),
  };
}

/** A payout as its payee and managers see it (an `applied` deposit is no payout: callers leave it out). */
export function presentPayout(move: MoveWithPayee, viewerId: number, manager: boolean): TPayout {
  if (move.kind === 'applied') {
    throw new RangeError('a deposit counted on an order is not a payout');
  }
  return {
    id: move.id,
    to: { id: move.userId, username: move.username },
    kind: move.kind === 'collection' ? 'refund' : move.kind,
    amount: centsToDecimal(move.amountCents),
    status:
      move.status === 'succeeded'
        ? 'succeeded'
        : move.status === 'pending' || move.status === 'waiting'
          ? 'pending'
          : 'failed',
    failureReason: move.failureReason,
    phone: maskedPhone(move.phone, manager || move.userId === viewerId),
    method: move.method,
    reference: move.method === 'mobile_money' ? (move.transactionId ?? move.reference) : move.handReference,
    updatedAt: move.updatedAt.toISOString(),
  };
}
