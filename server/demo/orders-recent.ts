// Demo orders under way: amina's and kofi's recent ones taken to every status through the real services, and fatou
// acting as amina's agent on a plantain lot.

import { DAY_MS, HOUR_MS } from '../../contract/constants';
import { centsToDecimal, multiplyCents } from '../../contract/money';
import {
  ZArrangeDelivery,
  ZDeliveryUpdate,
  ZDisputeInput,
  ZDisputeReply,
  ZPaymentInput,
} from '../../contract/orders';
import type { OrderStatus } from '../../contract/orders-constants';
import { kgToTons } from '../../contract/quantity';
import { answerLink, requestLink } from '../agents/agents.service';
import { findUserById } from '../auth/user-accounts';
import type { AppContext } from '../context';
import { firstFarmIdOf } from '../farms/lookups';
import type { SessionUser } from '../http/access';
import { createListing, decideBid, placeBid } from '../marketplace/marketplace.service';
import { arrangeDelivery, moveDelivery } from '../orders/deliveries.service';
import { findOrderByTrade, type OrderRow } from '../orders/orders.repo';
import { cancelOrder, openDispute, recordPayment, replyToDispute } from '../orders/orders.service';
import { solidPng } from '../photos/solid-png';
import { demoAmount } from './money';

/** Where a recent order is left: its status, or `assigned` (still awaiting delivery, with yaw asked to drive). */
type Stage = OrderStatus | 'assigned';

/** amina → kofi: one order in each, the oldest taken furthest. */
const EVERY_STAGE: readonly Stage[] = [
  'completed',
  'disputed',
  'delivered',
  'in_transit',
  'cancelled',
  'assigned',
  'awaiting_delivery',
];
/** Other recent orders: a spread, so yaw and the operations view have more than one of each. */
const OTHER_STAGES: readonly Stage[] = [
  'assigned',
  'awaiting_delivery',
  'in_transit',
  'delivered',
  'completed',
];

export type People = Record<'amina' | 'kofi' | 'yaw' | 'fatou' | 'moussa' | 'ama', SessionUser>;

/** Who acts through the services: as a signed-in user would, without a session. */
export function actor(user: Pick<SessionUser, 'id' | 'username' | 'role'>): SessionUser {
  return { id: user.id, username: user.username, role: user.role, language: 'en', sessionId: 0 };
}

// ─── The present: recent orders taken through the real services ─────────────

export async function seedRecentOrders(
  ctx: AppContext,
  people: People,
  recent: OrderRow[],
  maizeCents: number,
): Promise<void> {
  const { amina, kofi } = people;
  const theirs = recent.filter((o) => o.sellerId === amina.id && o.buyerId === kofi.id);
  const extra = await sellToKofi(ctx, people, Math.max(0, EVERY_STAGE.length - theirs.length), maizeCents);
  for (const [index, order] of [...theirs, ...extra].entries()) {
    await takeTo(ctx, people, order, EVERY_STAGE[index] ?? 'awaiting_delivery');
  }
  const others = recent.filter((o) => !theirs.includes(o));
  for (const [index, order] of others.entries()) {
    await takeTo(ctx, people, order, OTHER_STAGES[index % OTHER_STAGES.length] ?? 'awaiting_delivery');
  }
}

/**
 * A fresh lot of grade B maize of amina's, listed a little above the market, and `count` of kofi's bids at the
 * market price that she accepts: orders made today.
 */
async function sellToKofi(
  ctx: AppContext,
  people: People,
  count: number,
  maizeCents: number,
): Promise<OrderRow[]> {
  if (count === 0) {
    return [];
  }
  const { amina, kofi } = people;
  const farmId = (await firstFarmIdOf(ctx.db, amina.id)) ?? undefined;
  const { listing } = await createListing(ctx, {
    user: amina,
    name: 'Maize',
    quantityKg: (count + 4) * 1000,
    priceCents: multiplyCents(maizeCents, 102, 100),
    grade: 'B',
    farmId,
  });
  const made: OrderRow[] = [];
  for (let i = 0; i < count; i++) {
    const bid = await placeBid(ctx, {
      user: kofi,
      commodityId: listing.id,
      priceCents: maizeCents,
      quantityKg: 1000,
    });
    made.push(await accept(ctx, amina, bid.id));
  }
  return made;
}

/** Accepts a bid as `seller` (the owner or their agent) and returns the order it made. */
export async function accept(ctx: AppContext, seller: SessionUser, bidId: number): Promise<OrderRow> {
  const { trade } = await decideBid(ctx, { user: seller, id: bidId, status: 'accepted' });
  const order = trade ? await findOrderByTrade(ctx.db, trade.id) : null;
  if (!order) {
    throw new Error(`accepting bid ${bidId} made no order`);
  }
  return order;
}

/** Takes an order awaiting delivery to `stage`, each step by whoever takes it in the app. */
async function takeTo(ctx: AppContext, people: People, order: OrderRow, stage: Stage): Promise<void> {
  const seller = await actorOf(ctx, order.sellerId);
  switch (stage) {
    case 'awaiting_delivery':
      return;
    case 'cancelled':
      await cancelOrder(ctx, { user: seller, id: order.id, reason: 'The buyer asked for a later harvest.' });
      return;
    case 'assigned':
      await assignYaw(ctx, people, order, seller);
      return;
    case 'in_transit':
      await deliver(ctx, people, order, seller, ['accepted', 'picked_up']);
      return;
    case 'delivered':
      await deliver(ctx, people, order, seller, ['accepted', 'picked_up', 'in_transit', 'delivered']);
      return;
    case 'completed':
      await deliver(ctx, people, order, seller, ['accepted', 'picked_up', 'in_transit', 'delivered']);
      await payInFull(ctx, seller, order, 'mobile_money');
      return;
    case 'disputed':
      await deliver(ctx, people, order, seller, ['accepted', 'picked_up', 'in_transit', 'delivered']);
      await openDispute(ctx, {
        user: await actorOf(ctx, order.buyerId),
        id: order.id,
        input: ZDisputeInput.parse({
          reason: 'quantity',
          note: 'Two sacks short at the weighing on arrival.',
        }),
      });
      await replyToDispute(ctx, {
        user: seller,
        id: order.id,
        input: ZDisputeReply.parse({
          note: 'All 20 sacks were weighed at loading with the driver: 2 t. Photo of the scale ticket attached.',
          photos: [solidPng(64, [214, 196, 150]).toString('base64')],
        }),
      });
      return;
  }
}

async function actorOf(ctx: AppContext, id: number): Promise<SessionUser> {
  const user = await findUserById(ctx.db, id);
  if (!user) {
    throw new Error(`user ${id} of a demo order is missing`);
  }
  return actor(user);
}

/** Where yaw collects and delivers the demo's goods (named as people there say them), taken in turn. */
const DEMO_ROUTES: readonly [string, string][] = [
  ['Marché de Bafoussam', 'Magasin Mokolo, Yaoundé'],
  ['Foumbot, route de Koutaba', 'Marché central, Douala'],
  ['Dschang, carrefour Foto', 'Marché A, Bafoussam'],
];

/** yaw's job as the seller arranges it: the route, tomorrow morning, a fee the seller pays. */
function demoTerms(order: OrderRow, driverId: number) {
  const [from, to] = DEMO_ROUTES[order.id % DEMO_ROUTES.length] ?? ['Bafoussam', 'Yaoundé'];
  const morning = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + DAY_MS + 7 * HOUR_MS);
  return ZArrangeDelivery.parse({
    driverId,
    from: { name: from },
    to: { name: to },
    window: { from: morning.toISOString(), to: new Date(morning.getTime() + 5 * HOUR_MS).toISOString() },
    fee: { amount: demoAmount(String(15 + (order.id % 4) * 5)), paidBy: 'seller' },
  });
}

async function assignYaw(
  ctx: AppContext,
  people: Pick<People, 'yaw'>,
  order: OrderRow,
  by: SessionUser,
): Promise<number> {
  const input = demoTerms(order, people.yaw.id);
  const view = await arrangeDelivery(ctx, { user: by, id: order.id, input });
  const delivery = view.details.deliveries.get(order.id);
  if (!delivery) {
    throw new Error(`order ${order.id} has no delivery after arranging one`);
  }
  return delivery.id;
}

/** yaw is assigned and takes the delivery through `steps`; `delivered` with the buyer's code. */
export async function deliver(
  ctx: AppContext,
  people: Pick<People, 'yaw'>,
  order: OrderRow,
  by: SessionUser,
  steps: readonly ('accepted' | 'picked_up' | 'in_transit' | 'delivered')[],
): Promise<void> {
  const deliveryId = await assignYaw(ctx, people, order, by);
  for (const status of steps) {
    // Through the API's own schema, as the driver's app sends it.
    const input = ZDeliveryUpdate.parse({
      status,
      ...(status === 'picked_up' || status === 'delivered'
        ? { weighedQuantity: kgToTons(order.quantityKg) }
        : {}),
      ...(status === 'delivered' ? { code: order.handoverCode } : {}),
    });
    await moveDelivery(ctx, { user: people.yaw, deliveryId, input });
  }
}

async function payInFull(
  ctx: AppContext,
  seller: SessionUser,
  order: OrderRow,
  method: 'cash' | 'mobile_money',
): Promise<void> {
  const input = ZPaymentInput.parse({ amount: centsToDecimal(order.totalCents), method });
  await recordPayment(ctx, { user: seller, id: order.id, input });
}

// ─── fatou, amina's agent ────────────────────────────────────────────────────

/**
 * fatou represents amina (moussa has not answered yet), lists plantain for her, accepts kofi's bid on it and sees it
 * through to payment: the completed order earns her commission. ama's bid on the lot waits for her answer.
 */
export async function seedAgent(ctx: AppContext, people: People, plantainCents: number): Promise<void> {
  const { amina, kofi, fatou, moussa, ama } = people;
  const link = await requestLink(ctx, { user: fatou, farmerId: amina.id });
  await answerLink(ctx, { user: amina, id: link.link.id, status: 'active' });
  await requestLink(ctx, { user: fatou, farmerId: moussa.id });

  const farmId = (await firstFarmIdOf(ctx.db, amina.id)) ?? undefined;
  const { listing } = await createListing(ctx, {
    user: fatou,
    name: 'Plantain',
    quantityKg: 6000,
    priceCents: multiplyCents(plantainCents, 104, 100),
    grade: 'A',
    farmId,
    onBehalfOf: amina.id,
  });
  const bid = await placeBid(ctx, {
    user: kofi,
    commodityId: listing.id,
    priceCents: multiplyCents(plantainCents, 103, 100),
    quantityKg: 2000,
  });
  const order = await accept(ctx, fatou, bid.id);
  await deliver(ctx, people, order, fatou, ['accepted', 'picked_up', 'in_transit', 'delivered']);
  await payInFull(ctx, amina, order, 'cash');
  await placeBid(ctx, { user: ama, commodityId: listing.id, priceCents: plantainCents, quantityKg: 1500 });
}
