// Agents through the real server: an agent asks to represent a farmer, the farmer answers, either side ends the link;
// who sees which link; the commission list an agent reads. (The whole represented trade, listing to books, is proven
// in orders.api.test.ts; an ended link's effect on orders in agent-link-end.api.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAgentLink, TCommissions } from '../../contract/agents';
import { agentSale, linkAgent, sender } from '../test/agent-sale';
import { completeOrder } from '../test/completed-order';
import { userWithRole } from '../test/factories';
import { createTestApp, noticesDuring, ok, type Session, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const send = sender(() => t.app);

const asked = (agent: Session, farmer: Session) =>
  send(agent, 'POST', '/api/agent-links', { farmerId: farmer.user.id });
const linksSeenBy = async (who: Session) => ok<TAgentLink[]>(await send(who, 'GET', '/api/agent-links'));

/** A farmer and an agent whose request the farmer accepted. */
async function linked() {
  const farmer = await userWithRole(t.app, t.ctx, 'farmer');
  const agent = await userWithRole(t.app, t.ctx, 'agent');
  const link = await linkAgent(send, agent, farmer);
  return { farmer, agent, link };
}

describe('agent links', () => {
  it('an agent asks (pending, names both sides); only the farmer answers, and only once', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    const outsider = await userWithRole(t.app, t.ctx, 'agent');
    const link = await ok<TAgentLink>(await asked(agent, farmer), 201);
    expect(link).toMatchObject({
      agent: { id: agent.user.id, username: agent.user.username },
      farmer: { id: farmer.user.id, username: farmer.user.username },
      status: 'pending',
    });
    expect(Number.isNaN(Date.parse(link.createdAt))).toBe(false);
    expect((await asked(agent, farmer)).statusCode).toBe(409);

    const url = `/api/agent-links/${link.id}`;
    expect((await send(agent, 'PATCH', url, { status: 'active' })).statusCode).toBe(403);
    expect((await send(outsider, 'PATCH', url, { status: 'active' })).statusCode).toBe(404);
    expect((await send(farmer, 'PATCH', url, { status: 'maybe' })).statusCode).toBe(400);
    const answered = await ok<TAgentLink>(await send(farmer, 'PATCH', url, { status: 'active' }));
    expect(answered).toMatchObject({ id: link.id, status: 'active' });
    expect((await send(farmer, 'PATCH', url, { status: 'declined' })).statusCode).toBe(409);
    expect((await asked(agent, farmer)).statusCode).toBe(409);
  });

  it('is asked of farmers only, and only by agents', async () => {
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    expect((await asked(agent, buyer)).statusCode).toBe(400);
    expect((await send(agent, 'POST', '/api/agent-links', { farmerId: 2_000_000_000 })).statusCode).toBe(400);
    expect((await asked(buyer, farmer)).statusCode).toBe(403);
    expect((await asked(farmer, farmer)).statusCode).toBe(403);
    expect(await linksSeenBy(farmer)).toEqual([]);
  });

  it('may be asked again after a decline', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    const link = await ok<TAgentLink>(await asked(agent, farmer), 201);
    const declined = await ok<TAgentLink>(
      await send(farmer, 'PATCH', `/api/agent-links/${link.id}`, { status: 'declined' }),
    );
    expect(declined.status).toBe('declined');
    const again = await ok<TAgentLink>(await asked(agent, farmer), 201);
    expect(again.status).toBe('pending');
    expect((await linksSeenBy(farmer)).map((l) => [l.agent.id, l.status])).toEqual([
      [agent.user.id, 'pending'],
    ]);
  });

  it('is shown to its two sides only, and each change is told to them live', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    const otherAgent = await userWithRole(t.app, t.ctx, 'agent');
    let link = { id: 0 };
    const notices = await noticesDuring(t, async () => {
      link = await ok<TAgentLink>(await asked(agent, farmer), 201);
    });
    const told = notices.find((n) => n.event.type === 'agent_link' && n.event.id === link.id);
    expect(told?.to).toEqual(expect.arrayContaining([agent.user.id, farmer.user.id]));
    expect(told?.to).not.toContain(otherAgent.user.id);

    expect((await linksSeenBy(agent)).map((l) => l.id)).toEqual([link.id]);
    expect((await linksSeenBy(farmer)).map((l) => l.id)).toEqual([link.id]);
    expect(await linksSeenBy(otherAgent)).toEqual([]);
  });

  it('is ended by either side (the agent may withdraw a request); anyone else gets 404', async () => {
    const { farmer, agent, link } = await linked();
    const outsider = await userWithRole(t.app, t.ctx, 'farmer');
    const url = `/api/agent-links/${link.id}`;
    expect((await send(outsider, 'DELETE', url)).statusCode).toBe(404);
    expect((await send(farmer, 'DELETE', url)).statusCode).toBe(204);
    expect(await linksSeenBy(agent)).toEqual([]);
    expect(await linksSeenBy(farmer)).toEqual([]);
    expect((await send(agent, 'DELETE', url)).statusCode).toBe(404);

    const request = await ok<TAgentLink>(await asked(agent, farmer), 201);
    expect((await send(agent, 'DELETE', `/api/agent-links/${request.id}`)).statusCode).toBe(204);
    expect(await linksSeenBy(farmer)).toEqual([]);
  });
});

describe('commissions', () => {
  it('are read by agents only; an agent who earned none sees none', async () => {
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    expect(await ok<TCommissions>(await send(agent, 'GET', '/api/commissions'))).toEqual({
      items: [],
      totalThisMonth: 0,
      totalAllTime: 0,
    });
    for (const role of ['farmer', 'buyer', 'delivery'] as const) {
      const other = await userWithRole(t.app, t.ctx, role);
      expect((await send(other, 'GET', '/api/commissions')).statusCode, role).toBe(403);
    }
  });

  it('list what the agent earned on a represented sale once it completes, to that agent only', async () => {
    const { farmer, agent } = await linked();
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const { listing, order } = await agentSale(send, { farmer, agent, buyer });
    // Nothing is earned before the order completes.
    expect((await ok<TCommissions>(await send(agent, 'GET', '/api/commissions'))).items).toEqual([]);
    await completeOrder(t.app, { farmer, buyer, listing, order });

    const earned = (order.total * t.ctx.config.agentCommissionPercent) / 100;
    const list = await ok<TCommissions>(await send(agent, 'GET', '/api/commissions'));
    expect(list.items).toEqual([
      {
        id: expect.any(Number),
        orderId: order.id,
        farmer: { id: farmer.user.id, username: farmer.user.username },
        amount: earned,
        createdAt: expect.any(String),
      },
    ]);
    expect(list.totalThisMonth).toBe(earned);
    expect(list.totalAllTime).toBe(earned);
    const otherAgent = await userWithRole(t.app, t.ctx, 'agent');
    expect((await ok<TCommissions>(await send(otherAgent, 'GET', '/api/commissions'))).items).toEqual([]);
  });
});
