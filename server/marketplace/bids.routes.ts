// Routes of bids: placing one, reading those one may see, and deciding one (validate → service → present).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams } from '../../contract/common';
import { ZBid, ZBidDetail, ZBidInput, ZBidListQuery, ZBidUpdate } from '../../contract/marketplace';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { requestLanguage } from '../http/i18n';
import { paginate, setNextCursor } from '../http/pagination';
import { ratingSummaries } from '../ratings';
import { readerNames } from './catalogue-routes';
import { ordersStale } from './hooks';
import { presentBid, presentBidDetail } from './marketplace.present';
import { decideBid, placeBid } from './marketplace.service';
import { bidsPage } from './marketplace-reads.service';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Bids: placed by buyers, decided by the listing's side (an accept opens an order), read by their parties. */
export function bidsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/bids',
      {
        config: { access: 'bids.create' },
        schema: { tags: ['marketplace'], body: ZBidInput, response: { 201: ZBid, ...errors } },
      },
      async (request, reply) => {
        const row = await placeBid(ctx, {
          user: requireUser(request),
          commodityId: request.body.commodityId,
          priceCents: request.body.price,
          quantityKg: request.body.quantity,
        });
        return reply.status(201).send(presentBid(row));
      },
    );

    app.get(
      '/api/bids',
      {
        config: { access: 'user' },
        schema: {
          tags: ['marketplace'],
          querystring: ZBidListQuery,
          response: { 200: z.array(ZBidDetail), ...errors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const { limit } = request.query;
        const rows = await bidsPage(ctx, user, request.query);
        const { items, next } = paginate(rows, limit, (r) => `${r.bid.id}`);
        setNextCursor(reply, next);
        const ratings = await ratingSummaries(
          ctx.db,
          items.flatMap((r) => [r.bid.buyerId, r.commodity.ownerId]),
        );
        const nameOf = await readerNames(ctx, requestLanguage(request));
        return items.map((r) => presentBidDetail(r, ratings, nameOf));
      },
    );

    app.patch(
      '/api/bids/:id',
      {
        config: { access: 'user' },
        schema: {
          tags: ['marketplace'],
          params: ZIdParams,
          body: ZBidUpdate,
          response: { 200: ZBid, ...errors },
        },
      },
      async (request) => {
        const { bid, trade } = await decideBid(ctx, {
          user: requireUser(request),
          id: request.params.id,
          status: request.body.status,
        });
        if (trade) {
          // An accepted bid opened an order: this instance's cached order pages go now (others hear its event).
          ordersStale.call(ctx);
        }
        return presentBid(bid);
      },
    );
  };
}
