// Orders built through the real API for tests that need one sold (by a farmer with a farm or without), or one
// completed (handed over and paid).
import type { FastifyInstance } from 'fastify';
import type { TCommodity } from '../../contract/marketplace';
import type { TOrder } from '../../contract/orders';
import type { AppContext } from '../context';
import { createFarm, userWithRole } from './factories';
import { call, type Session } from './harness';

export interface Sold {
  farmer: Session;
  buyer: Session;
  listing: TCommodity;
  order: TOrder;
}

/** A sale on the farmer's farm: its books are where the order's money is posted. */
export interface FarmSold extends Sold {
  farmId: number;
}

/** What is sold: the tons of maize listed at 200.00/t, and the price and tons of the bid the farmer accepts. */
export interface Trade {
  listed: number;
  price: number;
  quantity: number;
}

/** 1 t of 5 bid at 210.00 (an order of 210.00). */
export const ONE_TON: Trade = { listed: 5, price: 210, quantity: 1 };
/** 2 t of 10 bid at 250.00/t (an order of 500.00). */
export const TWO_TONS: Trade = { listed: 10, price: 250, quantity: 2 };

interface SaleOptions {
  farmer?: Session;
  buyer?: Session;
  trade?: Trade;
}

async function expectJson<T>(res: { statusCode: number; body: string; json: <U>() => U }, status: number) {
  if (res.statusCode !== status) {
    throw new Error(`expected ${status}, got ${res.statusCode} ${res.body}`);
  }
  return res.json<T>();
}

/** The farmer (without a farm, unless they have one) lists maize; the buyer bids; the farmer accepts: an order.
 * The trade is ONE_TON unless told otherwise. */
export async function soldOrder(
  app: FastifyInstance,
  ctx: AppContext,
  options: SaleOptions = {},
): Promise<Sold> {
  const farmer = options.farmer ?? (await userWithRole(app, ctx, 'farmer'));
  const buyer = options.buyer ?? (await userWithRole(app, ctx, 'buyer'));
  const trade = options.trade ?? ONE_TON;
  const send = (who: Session, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    call(app, who.cookie, { method, url, ...(payload ? { payload } : {}) });
  const listing = await expectJson<TCommodity>(
    await send(farmer, 'POST', '/api/commodities', {
      name: 'Maize',
      quantity: trade.listed,
      price: 200,
      grade: 'A',
    }),
    201,
  );
  const bid = await expectJson<{ id: number }>(
    await send(buyer, 'POST', '/api/bids', {
      commodityId: listing.id,
      price: trade.price,
      quantity: trade.quantity,
    }),
    201,
  );
  await expectJson(await send(farmer, 'PATCH', `/api/bids/${bid.id}`, { status: 'accepted' }), 200);
  const [order] = await expectJson<TOrder[]>(await send(buyer, 'GET', '/api/orders?as=buyer&limit=1'), 200);
  if (!order) {
    throw new Error('no order');
  }
  return { farmer, buyer, listing, order };
}

/** As soldOrder, the farmer first given a new farm, on whose books the sale is posted; the trade is TWO_TONS unless
 * told otherwise. */
export async function soldFromFarm(
  app: FastifyInstance,
  ctx: AppContext,
  options: SaleOptions = {},
): Promise<FarmSold> {
  const farmer = options.farmer ?? (await userWithRole(app, ctx, 'farmer'));
  const farmId = (await createFarm(app, farmer)).id;
  const sold = await soldOrder(app, ctx, { ...options, farmer, trade: options.trade ?? TWO_TONS });
  return { ...sold, farmId };
}

/** Hands a sold order over at pick-up with the buyer's code and records its full payment: it completes. */
export async function completeOrder(app: FastifyInstance, sold: Sold): Promise<TOrder> {
  const { farmer, buyer, order } = sold;
  const arranged = await expectJson<TOrder>(
    await call(app, farmer.cookie, {
      method: 'POST',
      url: `/api/orders/${order.id}/delivery`,
      payload: { mode: 'pickup' },
    }),
    201,
  );
  const seen = await expectJson<TOrder>(
    await call(app, buyer.cookie, { method: 'GET', url: `/api/orders/${order.id}` }),
    200,
  );
  await expectJson(
    await call(app, farmer.cookie, {
      method: 'PATCH',
      url: `/api/deliveries/${arranged.delivery?.id}`,
      payload: { status: 'delivered', code: seen.handoverCode },
    }),
    200,
  );
  const paid = await expectJson<TOrder>(
    await call(app, farmer.cookie, {
      method: 'POST',
      url: `/api/orders/${order.id}/payments`,
      payload: { amount: order.payment.due, method: 'cash' },
    }),
    201,
  );
  if (paid.status !== 'completed') {
    throw new Error(`order ${order.id} is ${paid.status}, not completed`);
  }
  return paid;
}

/** A sold order handed over, paid, then disputed by its buyer (quality): the seller may answer it. */
export async function disputedOrder(
  app: FastifyInstance,
  ctx: AppContext,
  parties: { farmer?: Session; buyer?: Session } = {},
): Promise<Sold> {
  const sold = await soldOrder(app, ctx, parties);
  await completeOrder(app, sold);
  const order = await expectJson<TOrder>(
    await call(app, sold.buyer.cookie, {
      method: 'POST',
      url: `/api/orders/${sold.order.id}/dispute`,
      payload: { reason: 'quality', note: 'Wet grain, mould in two bags' },
    }),
    201,
  );
  return { ...sold, order };
}
