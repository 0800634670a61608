// What a forward agreement pays of one of its orders before the buyer pays the rest: its deposit's share (escrow the
// order now holds) and its input advance's share (money the seller already has), each an order payment.
import type { Tx } from '../db/client';
import { findOrderByTrade, insertPaymentUpdating, type OrderRow } from './orders.repo';

/** The order an agreed trade opened, as the agreement needs it. */
export async function orderOfAgreedTrade(tx: Tx, tradeId: number): Promise<OrderRow> {
  const order = await findOrderByTrade(tx, tradeId);
  if (!order) {
    throw new Error(`trade ${tradeId} opened no order`);
  }
  return order;
}

export async function prepayOrder(
  tx: Tx,
  order: OrderRow,
  parts: {
    paidAt: string;
    recordedBy: number;
    deposit: { amountCents: number; moveId: number; reference: string } | null;
    advance: { amountCents: number; entryId: number | null; reference: string } | null;
  },
): Promise<OrderRow> {
  let paid = order;
  if (parts.deposit) {
    paid = await insertPaymentUpdating(
      tx,
      {
        orderId: order.id,
        amountCents: parts.deposit.amountCents,
        method: 'mobile_money',
        reference: parts.deposit.reference,
        paidAt: parts.paidAt,
        recordedBy: parts.recordedBy,
        entryId: null,
        moveId: parts.deposit.moveId,
      },
      { paidCents: paid.paidCents + parts.deposit.amountCents },
    );
  }
  if (parts.advance) {
    paid = await insertPaymentUpdating(
      tx,
      {
        orderId: order.id,
        amountCents: parts.advance.amountCents,
        method: 'mobile_money',
        reference: parts.advance.reference,
        paidAt: parts.paidAt,
        recordedBy: parts.recordedBy,
        entryId: parts.advance.entryId,
        moveId: null,
      },
      { paidCents: paid.paidCents + parts.advance.amountCents },
    );
  }
  return paid;
}
