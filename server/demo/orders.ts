// Demo orders: older sales delivered by yaw and paid (here), then amina's and kofi's recent ones in every status and
// fatou as agent (orders-recent.ts).

import { DAY_MS, HOUR_MS } from '../../contract/constants';
import { findUsersByUsernames } from '../auth/user-accounts';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { bookOrderPayment } from '../finance/order-posting';
import type { SessionUser } from '../http/access';
import {
  allOrdersOldestFirst,
  anyDeliveryExists,
  insertDelivery,
  insertEvents,
  insertPayment,
  type OrderRow,
  updateOrderAsOf,
} from '../orders/orders.repo';
import { MARKETS } from './market-data';
import { demoCents } from './money';
import { actor, type People, seedAgent, seedRecentOrders } from './orders-recent';

/** Orders older than this were delivered and paid; the newer ones are still under way. */
const SETTLED_AFTER_DAYS = 4;

const MINUTE_MS = 60_000;

export async function seed(ctx: AppContext): Promise<void> {
  const people = await demoPeople(ctx);
  if (!people || (await anyDeliveryExists(ctx.db))) {
    return;
  }
  const now = Date.now();
  const orders = await allOrdersOldestFirst(ctx.db);
  const settledBefore = now - SETTLED_AFTER_DAYS * DAY_MS;
  const old = orders.filter((o) => o.status === 'awaiting_delivery' && o.createdAt.getTime() < settledBefore);
  // The newest of them stalls: yaw accepted it days ago and never collected (the operations view flags it).
  const stalled = old.pop();
  await ctx.db.transaction(async (tx) => {
    for (const [index, order] of old.entries()) {
      await settlePastOrder(ctx, tx, order, people.yaw, index % 2 === 0 ? 'cash' : 'mobile_money');
    }
    if (stalled) {
      await stallPastOrder(tx, stalled, people.yaw);
    }
  });
  const recent = orders.filter(
    (o) => o.status === 'awaiting_delivery' && o.createdAt.getTime() >= settledBefore,
  );
  const priceOf = (name: string) => lastPriceOf(orders, people.amina.id, name);
  await seedRecentOrders(ctx, people, recent, priceOf('Maize'));
  await seedAgent(ctx, people, priceOf('Plantain'));
}

/** What amina last sold `name` for, per ton (the demo market's own price), else where its market started. */
function lastPriceOf(orders: readonly OrderRow[], sellerId: number, name: string): number {
  const last = orders.findLast((o) => o.sellerId === sellerId && o.commodityName === name);
  const start = MARKETS.find((m) => m.name === name)?.startCents;
  const cents = last?.priceCents ?? (start === undefined ? undefined : demoCents(start));
  if (cents === undefined) {
    throw new Error(`no demo price for ${name}`);
  }
  return cents;
}

async function demoPeople(ctx: AppContext): Promise<People | null> {
  const names = ['amina', 'kofi', 'yaw', 'fatou', 'moussa', 'ama'] as const;
  const found = await findUsersByUsernames(ctx.db, names);
  const people: Partial<People> = {};
  for (const name of names) {
    const user = found.get(name);
    if (!user) {
      return null;
    }
    people[name] = actor(user);
  }
  return people as People;
}

// ─── The past: delivered by yaw, paid, completed ─────────────────────────────

/** When each step of an older order happened: yaw within hours of the sale, the handover the next day. */
function pastTimeline(order: OrderRow) {
  const start = order.createdAt.getTime();
  const spread = (order.id % 5) * HOUR_MS;
  const assigned = new Date(start + 2 * HOUR_MS + spread);
  const accepted = new Date(assigned.getTime() + 40 * MINUTE_MS);
  const pickedUp = new Date(start + 20 * HOUR_MS + spread);
  const inTransit = new Date(pickedUp.getTime() + 30 * MINUTE_MS);
  const delivered = new Date(pickedUp.getTime() + (3 + (order.id % 3)) * HOUR_MS);
  const paid = new Date(delivered.getTime() + 15 * MINUTE_MS);
  return {
    assigned,
    accepted,
    pickedUp,
    inTransit,
    delivered,
    paid,
    date: delivered.toISOString().slice(0, 10),
  };
}

/**
 * Writes an older order's whole past as it happened: yaw assigned within hours of the sale, picking up the next
 * morning and handing over that day, the buyer paying on delivery. The payment is booked on the seller's farm.
 */
async function settlePastOrder(
  ctx: AppContext,
  tx: Tx,
  order: OrderRow,
  driver: SessionUser,
  method: 'cash' | 'mobile_money',
): Promise<void> {
  const { assigned, accepted, pickedUp, inTransit, delivered, paid, date } = pastTimeline(order);
  await insertDelivery(tx, {
    orderId: order.id,
    mode: 'driver',
    driverId: driver.id,
    status: 'delivered',
    weighedQuantityKg: order.quantityKg,
    createdAt: assigned,
    updatedAt: delivered,
  });
  const entryId =
    order.farmId === null
      ? null
      : await bookOrderPayment(tx, ctx.bus, {
          farmId: order.farmId,
          orderId: order.id,
          date,
          amountCents: order.totalCents,
          method,
          byId: order.sellerId,
        });
  await insertPayment(tx, {
    orderId: order.id,
    amountCents: order.totalCents,
    method,
    reference: null,
    paidAt: date,
    recordedBy: order.sellerId,
    entryId,
    createdAt: paid,
  });
  await updateOrderAsOf(
    tx,
    order.id,
    { status: 'completed', paidCents: order.totalCents, deliveredAt: delivered },
    paid,
  );
  const seller = order.sellerId;
  const by = driver.id;
  await insertEvents(tx, [
    { orderId: order.id, step: 'delivery_assigned', byId: seller, note: driver.username, at: assigned },
    { orderId: order.id, step: 'delivery_accepted', byId: by, at: accepted },
    { orderId: order.id, step: 'picked_up', byId: by, at: pickedUp },
    { orderId: order.id, step: 'in_transit', byId: by, at: inTransit },
    { orderId: order.id, step: 'delivered', byId: by, at: delivered },
    { orderId: order.id, step: 'payment', byId: seller, amountCents: order.totalCents, at: paid },
    { orderId: order.id, step: 'completed', byId: seller, at: paid },
  ]);
}

/** An older order yaw accepted within hours of the sale and has not collected since. */
async function stallPastOrder(tx: Tx, order: OrderRow, driver: SessionUser): Promise<void> {
  const assigned = new Date(order.createdAt.getTime() + 2 * HOUR_MS);
  const accepted = new Date(assigned.getTime() + 40 * MINUTE_MS);
  await insertDelivery(tx, {
    orderId: order.id,
    mode: 'driver',
    driverId: driver.id,
    status: 'accepted',
    createdAt: assigned,
    updatedAt: accepted,
  });
  await updateOrderAsOf(tx, order.id, {}, accepted);
  await insertEvents(tx, [
    {
      orderId: order.id,
      step: 'delivery_assigned',
      byId: order.sellerId,
      note: driver.username,
      at: assigned,
    },
    { orderId: order.id, step: 'delivery_accepted', byId: driver.id, at: accepted },
  ]);
}
