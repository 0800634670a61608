// An order's mobile money: the buyer pays what is due into escrow, the escrow goes to the seller (and the agent) after
// the hold that follows delivery, or back to the buyer as a dispute or a cancellation says; each answer of the
// provider is taken into the order, its books and its people's notices.
import type { z } from 'zod';
import type { ZMobilePaymentInput } from '../../contract/payments';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { bookOrderPayment, today } from '../finance';
import type { SessionUser } from '../http/access';
import { AppError, conflict } from '../http/errors';
import {
  collectionConfigured,
  findMove,
  type MoveRow,
  movesOfOrders,
  pendingCollectionOf,
  provenNumberOf,
  requestCollection,
  requestPayout,
  wake,
} from '../payments';
import { escrowCents, paymentTerms, releaseSplit } from './escrow';
import { type Change, change, changeIn, completeIfSettled } from './order-change';
import { dueCents, mayReleaseEscrow, maySeeOrder } from './orders.policy';
import {
  completeRefundOfMove,
  currentDelivery,
  findOrder,
  insertPaymentUpdating,
  type OrderRow,
} from './orders.repo';
import { refundByMobile } from './refunds';

const PROVIDER_NAMES = { mtn_momo: 'MTN MoMo', orange_money: 'Orange Money' } as const;

// ─── The buyer pays ──────────────────────────────────────────────────────────

/**
 * The buyer (or a manager for them) asks to pay what is due: the payment and its reference are committed first,
 * then this instance starts it with the provider (another would, from the queue, if this one stopped).
 */
export async function startMobilePayment(
  ctx: AppContext,
  options: { user: SessionUser; id: number; input: z.output<ZMobilePaymentInput> },
): Promise<MoveRow> {
  const { user, input } = options;
  let move: MoveRow | null = null;
  // The order exists for the caller first (404 otherwise, as on every order route), then the rest is checked.
  await change(ctx, user, options.id, async (tx, { order }) => {
    if (user.role !== 'manager' && order.buyerId !== user.id) {
      throw new AppError('forbidden', 'payments.errors.notBuyer');
    }
    if (!collectionConfigured(ctx.config, input.provider)) {
      throw new AppError('unprocessable', 'payments.errors.notConfigured', {
        provider: PROVIDER_NAMES[input.provider],
      });
    }
    const amountCents = dueCents(order);
    if (order.status === 'cancelled' || amountCents <= 0) {
      throw conflict('payments.errors.nothingDue');
    }
    if (await pendingCollectionOf(tx, order.id)) {
      throw conflict('payments.errors.pendingPayment');
    }
    const phone = input.phone ?? (await provenNumberOf(tx, order.buyerId));
    if (input.provider === 'mtn_momo' && !phone) {
      throw new AppError('unprocessable', 'payments.errors.noPhone', {}, {}, ['phone']);
    }
    move = await requestCollection(tx, ctx.config, {
      orderId: order.id,
      payerId: order.buyerId,
      provider: input.provider,
      phone,
      amountCents,
      requestedBy: user.id,
    });
    // MTN's prompt comes to the phone: the buyer is told to approve it (Orange's page is in the answer).
    const notice =
      input.provider === 'mtn_momo' ? { reason: 'requested', amountCents, to: [order.buyerId] } : undefined;
    return { order, step: null, ...(notice ? { notice } : {}) };
  });
  const started = move as MoveRow | null;
  if (!started) {
    throw new Error('the payment was not recorded');
  }
  await wake(ctx, [started]);
  return (await findMove(ctx.db, started.id)) ?? started;
}

/** A collection as its order's people see it; 404 to anyone the order does not exist for. */
export async function mobilePaymentFor(ctx: AppContext, user: SessionUser, id: number): Promise<MoveRow> {
  const move = await findMove(ctx.db, id);
  if (move?.kind !== 'collection' || move.orderId === null) {
    throw new AppError('notFound', 'payments.errors.notFound');
  }
  const order = await findOrder(ctx.db, move.orderId);
  if (!order || !maySeeOrder(user, order, await currentDelivery(ctx.db, order.id))) {
    throw new AppError('notFound', 'payments.errors.notFound');
  }
  return move;
}

// ─── Escrow goes to the seller, or back to the buyer ─────────────────────────

/** What the order's escrow holds undecided. */
export async function heldCentsOf(tx: Tx, orderId: number): Promise<number> {
  return escrowCents(await movesOfOrders(tx, [orderId])).held;
}

/** A dispute's refund paid back from escrow to the buyer's number: a payout, and its refund pending until it lands. */
export async function refundFromEscrow(
  ctx: AppContext,
  tx: Tx,
  order: OrderRow,
  options: { amountCents: number; byId: number },
): Promise<MoveRow[]> {
  if (options.amountCents <= 0) {
    return [];
  }
  const { move } = await refundByMobile(tx, ctx.config, order, {
    amountCents: options.amountCents,
    paymentId: null,
    reason: 'dispute',
    byId: options.byId,
  });
  return [move];
}

/**
 * Owes the held money to the seller's side, in the order's transaction: the agent's commission and the rest to the
 * seller, each a payout of its own.
 */
export async function releaseHeld(ctx: AppContext, tx: Tx, order: OrderRow): Promise<MoveRow[]> {
  const held = await heldCentsOf(tx, order.id);
  if (held <= 0) {
    return [];
  }
  const terms = paymentTerms(ctx.config);
  const split = releaseSplit({
    heldCents: held,
    netSaleCents: order.totalCents - order.refundedCents,
    hasAgent: order.agentId !== null && order.agentEarns && order.farmId !== null,
    agentCommissionPercent: terms.agentCommissionPercent,
  });
  const moves: MoveRow[] = [];
  if (split.agentCents > 0 && order.agentId !== null) {
    moves.push(
      await requestPayout(tx, ctx.config, {
        orderId: order.id,
        payeeId: order.agentId,
        kind: 'agent',
        amountCents: split.agentCents,
      }),
    );
  }
  if (split.sellerCents > 0) {
    moves.push(
      await requestPayout(tx, ctx.config, {
        orderId: order.id,
        payeeId: order.sellerId,
        kind: 'seller',
        amountCents: split.sellerCents,
      }),
    );
  }
  return moves;
}

/** The change a release makes: its timeline entry and the seller's side told how much. */
function released(order: OrderRow, moves: readonly MoveRow[]): Change {
  const amountCents = moves.reduce((sum, m) => sum + m.amountCents, 0);
  return {
    order,
    step: 'escrow_released',
    amountCents,
    notice: { reason: 'released', amountCents, to: [order.sellerId, order.agentId ?? order.sellerId] },
  };
}

/** The buyer lets the escrow go now, without waiting for the hold to end. */
export async function releaseEscrowNow(ctx: AppContext, options: { user: SessionUser; id: number }) {
  let moves: MoveRow[] = [];
  const view = await change(ctx, options.user, options.id, async (tx, { order }) => {
    const { held } = escrowCents(await movesOfOrders(tx, [order.id]));
    if (order.buyerId !== options.user.id) {
      throw new AppError('forbidden', 'orders.errors.notAllowed');
    }
    if (!mayReleaseEscrow(options.user, order, held)) {
      throw conflict(
        held <= 0
          ? 'payments.errors.nothingHeld'
          : order.status === 'disputed'
            ? 'payments.errors.frozen'
            : 'payments.errors.notDelivered',
      );
    }
    moves = await releaseHeld(ctx, tx, order);
    return released(order, moves);
  });
  await wake(ctx, moves);
  return view;
}

/** Releases, as the server, the escrow of one order whose hold has ended (the releaser's due list). */
export async function releaseAfterHold(ctx: AppContext, orderId: number, now: number): Promise<void> {
  const holdMs = paymentTerms(ctx.config).holdMs;
  let moves: MoveRow[] = [];
  await change(ctx, { system: true, byId: null }, orderId, async (tx, { order }) => {
    const due =
      order.status === 'completed' &&
      order.deliveredAt !== null &&
      order.deliveredAt.getTime() + holdMs <= now;
    if (!due) {
      return { order, step: null };
    }
    moves = await releaseHeld(ctx, tx, order);
    return moves.length === 0 ? { order, step: null } : released(order, moves);
  });
  await wake(ctx, moves);
}

// ─── What the provider said ──────────────────────────────────────────────────

/** A move of an order reached its end: the order, the seller's books and the people on it take it in. */
export async function takeSettledMove(ctx: AppContext, tx: Tx, move: MoveRow): Promise<void> {
  if (move.orderId === null) {
    return;
  }
  await changeIn(
    ctx,
    tx,
    { system: true, byId: move.kind === 'collection' ? move.userId : null },
    move.orderId,
    (_, { order }) =>
      move.kind === 'collection' ? takeCollection(ctx, tx, order, move) : takePayout(ctx, tx, order, move),
  );
}

async function takeCollection(ctx: AppContext, tx: Tx, order: OrderRow, move: MoveRow): Promise<Change> {
  const people = [order.buyerId];
  if (move.status !== 'succeeded') {
    const notice = {
      reason: 'failed',
      amountCents: move.amountCents,
      failureReason: move.failureReason,
      to: people,
    };
    return { order, step: null, notice };
  }
  // Paid while something else settled the order (a payment by hand, a cancellation): the rest goes back.
  const applied = Math.min(move.amountCents, dueCents(order));
  let paid = order;
  if (applied > 0) {
    paid = await insertPaymentUpdating(
      tx,
      {
        orderId: order.id,
        amountCents: applied,
        method: 'mobile_money',
        reference: move.transactionId ?? move.reference,
        paidAt: today(),
        recordedBy: move.userId,
        entryId: null,
        moveId: move.id,
      },
      { paidCents: order.paidCents + applied },
    );
    paid = await completeIfSettled(ctx, tx, paid);
  }
  if (move.amountCents > applied) {
    await requestPayout(tx, ctx.config, {
      orderId: order.id,
      payeeId: move.userId,
      kind: 'refund',
      amountCents: move.amountCents - applied,
    });
  }
  const to = [order.buyerId, order.sellerId, ...(order.agentLinked && order.agentId ? [order.agentId] : [])];
  return {
    order: paid,
    step: 'escrow_paid',
    amountCents: applied,
    notice: { reason: 'succeeded', amountCents: move.amountCents, to },
  };
}

async function takePayout(ctx: AppContext, tx: Tx, order: OrderRow, move: MoveRow): Promise<Change> {
  const to = [move.userId];
  if (move.status !== 'succeeded') {
    const notice = {
      reason: 'payout_failed',
      amountCents: move.amountCents,
      failureReason: move.failureReason,
      to,
    };
    return { order, step: null, notice };
  }
  if (move.kind === 'seller' && order.farmId !== null) {
    // The farm's receivable becomes money in its mobile-money account (or how a manager paid it by hand).
    await bookOrderPayment(tx, ctx.bus, {
      farmId: order.farmId,
      orderId: order.id,
      date: today(),
      amountCents: move.amountCents,
      method: move.method === 'bank' ? 'bank' : move.method,
      reference: move.transactionId ?? move.handReference ?? move.reference,
    });
  }
  if (move.kind === 'refund') {
    await completeRefundOfMove(tx, move.id, new Date());
  }
  return {
    order,
    step: 'payout_sent',
    amountCents: move.amountCents,
    notice: {
      reason: move.kind === 'refund' ? 'refund_sent' : 'payout_sent',
      amountCents: move.amountCents,
      to,
    },
  };
}
