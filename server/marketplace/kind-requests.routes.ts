// Routes of requests for a commodity kind the catalogue lacks: a seller asks ("add mine"), managers read and close.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZKindRequest, ZKindRequestInput } from '../../contract/commodity-kinds';
import { ZIdParams } from '../../contract/common';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { closeKindRequest, kindRequests, requestKind } from './catalogue.service';

const errors = errorResponses(400, 401, 403, 404, 409);

export function kindRequestsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/commodity-kind-requests',
      {
        config: { access: 'commodities.create' },
        schema: {
          tags: ['marketplace'],
          body: ZKindRequestInput,
          response: { 201: ZKindRequest, ...errors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const row = await requestKind(ctx, { user, name: request.body.name, note: request.body.note });
        return reply.status(201).send({
          id: row.id,
          name: row.name,
          note: row.note,
          requestedBy: row.requestedBy,
          requestedByUsername: user.username,
          createdAt: row.createdAt.toISOString(),
        });
      },
    );

    app.get(
      '/api/commodity-kind-requests',
      {
        config: { access: 'catalogue.manage' },
        schema: { tags: ['marketplace'], response: { 200: z.array(ZKindRequest), ...errors } },
      },
      async () =>
        (await kindRequests(ctx)).map(({ request, username }) => ({
          id: request.id,
          name: request.name,
          note: request.note,
          requestedBy: request.requestedBy,
          requestedByUsername: username,
          createdAt: request.createdAt.toISOString(),
        })),
    );

    app.delete(
      '/api/commodity-kind-requests/:id',
      {
        config: { access: 'catalogue.manage' },
        schema: { tags: ['marketplace'], params: ZIdParams, response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        await closeKindRequest(ctx, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
