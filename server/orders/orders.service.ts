// Orders after the accepted bid: delivery with proof, payments, cancellation, disputes, completion and commission.
// Every change is one transaction with its timeline entry and its live event.
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { DAY_MS } from '../../contract/constants';
import { parseMoneyToCents, sumCents } from '../../contract/money';
import {
  CLOSED_DELIVERY_STATUSES,
  type ZDisputeInput,
  type ZDisputeReply,
  type ZDisputeResolution,
  type ZOrderListQuery,
  type ZPaymentInput,
} from '../../contract/orders';
import { STALE_DELIVERY_DAYS } from '../../contract/orders-constants';
import type { AppContext } from '../context';
import { bookOrderPayment, reverseOrderEntry, today } from '../finance';
import type { SessionUser } from '../http/access';
import { AppError, conflict } from '../http/errors';
import { marketModel, returnToListing } from '../marketplace';
import { type MoveRow, wake } from '../payments';
import { sendPhoto, storePhotos } from '../photos';
import { escrowRefundSplit, paymentTerms } from './escrow';
import { heldCentsOf, refundFromEscrow, releaseHeld } from './escrow.service';
import { change, completeIfSettled, type OrderView, orderNotFound } from './order-change';
import { openDisputeCount, ordersByStatus, staleDeliveries, tradedSince } from './order-operations.repo';
import { listOrders, loadOrderDetails, type OrderDetails } from './order-pages.repo';
import {
  dueCents,
  isSellerSide,
  mayCancel,
  mayDispute,
  mayRecordPayment,
  mayReplyToDispute,
  mayResolveDispute,
  maySeeDisputePhotos,
  maySeeOrder,
} from './orders.policy';
import {
  disputeIdsOf,
  findOrder,
  insertDispute,
  insertPaymentUpdating,
  lockOpenDispute,
  managerIds,
  type OrderRow,
  replyToDisputeRow,
  resolveDisputeRow,
  updateDeliveryRow,
  updateOrder,
} from './orders.repo';
import { refundOnDispute, refundPaymentsOnCancel } from './refunds';

// ─── Reading ─────────────────────────────────────────────────────────────────

export async function listOrdersOf(
  ctx: AppContext,
  options: { user: SessionUser; query: z.output<typeof ZOrderListQuery> },
): Promise<{ rows: OrderRow[]; details: OrderDetails }> {
  const { user, query } = options;
  const everyone = user.role === 'manager' && query.as === undefined;
  const rows = await listOrders(
    ctx.db,
    {
      userId: everyone ? null : user.id,
      as: query.as,
      status: query.status,
      delivery: query.delivery,
      sellerId: query.farmer,
    },
    query.limit,
    query.cursor,
  );
  return {
    rows,
    details: await loadOrderDetails(ctx.db, rows.slice(0, query.limit), paymentTerms(ctx.config)),
  };
}

/** One order as the user may see it; 404 to anyone who may not. */
export async function getOrder(
  ctx: AppContext,
  options: { user: SessionUser; id: number },
): Promise<OrderView> {
  const order = await findOrder(ctx.db, options.id);
  if (!order) {
    throw orderNotFound();
  }
  // The details hold the current delivery, which decides whether a driver may see the order.
  const details = await loadOrderDetails(ctx.db, [order], paymentTerms(ctx.config));
  if (!maySeeOrder(options.user, order, details.deliveries.get(order.id) ?? null)) {
    throw orderNotFound();
  }
  return { order, details };
}

/**
 * Sends a photo of the order's dispute to its parties, the seller's agent on it and managers; to anyone else, and
 * for a hash the order has no photo under, the photo does not exist (404).
 */
export async function sendDisputePhoto(
  ctx: AppContext,
  reply: FastifyReply,
  options: { user: SessionUser; id: number; hash: string },
): Promise<void> {
  const { order } = await getOrder(ctx, { user: options.user, id: options.id });
  if (!maySeeDisputePhotos(options.user, order)) {
    throw new AppError('notFound', 'photos.errors.notFound');
  }
  const ownerIds = await disputeIdsOf(ctx.db, order.id);
  if (!(await sendPhoto(ctx, reply, { ownerKind: 'dispute_reply', ownerIds, hash: options.hash }))) {
    throw new AppError('notFound', 'photos.errors.notFound');
  }
}

// ─── Money ───────────────────────────────────────────────────────────────────

export function recordPayment(
  ctx: AppContext,
  options: { user: SessionUser; id: number; input: z.output<typeof ZPaymentInput> },
): Promise<OrderView> {
  const { user, input } = options;
  const amountCents = parseMoneyToCents(input.amount) ?? 0;
  return change(ctx, user, options.id, async (tx, { order }) => {
    if (user.role !== 'manager' && order.sellerId !== user.id) {
      throw new AppError('forbidden', 'orders.errors.notAllowed');
    }
    if (order.status === 'cancelled') {
      throw conflict('orders.errors.cancelled');
    }
    if (!mayRecordPayment(user, order) || amountCents > dueCents(order)) {
      throw conflict('orders.errors.moreThanDue');
    }
    const date = input.paidAt ?? today();
    const entryId =
      order.farmId === null
        ? null
        : await bookOrderPayment(tx, ctx.bus, {
            farmId: order.farmId,
            orderId: order.id,
            date,
            amountCents,
            method: input.method,
            reference: input.reference ?? null,
            byId: user.id,
          });
    const paid = await insertPaymentUpdating(
      tx,
      {
        orderId: order.id,
        amountCents,
        method: input.method,
        reference: input.reference ?? null,
        paidAt: date,
        recordedBy: user.id,
        entryId,
      },
      { paidCents: order.paidCents + amountCents },
    );
    const settled = await completeIfSettled(ctx, tx, paid);
    return { order: settled, step: 'payment', note: input.reference ?? null, amountCents };
  });
}

/**
 * Before pick-up, the seller's side or a manager cancels: the listing gets its quantity back, the sale is reversed
 * in the books, every payment goes back to the buyer by its own means (a refund each, on the timeline after the
 * cancellation, and in the parties' notification), and an open delivery is called off.
 */
export async function cancelOrder(
  ctx: AppContext,
  options: { user: SessionUser; id: number; reason: string },
): Promise<OrderView> {
  const { user } = options;
  let refundMoves: MoveRow[] = [];
  const view = await change(ctx, user, options.id, async (tx, { order, delivery }) => {
    if (!mayCancel(user, order, delivery)) {
      throw isSellerSide(user, order)
        ? conflict('orders.errors.alreadyPickedUp')
        : new AppError('forbidden', 'orders.errors.notAllowed');
    }
    const date = today();
    if (order.farmId !== null && order.saleEntryId !== null) {
      const entryId = order.saleEntryId;
      await reverseOrderEntry(tx, ctx.bus, { farmId: order.farmId, orderId: order.id, date, entryId });
    }
    const { refunds, moves } = await refundPaymentsOnCancel(tx, ctx.bus, {
      order,
      byId: user.id,
      date,
      at: new Date(),
      config: ctx.config,
    });
    refundMoves = moves;
    const refundedCents = sumCents(refunds.map((r) => r.amountCents));
    await returnToListing(tx, ctx.bus, {
      commodityId: order.commodityId,
      quantityKg: order.quantityKg,
      tradeId: order.tradeId,
      by: user.id,
    });
    const called = delivery && !CLOSED_DELIVERY_STATUSES.includes(delivery.status) ? delivery : null;
    if (called) {
      await updateDeliveryRow(tx, called.id, { status: 'failed', note: options.reason });
    }
    const cancelled = await updateOrder(tx, order.id, {
      status: 'cancelled',
      paidCents: order.paidCents - refundedCents,
      refundedCents: order.refundedCents + refundedCents,
    });
    return {
      order: cancelled,
      step: 'cancelled',
      note: options.reason,
      also: called?.driverId ? [called.driverId] : [],
      followUps: refunds.map((r) => ({ step: 'refunded' as const, amountCents: r.amountCents })),
      refundedCents,
    };
  });
  // After the commit: a read between a drop inside the transaction and its commit would cache the old quantity.
  marketModel.of(ctx).dropAll();
  await wake(ctx, refundMoves);
  return view;
}

// ─── Disputes ────────────────────────────────────────────────────────────────

export function openDispute(
  ctx: AppContext,
  options: { user: SessionUser; id: number; input: z.output<typeof ZDisputeInput> },
): Promise<OrderView> {
  const { user, input } = options;
  return change(ctx, user, options.id, async (tx, { order, delivery }) => {
    if (order.buyerId !== user.id) {
      throw new AppError('forbidden', 'orders.errors.notAllowed');
    }
    if (order.status !== 'delivered' && order.status !== 'completed') {
      throw conflict('orders.errors.notDisputable');
    }
    if (!mayDispute(user, order, Date.now())) {
      throw conflict('orders.errors.disputeWindowClosed');
    }
    // The weights, when the goods were weighed: the one billed or held, else the delivery's own.
    const weighedKg = order.pendingWeighedKg ?? order.weighedKg ?? delivery?.weighedQuantityKg ?? null;
    await insertDispute(tx, {
      orderId: order.id,
      reason: input.reason,
      note: input.note,
      openedBy: user.id,
      ...(weighedKg === null ? {} : { orderedKg: order.quantityKg, weighedKg }),
    });
    const disputed = await updateOrder(tx, order.id, { status: 'disputed' });
    return { order: disputed, step: 'disputed', note: input.note };
  });
}

/**
 * The seller answers the buyer's dispute, once, with a note and up to 4 photos (checked, stripped of their location
 * and stored with the answer, or the whole answer is refused). The buyer and the managers hear of it.
 */
export function replyToDispute(
  ctx: AppContext,
  options: { user: SessionUser; id: number; input: z.output<typeof ZDisputeReply> },
): Promise<OrderView> {
  const { user, input } = options;
  return change(ctx, user, options.id, async (tx, { order }) => {
    if (order.sellerId !== user.id) {
      throw new AppError('forbidden', 'orders.errors.notAllowed');
    }
    const dispute = await lockOpenDispute(tx, order.id);
    if (!dispute || order.status !== 'disputed') {
      throw conflict('orders.errors.notDisputed');
    }
    if (!mayReplyToDispute(user, order, dispute)) {
      throw conflict('orders.errors.alreadyReplied');
    }
    const photos = await storePhotos(tx, ctx, {
      ownerKind: 'dispute_reply',
      ownerId: dispute.id,
      uploadedBy: user.id,
      photos: input.photos,
    });
    await replyToDisputeRow(tx, dispute.id, { note: input.note, photos });
    return { order, step: 'dispute_replied', note: input.note, also: await managerIds(tx) };
  });
}

/**
 * A manager settles a dispute. A refund (all that is left of the total, or a part) is booked on the seller's farm:
 * what the buyer still owed is forgiven first, the rest handed back. The order is then completed if nothing is due.
 */
export async function resolveDispute(
  ctx: AppContext,
  options: { user: SessionUser; id: number; input: z.output<typeof ZDisputeResolution> },
): Promise<OrderView> {
  const { user, input } = options;
  const moves: MoveRow[] = [];
  const view = await change(ctx, user, options.id, async (tx, { order }) => {
    if (user.role !== 'manager') {
      throw new AppError('forbidden', 'orders.errors.notAllowed');
    }
    const dispute = await lockOpenDispute(tx, order.id);
    if (!mayResolveDispute(user, order) || !dispute) {
      throw conflict('orders.errors.notDisputed');
    }
    const refundable = order.totalCents - order.refundedCents;
    const refundCents =
      input.resolution === 'refund'
        ? refundable
        : input.resolution === 'partial_refund'
          ? (parseMoneyToCents(input.amount ?? 0) ?? 0)
          : 0;
    if (refundCents > refundable) {
      throw conflict('orders.errors.refundTooLarge');
    }
    let changes: Partial<OrderRow> = { status: 'delivered' };
    let handedBack = 0;
    if (refundCents > 0) {
      // Money in escrow goes back from there first (by mobile money); the seller hands back only the rest.
      const { fromEscrowCents } = escrowRefundSplit({
        refundCents,
        dueCents: dueCents(order),
        heldCents: await heldCentsOf(tx, order.id),
      });
      const refunded = await refundOnDispute(tx, ctx.bus, {
        order,
        byId: user.id,
        paidBy: { method: input.method ?? null, reference: input.reference ?? null },
        refundCents,
        stillOwedCents: dueCents(order) + fromEscrowCents,
        date: today(),
        at: new Date(),
      });
      const fromEscrow = await refundFromEscrow(ctx, tx, order, {
        amountCents: fromEscrowCents,
        byId: user.id,
      });
      moves.push(...fromEscrow);
      handedBack = refunded.handedBackCents + fromEscrowCents;
      changes = {
        ...changes,
        refundedCents: order.refundedCents + refundCents,
        paidCents: order.paidCents - handedBack,
      };
    }
    await resolveDisputeRow(tx, dispute.id, {
      resolution: input.resolution,
      refundCents: refundCents > 0 ? refundCents : null,
      resolutionNote: input.note,
      resolvedBy: user.id,
    });
    const resolved = await updateOrder(tx, order.id, changes);
    const settled = await completeIfSettled(ctx, tx, resolved);
    // Decided: what escrow still holds goes to the seller's side now, without another hold.
    if (settled.status === 'completed') {
      moves.push(...(await releaseHeld(ctx, tx, settled)));
    }
    return {
      order: settled,
      step: 'dispute_resolved',
      note: input.note,
      amountCents: refundCents > 0 ? refundCents : null,
      followUps: handedBack > 0 ? [{ step: 'refunded', amountCents: handedBack }] : [],
    };
  });
  await wake(ctx, moves);
  return view;
}

// ─── Operations ──────────────────────────────────────────────────────────────

export async function operationsSummary(ctx: AppContext) {
  const now = Date.now();
  const [byStatus, stale, disputesOpen, traded] = await Promise.all([
    ordersByStatus(ctx.db),
    staleDeliveries(ctx.db, new Date(now - STALE_DELIVERY_DAYS * DAY_MS)),
    openDisputeCount(ctx.db),
    tradedSince(ctx.db, new Date(now - 7 * DAY_MS), new Date(now - 30 * DAY_MS)),
  ]);
  return { byStatus, stale, disputesOpen, traded };
}
