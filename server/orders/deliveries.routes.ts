// Routes of an order's delivery: arranging it, the driver's steps and earnings, and a new hand-over code.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../contract/common';
import { ZDriverEarnings } from '../../contract/delivery-terms';
import { ZArrangeDelivery, ZDeliveryUpdate, ZOrder } from '../../contract/orders';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { arrangeDelivery, moveDelivery, renewCode } from './deliveries.service';
import { driverEarnings } from './driver-earnings';
import type { OrderView } from './order-change';
import { presentOrderView } from './orders-reply';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['orders'];

/** Registered inside the orders routes: their hook drops the cached order pages after each change. */
export function deliveriesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const present = (v: OrderView, viewer: SessionUser) => presentOrderView(ctx, v, viewer);
    app.post(
      '/api/orders/:id/delivery',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, body: ZArrangeDelivery, response: { 201: ZOrder, ...errors } },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const view = await arrangeDelivery(ctx, { user, id: request.params.id, input: request.body });
        return reply.code(201).send(await present(view, user));
      },
    );

    app.get(
      '/api/deliveries/earnings',
      {
        config: { access: 'earnings.read' },
        schema: { tags, response: { 200: ZDriverEarnings, ...errors } },
      },
      async (request) => driverEarnings(ctx.db, requireUser(request).id),
    );

    app.patch(
      '/api/deliveries/:id',
      {
        config: { access: 'user' },
        schema: {
          tags,
          params: ZIdParams,
          body: ZDeliveryUpdate,
          response: { 200: ZOrder, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        const user = requireUser(request);
        return present(
          await moveDelivery(ctx, { user, deliveryId: request.params.id, input: request.body }),
          user,
        );
      },
    );

    app.post(
      '/api/orders/:id/code',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, response: { 200: ZOrder, ...errors } },
      },
      async (request) => {
        const user = requireUser(request);
        return present(await renewCode(ctx, { user, id: request.params.id }), user);
      },
    );
  };
}
