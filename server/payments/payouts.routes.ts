// Routes of payouts that wait for a manager: the list, a new try, and one recorded as made by other means.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams } from '../../contract/common';
import { ZPayout, ZPayoutRecordInput, ZWaitingPayout } from '../../contract/payments';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { AppError } from '../http/errors';
import { moveWithPayee } from './moves.repo';
import { presentPayout } from './payments.present';
import { recordPayoutByHand, retryPayout, waitingPayouts } from './payments.service';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const tags = ['payments'];
/** The list is a manager's work queue: its oldest first, at most this many. */
const WAITING_LIMIT = 200;

export function payoutsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  /** The payout again, with its payee's name, as the manager now sees it. */
  async function shown(id: number, viewerId: number) {
    const move = await moveWithPayee(ctx.db, id);
    if (!move) {
      throw new AppError('notFound', 'payments.errors.notFound');
    }
    return presentPayout(move, viewerId, true);
  }

  return async (app) => {
    app.get(
      '/api/operations/payouts',
      {
        config: { access: 'payouts.manage' },
        schema: { tags, response: { 200: z.array(ZWaitingPayout), ...errors } },
      },
      async (request) => {
        const user = requireUser(request);
        return (await waitingPayouts(ctx, WAITING_LIMIT)).map((m) => ({
          ...presentPayout(m, user.id, true),
          orderId: m.orderId,
        }));
      },
    );

    app.post(
      '/api/payouts/:id/retry',
      {
        config: { access: 'payouts.manage' },
        schema: { tags, params: ZIdParams, response: { 200: ZPayout, ...errors } },
      },
      async (request) => {
        const user = requireUser(request);
        const move = await retryPayout(ctx, request.params.id);
        return shown(move.id, user.id);
      },
    );

    app.post(
      '/api/payouts/:id/record',
      {
        config: { access: 'payouts.manage' },
        schema: { tags, params: ZIdParams, body: ZPayoutRecordInput, response: { 200: ZPayout, ...errors } },
      },
      async (request) => {
        const user = requireUser(request);
        const move = await recordPayoutByHand(ctx, user, request.params.id, request.body);
        return shown(move.id, user.id);
      },
    );
  };
}
