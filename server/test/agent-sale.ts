// Test helpers for agents acting for farmers: a caller's request as one session, a link the farmer accepted, and a
// sale the agent made for the farmer (listed on their behalf, a buyer's bid accepted by the agent).
import type { FastifyInstance } from 'fastify';
import type { TAgentLink } from '../../contract/agents';
import type { TCommodity } from '../../contract/marketplace';
import type { TOrder } from '../../contract/orders';
import { call, ok, type Session } from './harness';

export type Send = (
  who: Session,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => ReturnType<typeof call>;

/** A request as `who`, with a JSON body when one is given. */
export function sender(app: () => FastifyInstance): Send {
  return (who, method, url, payload) =>
    call(app(), who.cookie, { method, url, ...(payload ? { payload } : {}) });
}

/** The agent asks to represent the farmer and the farmer accepts: the active link. */
export async function linkAgent(send: Send, agent: Session, farmer: Session): Promise<TAgentLink> {
  const link = await ok<TAgentLink>(
    await send(agent, 'POST', '/api/agent-links', { farmerId: farmer.user.id }),
    201,
  );
  await ok(await send(farmer, 'PATCH', `/api/agent-links/${link.id}`, { status: 'active' }));
  return link;
}

/** The agent lists 5 t of cocoa for the farmer, the buyer bids for 2 t at 1,000, the agent accepts: its order. */
export async function agentSale(
  send: Send,
  parties: { farmer: Session; agent: Session; buyer: Session },
): Promise<{ listing: TCommodity; order: TOrder }> {
  const { farmer, agent, buyer } = parties;
  const listing = await ok<TCommodity>(
    await send(agent, 'POST', '/api/commodities', {
      name: 'Cocoa',
      quantity: 5,
      price: 1000,
      grade: 'B',
      onBehalfOf: farmer.user.id,
    }),
    201,
  );
  const bid = await ok<{ id: number }>(
    await send(buyer, 'POST', '/api/bids', { commodityId: listing.id, price: 1000, quantity: 2 }),
    201,
  );
  await ok(await send(agent, 'PATCH', `/api/bids/${bid.id}`, { status: 'accepted' }));
  const [order] = await ok<TOrder[]>(await send(agent, 'GET', '/api/orders?as=agent'));
  if (!order) {
    throw new Error('the agent sees no order');
  }
  return { listing, order };
}
