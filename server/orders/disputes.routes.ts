// Routes of an order's dispute: opening it, the seller's reply and its photos, and a manager's resolution.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../contract/common';
import { ZDisputeInput, ZDisputeReply, ZDisputeResolution, ZOrder } from '../../contract/orders';
import { ZPhotoHash } from '../../contract/photos';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import type { OrderView } from './order-change';
import { openDispute, replyToDispute, resolveDispute, sendDisputePhoto } from './orders.service';
import { presentOrderView } from './orders-reply';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['orders'];

/** Registered inside the orders routes: their hook drops the cached order pages after each change. */
export function disputesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const present = (v: OrderView, viewer: SessionUser) => presentOrderView(ctx, v, viewer);
    app.post(
      '/api/orders/:id/dispute',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, body: ZDisputeInput, response: { 201: ZOrder, ...errors } },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const view = await openDispute(ctx, { user, id: request.params.id, input: request.body });
        return reply.code(201).send(await present(view, user));
      },
    );

    app.post(
      '/api/orders/:id/dispute/reply',
      {
        config: { access: 'user' },
        schema: {
          tags,
          params: ZIdParams,
          body: ZDisputeReply,
          response: { 201: ZOrder, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429) },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const view = await replyToDispute(ctx, { user, id: request.params.id, input: request.body });
        return reply.code(201).send(await present(view, user));
      },
    );

    // A dispute's photo: its content hash is in the address, so the answer is cached for a year (privately).
    app.get(
      '/api/orders/:id/photos/:hash',
      {
        config: { access: 'user' },
        schema: {
          tags,
          params: ZIdParams.extend({ hash: ZPhotoHash }),
          produces: ['image/jpeg', 'image/png', 'image/webp'],
          response: errors,
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        await sendDisputePhoto(ctx, reply, { user, id: request.params.id, hash: request.params.hash });
        return reply;
      },
    );

    app.patch(
      '/api/orders/:id/dispute',
      {
        config: { access: 'orders.resolveDisputes' },
        schema: { tags, params: ZIdParams, body: ZDisputeResolution, response: { 200: ZOrder, ...errors } },
      },
      async (request) => {
        const user = requireUser(request);
        return present(await resolveDispute(ctx, { user, id: request.params.id, input: request.body }), user);
      },
    );
  };
}
