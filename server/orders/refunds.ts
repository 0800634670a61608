// Money handed back to a buyer: one refund row per payment it returns, by that payment's method, with its entry in
// the seller's books. Recorded by hand, a refund is given back when recorded; a provider's refund (mobile money from
// escrow) starts `pending` and is completed when its payout succeeds.
import type { Config } from '../config';
import type { Tx } from '../db/client';
import type { EventBus } from '../events/bus';
import { bookOrderRefund, refundSplit, reverseOrderEntry } from '../finance';
import { type MoveRow, requestPayout } from '../payments';
import { insertRefund, lastPaymentMethod, type OrderRow, paymentsOf, type RefundRow } from './orders.repo';

/**
 * On a cancellation: every payment goes back to the buyer by the means it came, its entry in the books reversed
 * (the sale's own reversal is the caller's). Answers the refunds, oldest payment first.
 */
export async function refundPaymentsOnCancel(
  tx: Tx,
  bus: EventBus,
  options: { order: OrderRow; byId: number; date: string; at: Date; config: Config },
): Promise<{ refunds: RefundRow[]; moves: MoveRow[] }> {
  const { order, byId, date, at } = options;
  const refunds: RefundRow[] = [];
  const moves: MoveRow[] = [];
  for (const payment of await paymentsOf(tx, order.id)) {
    if (payment.moveId !== null) {
      // Held in escrow (the farm's books never had it): it goes back from there, by mobile money.
      const back = await refundByMobile(tx, options.config, order, {
        amountCents: payment.amountCents,
        paymentId: payment.id,
        reason: 'cancellation',
        byId,
      });
      moves.push(back.move);
      refunds.push(back.refund);
      continue;
    }
    const entryId =
      order.farmId === null || payment.entryId === null
        ? null
        : await reverseOrderEntry(tx, bus, {
            farmId: order.farmId,
            orderId: order.id,
            date,
            entryId: payment.entryId,
          });
    refunds.push(
      await insertRefund(tx, {
        orderId: order.id,
        paymentId: payment.id,
        amountCents: payment.amountCents,
        method: payment.method,
        status: 'completed',
        reason: 'cancellation',
        entryId,
        recordedBy: byId,
        refundedAt: at,
      }),
    );
  }
  return { refunds, moves };
}

/**
 * Money given back to the buyer from escrow: a payout to their proven number, and its refund, pending until the
 * payout lands (then completed by the payout's settlement).
 */
export async function refundByMobile(
  tx: Tx,
  config: Config,
  order: OrderRow,
  options: { amountCents: number; paymentId: number | null; reason: RefundRow['reason']; byId: number },
): Promise<{ move: MoveRow; refund: RefundRow }> {
  const move = await requestPayout(tx, config, {
    orderId: order.id,
    payeeId: order.buyerId,
    kind: 'refund',
    amountCents: options.amountCents,
  });
  const refund = await insertRefund(tx, {
    orderId: order.id,
    paymentId: options.paymentId,
    amountCents: options.amountCents,
    method: 'mobile_money',
    status: 'pending',
    reason: options.reason,
    reference: move.reference,
    moveId: move.id,
    recordedBy: options.byId,
  });
  return { move, refund };
}

/**
 * On a dispute settled with a refund: the refund is booked (what the buyer still owed forgiven first, the rest handed
 * back from the account the buyer last paid into), and the money handed back, if any, is recorded as a refund.
 */
export async function refundOnDispute(
  tx: Tx,
  bus: EventBus,
  options: {
    order: OrderRow;
    byId: number;
    /** How the manager says the money went back (default: the way the buyer last paid), and its reference. */
    paidBy: { method: RefundRow['method'] | null; reference: string | null };
    refundCents: number;
    stillOwedCents: number;
    date: string;
    at: Date;
  },
): Promise<{ handedBackCents: number; refund: RefundRow | null }> {
  const { order, byId, refundCents, stillOwedCents, date, at } = options;
  const { handedBack } = refundSplit(refundCents, stillOwedCents);
  const method = options.paidBy.method ?? (await lastPaymentMethod(tx, order.id)) ?? 'cash';
  const entryId =
    order.farmId === null
      ? null
      : await bookOrderRefund(tx, bus, {
          farmId: order.farmId,
          orderId: order.id,
          date,
          amountCents: refundCents,
          stillOwedCents,
          method,
        });
  if (handedBack <= 0) {
    return { handedBackCents: 0, refund: null };
  }
  const refund = await insertRefund(tx, {
    orderId: order.id,
    paymentId: null,
    amountCents: handedBack,
    method,
    status: 'completed',
    reason: 'dispute',
    reference: options.paidBy.reference,
    entryId,
    recordedBy: byId,
    refundedAt: at,
  });
  return { handedBackCents: handedBack, refund };
}
