// Routes of an order's mobile money: the buyer pays into escrow, follows the payment, releases the escrow early; and
// the operator's escrow, for managers.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../contract/common';
import { centsToDecimal } from '../../contract/money';
import { ZOrder } from '../../contract/orders';
import { ZMobilePayment, ZMobilePaymentInput, ZOperatorEscrow } from '../../contract/payments';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { readerNames } from '../marketplace';
import { presentMobilePayment } from '../payments';
import { mobilePaymentFor, releaseEscrowNow, startMobilePayment } from './escrow.service';
import { operatorEscrow } from './operator-escrow';
import { presentOrderView } from './orders-reply';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const tags = ['payments'];

export function escrowRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/orders/:id/mobile-payments',
      {
        config: { access: 'user' },
        schema: {
          tags,
          params: ZIdParams,
          body: ZMobilePaymentInput,
          response: { 201: ZMobilePayment, ...errors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const move = await startMobilePayment(ctx, { user, id: request.params.id, input: request.body });
        return reply.code(201).send(presentMobilePayment(move, user.id));
      },
    );

    app.get(
      '/api/mobile-payments/:id',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, response: { 200: ZMobilePayment, ...errors } },
      },
      async (request) => {
        const user = requireUser(request);
        return presentMobilePayment(await mobilePaymentFor(ctx, user, request.params.id), user.id);
      },
    );

    app.post(
      '/api/orders/:id/release',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, response: { 200: ZOrder, ...errors } },
      },
      async (request) => {
        const user = requireUser(request);
        return presentOrderView(ctx, await releaseEscrowNow(ctx, { user, id: request.params.id }), user);
      },
    );

    app.get(
      '/api/operations/escrow',
      {
        config: { access: 'payouts.manage' },
        schema: { tags, response: { 200: ZOperatorEscrow, ...errors } },
      },
      async (request) => {
        const escrow = await operatorEscrow(ctx);
        // Each order's commodity as the catalogue names it in the manager's language (as typed when it has none).
        const nameOf = await readerNames(ctx, requireUser(request).language);
        return {
          held: centsToDecimal(escrow.totals.held),
          owedToSellers: centsToDecimal(escrow.totals.owedToSellers),
          owedToBuyers: centsToDecimal(escrow.totals.owedToBuyers),
          collected: centsToDecimal(escrow.totals.collected),
          paidOut: centsToDecimal(escrow.totals.paidOut),
          refunded: centsToDecimal(escrow.totals.refunded),
          byOrder: escrow.byOrder.map((o) => ({
            orderId: o.orderId,
            commodity: nameOf(o.commodity.marketKey, o.commodity.typed),
            held: centsToDecimal(o.escrow + o.owedToSellers + o.owedToBuyers),
            owedToSellers: centsToDecimal(o.owedToSellers),
            owedToBuyers: centsToDecimal(o.owedToBuyers),
          })),
        };
      },
    );
  };
}
