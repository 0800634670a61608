// What orders book on a farm after the sale: payments received, a cancelled sale, refunds, commission, delivery fees.
import type { Tx } from '../db/client';
import type { EventBus } from '../events/bus';
import { booksChangeSql } from './books-change';
import { insertOrderTransaction, loadEntry, markEntryTransactionReversed } from './finance.repo';
import { bookEntryAnnounced } from './finance.service';
import {
  type JournalEntry,
  postCommission,
  postDeliveryFee,
  postRefund,
  postSale,
  postSettlement,
  refundSplit,
  reverseEntry,
} from './posting';

/** An order's payment methods by the names the farm's books give them (finance.paymentMethods). */
const LEDGER_METHOD: Readonly<Record<string, string>> = { bank: 'bank_transfer' };

function ledgerMethod(orderMethod: string): string {
  return LEDGER_METHOD[orderMethod] ?? orderMethod;
}

interface Booking {
  farmId: number;
  orderId: number;
  /** 'YYYY-MM-DD'. */
  date: string;
}

function book(
  tx: Tx,
  bus: EventBus,
  at: Booking,
  entry: JournalEntry,
  sourceType: 'payment' | 'refund' | 'commission' | 'reversal' | 'delivery_fee' | 'weight',
): Promise<number> {
  // The entry, its lines and both NOTIFYs of the books' change: one statement.
  return bookEntryAnnounced(tx, at.farmId, entry, { sourceType, sourceId: at.orderId }, (id) =>
    booksChangeSql(bus, { type: 'transaction', id }, at.farmId),
  );
}

/**
 * Money received for an order: moves that much from receivables to the money account of the method, and lists it
 * among the farm's transactions as money in (changed only through the order).
 */
export async function bookOrderPayment(
  tx: Tx,
  bus: EventBus,
  at: Booking & { amountCents: number; method: string; reference?: string | null; byId?: number | null },
): Promise<number> {
  const method = ledgerMethod(at.method);
  const entry = postSettlement({
    date: at.date,
    amountCents: at.amountCents,
    direction: 'collect',
    paymentMethod: at.method,
    memo: `Order #${at.orderId}: payment (${at.method})`,
  });
  const note = {
    key: 'orderPayment',
    data: { orderId: at.orderId, methodKey: `finance.paymentMethods.${method}` },
  };
  const entryId = await book(tx, bus, at, { ...entry, note }, 'payment');
  await insertOrderTransaction(tx, {
    farmId: at.farmId,
    type: 'income',
    category: 'order_payment',
    amountCents: at.amountCents,
    date: at.date,
    paymentMethod: method,
    reference: at.reference ?? null,
    entryId,
    orderId: at.orderId,
    createdBy: at.byId ?? null,
  });
  return entryId;
}

/** Undoes a booked entry of the order (its sale when cancelled, or a payment handed back), dated `at.date`. */
export async function reverseOrderEntry(
  tx: Tx,
  bus: EventBus,
  at: Booking & { entryId: number },
): Promise<number> {
  const original = await loadEntry(tx, at.entryId);
  const note = { key: 'orderReversal', data: { orderId: at.orderId } };
  const reversalId = await book(
    tx,
    bus,
    at,
    { ...reverseEntry(original, { date: at.date }), note },
    'reversal',
  );
  await markEntryTransactionReversed(tx, at.entryId, reversalId);
  return reversalId;
}

/**
 * A refund granted in a dispute (see postRefund): what the buyer still owed is forgiven first, the rest handed back,
 * which is listed among the farm's transactions as money out.
 */
export async function bookOrderRefund(
  tx: Tx,
  bus: EventBus,
  at: Booking & { amountCents: number; stillOwedCents: number; method: string },
): Promise<number> {
  const entry = postRefund({
    date: at.date,
    amountCents: at.amountCents,
    stillOwedCents: at.stillOwedCents,
    paymentMethod: at.method,
    memo: `Order #${at.orderId}: refund`,
  });
  const entryId = await book(
    tx,
    bus,
    at,
    { ...entry, note: { key: 'orderRefund', data: { orderId: at.orderId } } },
    'refund',
  );
  const { handedBack } = refundSplit(at.amountCents, at.stillOwedCents);
  if (handedBack > 0) {
    await insertOrderTransaction(tx, {
      farmId: at.farmId,
      type: 'expense',
      category: 'order_refund',
      amountCents: handedBack,
      date: at.date,
      paymentMethod: ledgerMethod(at.method),
      entryId,
      orderId: at.orderId,
    });
  }
  return entryId;
}

/**
 * The bill following a weighing: `changeCents` more (sold on credit, as the sale) or less (as a refund: what the buyer
 * still owed forgiven first, the rest handed back by `method`) than the order's total so far.
 */
export function bookWeighing(
  tx: Tx,
  bus: EventBus,
  at: Booking & { changeCents: number; stillOwedCents: number; method: string; weighedKg: number },
): Promise<number> {
  const memo = `Order #${at.orderId}: weighed ${at.weighedKg} kg`;
  const entry =
    at.changeCents > 0
      ? postSale({ date: at.date, totalCents: at.changeCents, paid: false, memo })
      : postRefund({
          date: at.date,
          amountCents: -at.changeCents,
          stillOwedCents: at.stillOwedCents,
          paymentMethod: at.method,
          memo,
        });
  const note = { key: 'orderWeighing', data: { orderId: at.orderId, kg: at.weighedKg } };
  return book(tx, bus, at, { ...entry, note }, 'weight');
}

/**
 * The agent's commission on a completed order: an expense of the farm, paid from the order's money (from escrow,
 * straight to the agent, when the buyer paid by mobile money: the farm's receivable shrinks by it).
 */
export function bookCommission(
  tx: Tx,
  bus: EventBus,
  at: Booking & { amountCents: number; method: string; agentUsername: string; fromEscrow?: boolean },
): Promise<number> {
  const entry = postCommission({
    date: at.date,
    amountCents: at.amountCents,
    paymentMethod: at.method,
    fromReceivables: at.fromEscrow === true,
    memo: `Order #${at.orderId}: commission to ${at.agentUsername}`,
  });
  const note = { key: 'orderCommission', data: { orderId: at.orderId, agent: at.agentUsername } };
  return book(tx, bus, at, { ...entry, note }, 'commission');
}

/** A driver's fee on a delivered order: a transport expense of the farm of whoever pays it, paid in cash. */
export function bookDeliveryFee(
  tx: Tx,
  bus: EventBus,
  at: Booking & { amountCents: number; driverUsername: string },
): Promise<number> {
  const entry = postDeliveryFee({
    date: at.date,
    amountCents: at.amountCents,
    memo: `Order #${at.orderId}: delivery fee to ${at.driverUsername}`,
  });
  const note = { key: 'deliveryFee', data: { orderId: at.orderId, driver: at.driverUsername } };
  return book(tx, bus, at, { ...entry, note }, 'delivery_fee');
}
