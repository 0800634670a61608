// Delivery with proof: a driver or a pick-up is arranged, the driver moves it on, and the buyer's code closes it.
import type { z } from 'zod';
import type { TimelineStep, ZArrangeDelivery, ZDeliveryUpdate } from '../../contract/orders';
import { parseTonsToKg } from '../../contract/quantity';
import { findUserById } from '../auth';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { SessionUser } from '../http/access';
import { AppError, badRequest, conflict } from '../http/errors';
import { notifyDriverAssigned, settleDeliveryFee, termsColumns } from './delivery-terms';
import { newHandoverCode } from './open-order';
import { change, completeIfSettled, deliveryNotFound, type OrderView } from './order-change';
import {
  isCodeLocked,
  isNextStep,
  isSellerSide,
  mayArrangeDelivery,
  mayMoveDelivery,
  mayRenewCode,
} from './orders.policy';
import {
  type DeliveryRow,
  insertDelivery,
  lockDelivery,
  type OrderRow,
  updateDeliveryRow,
  updateOrder,
} from './orders.repo';
import { disputeHeldWeighing, weighDelivery } from './weighing';

// ─── Delivery ────────────────────────────────────────────────────────────────

export function arrangeDelivery(
  ctx: AppContext,
  options: { user: SessionUser; id: number; input: z.output<typeof ZArrangeDelivery> },
): Promise<OrderView> {
  const { user, input } = options;
  return change(ctx, user, options.id, async (tx, { order, delivery }) => {
    if (!mayArrangeDelivery(user, order, delivery)) {
      throw refusalForArrange(user, order);
    }
    if (input.mode === 'pickup') {
      const pickup = await insertDelivery(tx, {
        orderId: order.id,
        mode: 'pickup',
        driverId: null,
        status: 'accepted',
      });
      return { order: await updateOrder(tx, order.id, {}), step: 'pickup_arranged', delivery: pickup };
    }
    const driver = await findUserById(tx, input.driverId);
    if (driver?.role !== 'delivery') {
      throw badRequest('orders.errors.notADriver');
    }
    const assigned = await insertDelivery(tx, {
      orderId: order.id,
      mode: 'driver',
      driverId: driver.id,
      status: 'assigned',
      ...termsColumns(input),
    });
    const seller = await findUserById(tx, order.sellerId);
    const buyer = await findUserById(tx, order.buyerId);
    await notifyDriverAssigned(ctx, tx, {
      order,
      delivery: assigned,
      sellerName: seller?.username ?? `#${order.sellerId}`,
      buyerName: buyer?.username ?? `#${order.buyerId}`,
    });
    return {
      order: await updateOrder(tx, order.id, {}),
      step: 'delivery_assigned',
      note: driver.username,
      delivery: assigned,
      // The driver was told in their own words (what, where, the fee): not the order-step notice as well.
      toldApart: [driver.id],
    };
  });
}

/** Why the user may not arrange this order's delivery (the phone says it before asking for the PIN). */
export function refusalForArrange(user: SessionUser, order: OrderRow): AppError {
  if (!isSellerSide(user, order)) {
    return new AppError('forbidden', 'orders.errors.notAllowed');
  }
  return order.status === 'awaiting_delivery'
    ? conflict('orders.errors.deliveryOpen')
    : conflict('orders.errors.notAwaitingDelivery');
}

const STEP_OF: Record<string, TimelineStep> = {
  accepted: 'delivery_accepted',
  declined: 'delivery_declined',
  picked_up: 'picked_up',
  in_transit: 'in_transit',
  delivered: 'delivered',
  failed: 'delivery_failed',
};

/**
 * A driver (or, for a pick-up, the seller's side) moves a delivery on. `delivered` needs the buyer's code: a wrong
 * one is counted (that count is all that changes) and refused with 422; at MAX_CODE_ATTEMPTS the delivery locks
 * until the buyer renews the code.
 */
export async function moveDelivery(
  ctx: AppContext,
  options: { user: SessionUser; deliveryId: number; input: z.output<typeof ZDeliveryUpdate> },
): Promise<OrderView> {
  const { user, input } = options;
  const { deliveryId } = options;
  let wrongCode = false;
  // The order is found by the delivery and locked in one statement.
  const result = await change(ctx, user, { deliveryId }, async (tx, { order, delivery: current }) => {
    // Deliveries change only under their order's lock, so the current one, read with it, is already fresh.
    const delivery = current?.id === deliveryId ? current : await lockDelivery(tx, deliveryId);
    if (!delivery || !mayMoveDelivery(user, order, delivery)) {
      throw deliveryNotFound();
    }
    if (order.status === 'cancelled' || !isNextStep(delivery, input.status)) {
      throw conflict('orders.errors.badTransition');
    }
    if (input.status === 'delivered') {
      if (isCodeLocked(order)) {
        throw conflict('orders.errors.codeLocked');
      }
      if (input.code !== order.handoverCode) {
        wrongCode = true;
        const counted = await updateOrder(tx, order.id, { codeFailures: order.codeFailures + 1 });
        return { order: counted, step: null };
      }
    }
    const weighedKg = input.weighedQuantity === undefined ? null : parseTonsToKg(input.weighedQuantity);
    const weighed = weighedKg === null ? {} : { weighedQuantityKg: weighedKg };
    const moved = await updateDeliveryRow(tx, delivery.id, {
      status: input.status,
      ...weighed,
      ...(input.note ? { note: input.note } : {}),
    });
    const weighing = await weighDelivery(ctx, tx, {
      order,
      weighedKg,
      handOver: input.status === 'delivered',
      answer: input.weight,
      byId: user.id,
    });
    const next = await orderAfterDelivery(ctx, tx, weighing.order, moved, weighing.disputed);
    const lostDriver = input.status === 'declined' && delivery.driverId !== null ? [delivery.driverId] : [];
    return {
      order: next,
      step: STEP_OF[input.status] ?? 'in_transit',
      note: input.note ?? null,
      also: lostDriver,
      followUps: weighing.followUps,
    };
  });
  if (wrongCode) {
    throw new AppError('unprocessable', 'orders.errors.wrongCode');
  }
  return result;
}

/** The order's status once its delivery moved (`disputed`: the buyer disputed the weighing at hand-over). */
async function orderAfterDelivery(
  ctx: AppContext,
  tx: Tx,
  order: OrderRow,
  delivery: DeliveryRow,
  disputed: boolean,
): Promise<OrderRow> {
  switch (delivery.status) {
    case 'picked_up':
    case 'in_transit':
      return updateOrder(tx, order.id, { status: 'in_transit' });
    case 'failed':
      return updateOrder(tx, order.id, { status: 'awaiting_delivery' });
    case 'delivered': {
      const driver = delivery.driverId === null ? null : await findUserById(tx, delivery.driverId);
      await settleDeliveryFee(ctx, tx, { order, delivery, driverName: driver?.username ?? '' });
      const delivered = await updateOrder(tx, order.id, { status: 'delivered', deliveredAt: new Date() });
      return disputed ? disputeHeldWeighing(tx, delivered) : completeIfSettled(ctx, tx, delivered);
    }
    default:
      return updateOrder(tx, order.id, {});
  }
}

export function renewCode(ctx: AppContext, options: { user: SessionUser; id: number }): Promise<OrderView> {
  const { user } = options;
  return change(ctx, user, options.id, async (tx, { order }) => {
    if (!mayRenewCode(user, order)) {
      throw order.buyerId === user.id
        ? conflict('orders.errors.badTransition')
        : new AppError('forbidden', 'orders.errors.notAllowed');
    }
    const renewed = await updateOrder(tx, order.id, { handoverCode: newHandoverCode(), codeFailures: 0 });
    return { order: renewed, step: 'code_renewed' };
  });
}
