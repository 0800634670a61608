// The bill that follows the scale: a weighing at pick-up or hand-over is billed at once within the tolerance, or held
// for the buyer, whose code at hand-over accepts it (or who disputes it, the weights filled in). The change of the
// bill is booked once, on the seller's farm, as the difference from what was billed before.
import type { TimelineStep, WEIGHT_ANSWERS } from '../../contract/orders';
import { weighedTotalCents, withinTolerance } from '../../contract/weighing';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { bookWeighing, refundSplit, today } from '../finance';
import { dueCents } from './orders.policy';
import { insertDispute, insertRefund, lastPaymentMethod, type OrderRow, updateOrder } from './orders.repo';

export interface FollowUp {
  step: TimelineStep;
  amountCents: number | null;
  quantityKg?: number | null;
}

export interface Weighed {
  order: OrderRow;
  /** Timeline entries of the weighing, after the delivery step's own. */
  followUps: FollowUp[];
}

/** The weight the bill follows now: the last billed weighing, else the ordered quantity. */
export const billedKg = (order: OrderRow): number => order.weighedKg ?? order.quantityKg;

/**
 * What a delivery step does to the bill: its weighing (if any) recorded, and at hand-over the buyer's answer to a
 * weighing held for them. `disputed`: the caller opens the dispute (disputeHeldWeighing) once the goods are delivered.
 */
export async function weighDelivery(
  ctx: AppContext,
  tx: Tx,
  options: {
    order: OrderRow;
    weighedKg: number | null;
    handOver: boolean;
    answer: (typeof WEIGHT_ANSWERS)[number] | undefined;
    byId: number;
  },
): Promise<Weighed & { disputed: boolean }> {
  const { byId } = options;
  const weighed =
    options.weighedKg === null
      ? { order: options.order, followUps: [] }
      : await recordWeighing(ctx, tx, { order: options.order, weighedKg: options.weighedKg, byId });
  if (!options.handOver) {
    return { ...weighed, disputed: false };
  }
  const answered = await answerHeldWeighing(ctx, tx, {
    order: weighed.order,
    answer: options.answer ?? 'accepted',
    byId,
  });
  const disputed = answered.disputed
    ? [{ step: 'disputed' as const, amountCents: null, quantityKg: weighed.order.pendingWeighedKg }]
    : [];
  return {
    order: answered.order,
    followUps: [...weighed.followUps, ...answered.followUps, ...disputed],
    disputed: answered.disputed,
  };
}

/** A weighing given with a delivery step: billed at once within the tolerance, else held for the buyer's answer. */
async function recordWeighing(
  ctx: AppContext,
  tx: Tx,
  options: { order: OrderRow; weighedKg: number; byId: number },
): Promise<Weighed> {
  const { order, weighedKg } = options;
  if (withinTolerance(order.quantityKg, weighedKg, ctx.config.weightTolerancePercent)) {
    return billWeighing(ctx, tx, { ...options, step: 'weight_adjusted' });
  }
  const held = await updateOrder(tx, order.id, { pendingWeighedKg: weighedKg });
  return { order: held, followUps: [{ step: 'weight_to_accept', amountCents: null, quantityKg: weighedKg }] };
}

/**
 * At hand-over, the buyer's answer to a held weighing: `accepted` (their code confirms it) bills it; `disputed`
 * leaves the bill as it was and answers true, for the caller to open the dispute once the goods are delivered.
 */
async function answerHeldWeighing(
  ctx: AppContext,
  tx: Tx,
  options: { order: OrderRow; answer: (typeof WEIGHT_ANSWERS)[number]; byId: number },
): Promise<Weighed & { disputed: boolean }> {
  const { order } = options;
  if (order.pendingWeighedKg === null) {
    return { order, followUps: [], disputed: false };
  }
  if (options.answer === 'disputed') {
    return { order, followUps: [], disputed: true };
  }
  const billed = await billWeighing(ctx, tx, {
    order,
    weighedKg: order.pendingWeighedKg,
    byId: options.byId,
    step: 'weight_accepted',
  });
  return { ...billed, disputed: false };
}

/** The buyer disputes a held weighing at hand-over: a quantity dispute in their name, with both weights. */
export async function disputeHeldWeighing(tx: Tx, order: OrderRow): Promise<OrderRow> {
  await insertDispute(tx, {
    orderId: order.id,
    reason: 'quantity',
    note: '',
    orderedKg: order.quantityKg,
    weighedKg: order.pendingWeighedKg,
    openedBy: order.buyerId,
  });
  return updateOrder(tx, order.id, { status: 'disputed' });
}

/**
 * The bill follows `weighedKg`: the total becomes price × weighed tons and only its difference from the total billed
 * so far is booked (weighing the same goods twice books nothing the second time). A bill that falls below what the
 * buyer already paid hands the rest back, by the means they last paid.
 */
async function billWeighing(
  ctx: AppContext,
  tx: Tx,
  options: { order: OrderRow; weighedKg: number; byId: number; step: TimelineStep },
): Promise<Weighed> {
  const { order, weighedKg } = options;
  const totalCents = weighedTotalCents(order.priceCents, weighedKg);
  const changeCents = totalCents - order.totalCents;
  const sameWeight = weighedKg === billedKg(order);
  const entry: FollowUp = { step: options.step, amountCents: changeCents, quantityKg: weighedKg };
  if (changeCents === 0) {
    const kept = await updateOrder(tx, order.id, { weighedKg, pendingWeighedKg: null });
    return { order: kept, followUps: sameWeight && options.step === 'weight_adjusted' ? [] : [entry] };
  }
  const stillOwedCents = dueCents(order);
  const handedBack = changeCents < 0 ? refundSplit(-changeCents, stillOwedCents).handedBack : 0;
  const method = (await lastPaymentMethod(tx, order.id)) ?? 'cash';
  const date = today();
  const entryId =
    order.farmId === null
      ? null
      : await bookWeighing(tx, ctx.bus, {
          farmId: order.farmId,
          orderId: order.id,
          date,
          changeCents,
          stillOwedCents,
          method,
          weighedKg,
        });
  const followUps = [entry];
  if (handedBack > 0) {
    await insertRefund(tx, {
      orderId: order.id,
      paymentId: null,
      amountCents: handedBack,
      method,
      status: 'completed',
      reason: 'weight',
      entryId,
      recordedBy: options.byId,
      refundedAt: new Date(),
    });
    followUps.push({ step: 'refunded', amountCents: handedBack });
  }
  const billed = await updateOrder(tx, order.id, {
    weighedKg,
    pendingWeighedKg: null,
    totalCents,
    paidCents: order.paidCents - handedBack,
  });
  return { order: billed, followUps };
}
