// An agent acts on a farmer's orders only while their link stands: once it ends, every read and action is refused,
// the lists (cached or not) drop the orders, live events and notifications stop, and the marketplace forgets them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBidDetail, TCommodity } from '../../contract/marketplace';
import type { TOrder } from '../../contract/orders';
import { agentSale, linkAgent, sender } from '../test/agent-sale';
import { createFarm, userWithRole } from '../test/factories';
import { createTestApp, noticesDuring, ok, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const send = sender(() => t.app);

const ids = (orders: readonly { id: number }[]) => orders.map((o) => o.id);

/** A farmer with a farm, their active agent, and an order the agent made by accepting a buyer's bid. */
async function representedSale() {
  const farmer = await userWithRole(t.app, t.ctx, 'farmer');
  await createFarm(t.app, farmer);
  const agent = await userWithRole(t.app, t.ctx, 'agent');
  const buyer = await userWithRole(t.app, t.ctx, 'buyer');
  const link = await linkAgent(send, agent, farmer);
  const { listing, order } = await agentSale(send, { farmer, agent, buyer });
  return { farmer, agent, buyer, link, listing, order };
}

describe('an agent whose link with the farmer ended', () => {
  it('can no longer read, list, arrange, hand over, pay, renew, dispute or cancel the farmer’s orders', async () => {
    const { farmer, agent, buyer, link, listing, order } = await representedSale();
    const second = await ok<TOrder>(
      await send(agent, 'POST', `/api/orders/${order.id}/delivery`, { mode: 'pickup' }),
      201,
    );
    expect(second.can.handOver).toBe(true);
    // Read while linked (so the first pages are cached), then the farmer ends the link.
    expect(ids(await ok<TOrder[]>(await send(agent, 'GET', '/api/orders')))).toEqual([order.id]);
    expect(ids(await ok<TOrder[]>(await send(agent, 'GET', '/api/orders?as=agent')))).toEqual([order.id]);
    expect((await send(agent, 'GET', `/api/orders/${order.id}`)).statusCode).toBe(200);
    expect((await send(farmer, 'DELETE', `/api/agent-links/${link.id}`)).statusCode).toBe(204);

    expect(await ok<TOrder[]>(await send(agent, 'GET', '/api/orders'))).toEqual([]);
    expect(await ok<TOrder[]>(await send(agent, 'GET', '/api/orders?as=agent'))).toEqual([]);
    expect(
      await ok<TOrder[]>(await send(agent, 'GET', '/api/orders?as=agent&limit=5&cursor=999999')),
    ).toEqual([]);
    const hidden = [
      send(agent, 'GET', `/api/orders/${order.id}`),
      send(agent, 'PATCH', `/api/deliveries/${second.delivery?.id}`, { status: 'delivered', code: '123456' }),
      send(agent, 'POST', `/api/orders/${order.id}/cancel`, { reason: 'no longer theirs' }),
      send(agent, 'POST', `/api/orders/${order.id}/payments`, { amount: 1, method: 'cash' }),
      send(agent, 'POST', `/api/orders/${order.id}/code`),
      send(agent, 'POST', `/api/orders/${order.id}/dispute`, { reason: 'quality', note: 'x' }),
    ];
    for (const res of await Promise.all(hidden)) {
      expect(res.statusCode, res.body).toBe(404);
    }
    // A delivery arranged anew is the farmer's to arrange, not the former agent's.
    await ok(
      await send(farmer, 'PATCH', `/api/deliveries/${second.delivery?.id}`, {
        status: 'failed',
        note: 'buyer did not come',
      }),
    );
    const arrange = await send(agent, 'POST', `/api/orders/${order.id}/delivery`, { mode: 'pickup' });
    expect(arrange.statusCode, arrange.body).toBe(404);
    // The order itself is untouched and still the farmer's and the buyer's.
    const seen = await ok<TOrder>(await send(farmer, 'GET', `/api/orders/${order.id}`));
    expect(seen.status).toBe('awaiting_delivery');
    expect(seen.can.cancel).toBe(true);
    expect((await send(buyer, 'GET', `/api/orders/${order.id}`)).statusCode).toBe(200);

    // The marketplace: no listing, bid or accept of the farmer's any more.
    const mine = await ok<TCommodity[]>(await send(agent, 'GET', '/api/commodities?mine=1'));
    expect(ids(mine)).not.toContain(listing.id);
    const bid = await ok<{ id: number }>(
      await send(buyer, 'POST', '/api/bids', { commodityId: listing.id, price: 1000, quantity: 1 }),
      201,
    );
    expect(ids(await ok<TBidDetail[]>(await send(agent, 'GET', '/api/bids')))).not.toContain(bid.id);
    expect([403, 404]).toContain(
      (await send(agent, 'PATCH', `/api/bids/${bid.id}`, { status: 'accepted' })).statusCode,
    );
  });

  it('hears no more of the order: no live event and no notification', async () => {
    const { farmer, agent, link, order } = await representedSale();
    const before = await noticesDuring(t, () =>
      send(farmer, 'POST', `/api/orders/${order.id}/payments`, { amount: 10, method: 'cash' }),
    );
    const heard = (notices: typeof before) =>
      notices
        .filter((n) => n.event.type === 'order' && n.event.id === order.id)
        .flatMap((n) => (n.to === '*' ? [] : n.to));
    expect(heard(before)).toContain(agent.user.id);
    const unread = async () =>
      (await ok<{ count: number }>(await send(agent, 'GET', '/api/notifications/unread-count'))).count;
    const unreadBefore = await unread();

    expect((await send(agent, 'DELETE', `/api/agent-links/${link.id}`)).statusCode).toBe(204);
    const after = await noticesDuring(t, async () => {
      await ok(
        await send(farmer, 'POST', `/api/orders/${order.id}/payments`, { amount: 10, method: 'cash' }),
        201,
      );
      await ok(await send(farmer, 'POST', `/api/orders/${order.id}/delivery`, { mode: 'pickup' }), 201);
    });
    expect(heard(after).length).toBeGreaterThan(0);
    expect(heard(after)).not.toContain(agent.user.id);
    expect(await unread()).toBe(unreadBefore);
  });

  it('acts again once the farmer accepts a new link', async () => {
    const { farmer, agent, link, order } = await representedSale();
    expect((await send(farmer, 'DELETE', `/api/agent-links/${link.id}`)).statusCode).toBe(204);
    expect(await ok<TOrder[]>(await send(agent, 'GET', '/api/orders'))).toEqual([]);
    const again = await ok<{ id: number }>(
      await send(agent, 'POST', '/api/agent-links', { farmerId: farmer.user.id }),
      201,
    );
    await ok(await send(farmer, 'PATCH', `/api/agent-links/${again.id}`, { status: 'active' }));
    expect(ids(await ok<TOrder[]>(await send(agent, 'GET', '/api/orders')))).toEqual([order.id]);
    expect((await send(agent, 'GET', `/api/orders/${order.id}`)).statusCode).toBe(200);
  });
});
