// Routes of orders: the caller's orders, delivery with proof, payments, cancellation, disputes and the operations view.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams } from '../../contract/common';
import { centsToDecimal } from '../../contract/money';
import {
  ZCancelInput,
  ZOperationsSummary,
  ZOrder,
  ZOrderListQuery,
  ZPaymentInput,
} from '../../contract/orders';
import { ORDER_STATUSES } from '../../contract/orders-constants';
import { checkFarmerFilter } from '../agents';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { sendJson } from '../http/json-body';
import { paginate, setNextCursor } from '../http/pagination';
import { readerNames } from '../marketplace';
import { deliveriesRoutes } from './deliveries.routes';
import { disputesRoutes } from './disputes.routes';
import { escrowRoutes } from './escrow.routes';
import type { OrderView } from './order-change';
import { presentOrder } from './orders.present';
import { cancelOrder, getOrder, listOrdersOf, operationsSummary, recordPayment } from './orders.service';
import { ordersCache } from './orders-cache';
import { loadOrdersFirstPage } from './orders-first-page';
import { presentOrderView } from './orders-reply';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['orders'];

/** The operations view's figures as the API gives them: every status counted, amounts in the currency's units. */
function presentOperations(summary: Awaited<ReturnType<typeof operationsSummary>>) {
  const { byStatus, stale, disputesOpen, traded } = summary;
  return {
    ordersByStatus: Object.fromEntries(ORDER_STATUSES.map((s) => [s, byStatus.get(s) ?? 0])) as Record<
      (typeof ORDER_STATUSES)[number],
      number
    >,
    staleDeliveries: stale.map((d) => ({ ...d, since: d.since.toISOString() })),
    openDisputes: disputesOpen,
    traded7d: centsToDecimal(traded.d7),
    traded30d: centsToDecimal(traded.d30),
  };
}

export function ordersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // The module's hooks go in with its routes, before the app serves anything (see orders-hooks).
  return async (app) => {
    const present = (v: OrderView, viewer: SessionUser) => presentOrderView(ctx, v, viewer);
    // Every other route here changes an order: once it has answered (committed), this instance's cached pages go at
    // once; other instances drop them when the transaction's event reaches them.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (request.method !== 'GET') {
        ordersCache.of(ctx).drop();
      }
      done(null, payload);
    });

    app.get(
      '/api/orders',
      {
        config: { access: 'user' },
        schema: { tags, querystring: ZOrderListQuery, response: { 200: z.array(ZOrder), ...errors } },
      },
      async (request, reply) => {
        const user = requireUser(request);
        // Checked on every read, cached page or not: a link that ended elsewhere ends the sight at once.
        await checkFarmerFilter(ctx.db, user, request.query.farmer);
        if (request.query.cursor === undefined) {
          const { body, next } = await ordersCache
            .of(ctx)
            .firstPage(user, request.query, () => loadOrdersFirstPage(ctx, user, request.query));
          setNextCursor(reply, next);
          return sendJson(reply, body);
        }
        const { rows, details } = await listOrdersOf(ctx, { user, query: request.query });
        const { items, next } = paginate(rows, request.query.limit, (r) => r.id);
        setNextCursor(reply, next);
        const nameOf = await readerNames(ctx, user.language);
        return items.map((order) => presentOrder(order, details, user, nameOf));
      },
    );

    app.get(
      '/api/orders/:id',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, response: { 200: ZOrder, ...errors } },
      },
      async (request) => {
        const user = requireUser(request);
        return present(await getOrder(ctx, { user, id: request.params.id }), user);
      },
    );

    app.post(
      '/api/orders/:id/cancel',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, body: ZCancelInput, response: { 200: ZOrder, ...errors } },
      },
      async (request) => {
        const user = requireUser(request);
        return present(
          await cancelOrder(ctx, { user, id: request.params.id, reason: request.body.reason }),
          user,
        );
      },
    );

    app.post(
      '/api/orders/:id/payments',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, body: ZPaymentInput, response: { 201: ZOrder, ...errors } },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const view = await recordPayment(ctx, { user, id: request.params.id, input: request.body });
        return reply.code(201).send(await present(view, user));
      },
    );

    await app.register(deliveriesRoutes(ctx));
    await app.register(disputesRoutes(ctx));
    await app.register(escrowRoutes(ctx));

    app.get(
      '/api/operations/summary',
      {
        config: { access: 'operations.read' },
        schema: { tags, response: { 200: ZOperationsSummary, ...errors } },
      },
      async () => presentOperations(await operationsSummary(ctx)),
    );
  };
}
