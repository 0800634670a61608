// Routes of agents: links between agents and the farmers they represent, and the agent's commission.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAgentLink,
  ZAgentLinkInput,
  ZAgentLinkUpdate,
  ZCommissionStatement,
  ZCommissionStatementQuery,
  ZCommissions,
} from '../../contract/agents';
import { ZIdParams } from '../../contract/common';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { csvOptionsFor, sendCsv, toCsv } from '../http/csv';
import { errorResponses } from '../http/error-responses';
import { requestLanguage } from '../http/i18n';
import { presentCommissions, presentLink } from './agents.present';
import {
  answerLink,
  commissionStatement,
  commissionsFor,
  endLink,
  linksOf,
  requestLink,
} from './agents.service';
import { presentStatement, statementRows } from './commission-statement.present';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['agents'];

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
  };
}

/** Routes of an agent's commissions: the list, the statement and its CSV. */
export function commissionsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/commissions',
      {
        config: { access: 'commissions.read' },
        schema: { tags, response: { 200: ZCommissions, ...errors } },
      },
      async (request) => presentCommissions(await commissionsFor(ctx, { user: requireUser(request) })),
    );

    app.get(
      '/api/commissions/statement',
      {
        config: { access: 'commissions.read' },
        schema: {
          tags,
          description: 'The commission statement of a period (both days included), per farmer and in total.',
          querystring: ZCommissionStatementQuery,
          response: { 200: ZCommissionStatement, ...errors },
        },
      },
      async (request) => {
        const { from, to, farmerId } = request.query;
        const statement = await commissionStatement(ctx, {
          user: requireUser(request),
          from,
          to,
          farmerId: farmerId ?? null,
        });
        return presentStatement(statement, { from, to });
      },
    );

    app.get(
      '/api/commissions/statement.csv',
      {
        config: { access: 'commissions.read' },
        schema: {
          tags,
          description:
            'The same statement as CSV in the reader’s language (a UTF-8 BOM; French: `;` and the decimal comma).',
          querystring: ZCommissionStatementQuery,
        },
      },
      async (request, reply) => {
        const { from, to, farmerId } = request.query;
        const statement = await commissionStatement(ctx, {
          user: requireUser(request),
          from,
          to,
          farmerId: farmerId ?? null,
        });
        const lang = requestLanguage(request);
        const rows = statementRows(presentStatement(statement, { from, to }), ctx.config.currency.code, lang);
        return sendCsv(reply, `commissions-${from}-${to}.csv`, toCsv(rows, csvOptionsFor(lang)));
      },
    );
  };
}
