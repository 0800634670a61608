// Orders built through the real API for tests that need one sold, or one completed (handed over and paid).
import type { FastifyInstance } from 'fastify';
import type { TCommodity } from '../../contract/marketplace';
import type { TOrder } from '../../contract/orders';
import type { AppContext } from '../context';
import { userWithRole } from './factories';
import { call, type Session } from './harness';

export interface Sold {
  farmer: Session;
  buyer: Session;
  listing: TCommodity;
  order: TOrder;
}

async function expectJson<T>(res: { statusCode: number; body: string; json: <U>() => U }, status: number) {
  if (res.statusCode !== status) {
    throw new Error(`expected ${status}, got ${res.statusCode} ${res.body}`);
  }
  return res.json<T>();
}

/** The farmer (without a farm) lists 5 t of maize; the buyer bids 210.00 for 1 t; the farmer accepts: an order. */
export async function soldOrder(
  app: FastifyInstance,
  ctx: AppContext,
  parties: { farmer?: Session; buyer?: Session } = {},
): Promise<Sold> {
  const farmer = parties.farmer ?? (await userWithRole(app, ctx, 'farmer'));
  const buyer = parties.buyer ?? (await userWithRole(app, ctx, 'buyer'));
  const send = (who: Session, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    call(app, who.cookie, { method, url, ...(payload ? { payload } : {}) });
  const listing = await expectJson<TCommodity>(
    await send(farmer, 'POST', '/api/commodities', { name: 'Maize', quantity: 5, price: 200, grade: 'A' }),
    201,
  );
  const bid = await expectJson<{ id: number }>(
    await send(buyer, 'POST', '/api/bids', { commodityId: listing.id, price: 210, quantity: 1 }),
    201,
  );
  await expectJson(await send(farmer, 'PATCH', `/api/bids/${bid.id}`, { status: 'accepted' }), 200);
  const [order] = await expectJson<TOrder[]>(await send(buyer, 'GET', '/api/orders?as=buyer&limit=1'), 200);
  if (!order) {
    throw new Error('no order');
  }
  return { farmer, buyer, listing, order };
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
