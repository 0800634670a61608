// Routes of agents: links between agents and the farmers they represent, and the agent's commission.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams } from '../../contract/common';
import { centsToDecimal } from '../../contract/money';
import { ZAgentLink, ZAgentLinkInput, ZAgentLinkUpdate, ZCommissions } from '../../contract/orders';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import type { AgentLinkView } from './agents.repo';
import { answerLink, commissionsFor, endLink, linksOf, requestLink } from './agents.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['agents'];

function presentLink(v: AgentLinkView) {
  return {
    id: v.link.id,
    agent: { id: v.link.agentId, username: v.agentUsername },
    farmer: { id: v.link.farmerId, username: v.farmerUsername },
    status: v.link.status,
    createdAt: v.link.createdAt.toISOString(),
  };
}

export function agentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/agent-links',
      { config: { access: 'user' }, schema: { tags, response: { 200: z.array(ZAgentLink), ...errors } } },
      async (request) => (await linksOf(ctx, { user: requireUser(request) })).map(presentLink),
    );

    app.post(
      '/api/agent-links',
      {
        config: { access: 'agentLinks.request' },
        schema: { tags, body: ZAgentLinkInput, response: { 201: ZAgentLink, ...errors } },
      },
      async (request, reply) => {
        const link = await requestLink(ctx, { user: requireUser(request), farmerId: request.body.farmerId });
        return reply.code(201).send(presentLink(link));
      },
    );

    app.patch(
      '/api/agent-links/:id',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, body: ZAgentLinkUpdate, response: { 200: ZAgentLink, ...errors } },
      },
      async (request) =>
        presentLink(
          await answerLink(ctx, {
            user: requireUser(request),
            id: request.params.id,
            status: request.body.status,
          }),
        ),
    );

    app.delete(
      '/api/agent-links/:id',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        await endLink(ctx, { user: requireUser(request), id: request.params.id });
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/commissions',
      {
        config: { access: 'commissions.read' },
        schema: { tags, response: { 200: ZCommissions, ...errors } },
      },
      async (request) => {
        const { items, monthCents, allCents } = await commissionsFor(ctx, { user: requireUser(request) });
        return {
          items: items.map((i) => ({
            id: i.commission.id,
            orderId: i.commission.orderId,
            farmer: { id: i.commission.farmerId, username: i.farmerUsername },
            amount: centsToDecimal(i.commission.amountCents),
            createdAt: i.commission.createdAt.toISOString(),
          })),
          totalThisMonth: centsToDecimal(monthCents),
          totalAllTime: centsToDecimal(allCents),
        };
      },
    );
  };
}
