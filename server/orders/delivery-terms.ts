// A driver's job as arranged: its places, window and fee stored, shown, told to the driver, and the fee booked once.
import type { z } from 'zod';
import type { TPlace } from '../../contract/delivery-terms';
import { centsToDecimal, parseMoneyToCents } from '../../contract/money';
import type { TDelivery, ZArrangeDelivery } from '../../contract/orders';
import { kgToTons } from '../../contract/quantity';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { firstFarmIdOf } from '../farms';
import { bookDeliveryFee, today } from '../finance';
import { notify } from '../notifications';
import type { DeliveryRow, OrderRow } from './orders.repo';
import { updateDeliveryRow } from './orders.repo';

type DriverArrangement = Extract<z.output<typeof ZArrangeDelivery>, { driverId: number }>;
type PlaceInput = NonNullable<DriverArrangement['from']>;

/** The delivery row's columns for what the arrangement said (absent parts stay null). */
export function termsColumns(input: DriverArrangement) {
  const place = (p: PlaceInput | undefined) => ({
    place: p?.name ?? null,
    latitude: p?.latitude ?? null,
    longitude: p?.longitude ?? null,
  });
  const from = place(input.from);
  const to = place(input.to);
  const feeCents = input.fee ? parseMoneyToCents(input.fee.amount) : null;
  return {
    fromPlace: from.place,
    fromLatitude: from.latitude,
    fromLongitude: from.longitude,
    toPlace: to.place,
    toLatitude: to.latitude,
    toLongitude: to.longitude,
    windowStart: input.window ? new Date(input.window.from) : null,
    windowEnd: input.window ? new Date(input.window.to) : null,
    feeCents,
    feePaidBy: input.fee ? input.fee.paidBy : null,
  };
}

function placeOf(name: string | null, latitude: number | null, longitude: number | null): TPlace | null {
  return name === null ? null : { name, latitude, longitude };
}

/** The terms as the API shows them to everyone on the order. */
export function presentTerms(delivery: DeliveryRow): Pick<TDelivery, 'from' | 'to' | 'window' | 'fee'> {
  const { windowStart, windowEnd, feeCents, feePaidBy } = delivery;
  return {
    from: placeOf(delivery.fromPlace, delivery.fromLatitude, delivery.fromLongitude),
    to: placeOf(delivery.toPlace, delivery.toLatitude, delivery.toLongitude),
    window:
      windowStart && windowEnd ? { from: windowStart.toISOString(), to: windowEnd.toISOString() } : null,
    fee:
      feeCents !== null && feePaidBy !== null
        ? { amount: centsToDecimal(feeCents), paidBy: feePaidBy }
        : null,
  };
}

/**
 * Tells the driver the job is theirs, in their language and by phone as they chose (`delivery_assigned`): what, how
 * much, from where to where (the parties' names when no place was given) and the fee when there is one.
 */
export function notifyDriverAssigned(
  ctx: AppContext,
  tx: Tx,
  job: { order: OrderRow; delivery: DeliveryRow; sellerName: string; buyerName: string },
): Promise<void> {
  const { order, delivery } = job;
  return notify(tx, ctx, [delivery.driverId], {
    type: 'delivery_assigned',
    data: {
      orderId: order.id,
      commodity: order.commodityName,
      quantity: kgToTons(order.quantityKg),
      from: delivery.fromPlace ?? job.sellerName,
      to: delivery.toPlace ?? job.buyerName,
      ...(delivery.feeCents === null ? {} : { reason: 'fee', fee: centsToDecimal(delivery.feeCents) }),
    },
    link: '/deliveries',
  });
}

/**
 * The goods were handed over: the delivery records when (the day the driver earned the fee) and the fee is booked
 * as an expense on the payer's farm books when they have a farm. Runs once: `delivered` is a final status, reached
 * under the order's lock, and a booked fee keeps its entry id.
 */
export async function settleDeliveryFee(
  ctx: AppContext,
  tx: Tx,
  job: { order: OrderRow; delivery: DeliveryRow; driverName: string },
): Promise<DeliveryRow> {
  const { order, delivery } = job;
  const deliveredAt = delivery.deliveredAt ?? new Date();
  if (delivery.feeCents === null || delivery.feePaidBy === null || delivery.feeEntryId !== null) {
    return updateDeliveryRow(tx, delivery.id, { deliveredAt });
  }
  const farmId =
    delivery.feePaidBy === 'seller'
      ? (order.farmId ?? (await firstFarmIdOf(tx, order.sellerId)))
      : await firstFarmIdOf(tx, order.buyerId);
  const feeEntryId =
    farmId === null
      ? null
      : await bookDeliveryFee(tx, ctx.bus, {
          farmId,
          orderId: order.id,
          date: today(),
          amountCents: delivery.feeCents,
          driverUsername: job.driverName,
        });
  return updateDeliveryRow(tx, delivery.id, { deliveredAt, feeEntryId });
}
