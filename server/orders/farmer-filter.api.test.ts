// `?farmer=` on the orders and bids lists: an agent reads one represented farmer's orders and bids, names no other
// farmer (403, also once a link has ended and the page was cached), and to everyone else it only narrows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBidDetail, TCommodity } from '../../contract/marketplace';
import type { TOrder } from '../../contract/orders';
import { linkAgent, sender } from '../test/agent-sale';
import { createFarm, userWithRole } from '../test/factories';
import { createTestApp, ok, type Session, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const send = sender(() => t.app);

const orderIds = async (who: Session, query: string) =>
  (await ok<TOrder[]>(await send(who, 'GET', `/api/orders?${query}`))).map((o) => o.id).sort((a, b) => a - b);
const bidIds = async (who: Session, query: string) =>
  (await ok<TBidDetail[]>(await send(who, 'GET', `/api/bids?${query}`)))
    .map((b) => b.id)
    .sort((a, b) => a - b);

/** A listing by `seller` (for `farmer` when the seller is their agent) and a buyer's pending bid on it. */
async function bidOn(seller: Session, buyer: Session, farmer: Session) {
  const listing = await ok<TCommodity>(
    await send(seller, 'POST', '/api/commodities', {
      name: 'Cocoa',
      quantity: 5,
      price: 1000,
      grade: 'B',
      ...(seller === farmer ? {} : { onBehalfOf: farmer.user.id }),
    }),
    201,
  );
  return ok<{ id: number }>(
    await send(buyer, 'POST', '/api/bids', { commodityId: listing.id, price: 1000, quantity: 1 }),
    201,
  );
}

/** An order of `farmer`'s, made by `seller` (the farmer or their agent) accepting the buyer's bid. */
async function orderOf(seller: Session, buyer: Session, farmer: Session): Promise<number> {
  const bid = await bidOn(seller, buyer, farmer);
  await ok(await send(seller, 'PATCH', `/api/bids/${bid.id}`, { status: 'accepted' }));
  const [order] = await ok<TOrder[]>(await send(buyer, 'GET', '/api/orders?as=buyer&limit=1'));
  if (!order) {
    throw new Error('the buyer sees no order');
  }
  return order.id;
}

async function linked(agent: Session, farmer: Session) {
  return (await linkAgent(send, agent, farmer)).id;
}

describe('orders and bids by farmer', () => {
  it('an agent reads one represented farmer’s orders and bids, and may name no other farmer', async () => {
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const [amina, moussa, stranger] = await Promise.all(
      [0, 1, 2].map(() => userWithRole(t.app, t.ctx, 'farmer')),
    );
    if (!amina || !moussa || !stranger) {
      throw new Error('farmers missing');
    }
    for (const farmer of [amina, moussa, stranger]) {
      await createFarm(t.app, farmer);
    }
    const aminaLink = await linked(agent, amina);
    await linked(agent, moussa);
    const aminaOrder = await orderOf(agent, buyer, amina);
    const moussaOrder = await orderOf(agent, buyer, moussa);
    const strangerOrder = await orderOf(stranger, buyer, stranger);
    const aminaBid = await bidOn(agent, buyer, amina);
    const moussaBid = await bidOn(agent, buyer, moussa);

    // Without the filter, everything as before; with it, only that farmer's, on every side and page.
    expect(await orderIds(agent, 'as=agent')).toEqual([aminaOrder, moussaOrder]);
    expect(await orderIds(agent, `as=agent&farmer=${amina.user.id}`)).toEqual([aminaOrder]);
    expect(await orderIds(agent, `farmer=${moussa.user.id}`)).toEqual([moussaOrder]);
    expect(await orderIds(agent, `farmer=${amina.user.id}&cursor=2147483647`)).toEqual([aminaOrder]);
    expect(await bidIds(agent, 'status=pending')).toEqual([aminaBid.id, moussaBid.id]);
    expect(await bidIds(agent, `status=pending&farmer=${moussa.user.id}`)).toEqual([moussaBid.id]);

    // A farmer the agent does not represent (nor the agent themself) is refused, whatever the farmer's data.
    for (const url of [
      `/api/orders?farmer=${stranger.user.id}`,
      `/api/orders?as=buyer&farmer=${stranger.user.id}`,
      `/api/orders?farmer=${agent.user.id}`,
      `/api/bids?farmer=${stranger.user.id}`,
    ]) {
      const res = await send(agent, 'GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'forbidden',
        message: 'You do not represent this farmer (the link must be active)',
      });
    }
    for (const bad of ['abc', '0', '-1', '1.5', '2147483648']) {
      expect((await send(agent, 'GET', `/api/orders?farmer=${bad}`)).statusCode, bad).toBe(400);
      expect((await send(agent, 'GET', `/api/bids?farmer=${bad}`)).statusCode, bad).toBe(400);
    }

    // Once amina ends the link, naming her is refused at once, though her page was read (and cached) before.
    expect((await send(amina, 'DELETE', `/api/agent-links/${aminaLink}`)).statusCode).toBe(204);
    expect((await send(agent, 'GET', `/api/orders?farmer=${amina.user.id}`)).statusCode).toBe(403);
    expect((await send(agent, 'GET', `/api/bids?farmer=${amina.user.id}`)).statusCode).toBe(403);
    expect(await orderIds(agent, `farmer=${moussa.user.id}`)).toEqual([moussaOrder]);

    // To anyone else the filter narrows what they see: never another person's orders or bids.
    expect(await orderIds(buyer, `farmer=${stranger.user.id}`)).toEqual([strangerOrder]);
    expect(await orderIds(buyer, `as=buyer&farmer=${amina.user.id}`)).toEqual([aminaOrder]);
    expect(await bidIds(buyer, `status=pending&farmer=${moussa.user.id}`)).toEqual([moussaBid.id]);
    expect(await orderIds(stranger, `farmer=${amina.user.id}`)).toEqual([]);
    expect(await orderIds(stranger, `farmer=${stranger.user.id}`)).toEqual([strangerOrder]);
    expect(await bidIds(amina, `farmer=${moussa.user.id}`)).toEqual([]);
    expect(await bidIds(amina, `status=pending&farmer=${amina.user.id}`)).toEqual([aminaBid.id]);
    const manager = await userWithRole(t.app, t.ctx, 'manager');
    expect(await orderIds(manager, `farmer=${moussa.user.id}`)).toEqual([moussaOrder]);
  });
});
