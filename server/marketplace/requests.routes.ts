// Routes of commodity requests: asking, reading the open ones with their answers, closing (validate → service → present).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams } from '../../contract/common';
import {
  ZCommodityRequest,
  ZCommodityRequestInput,
  ZCommodityRequestUpdate,
  ZMarketPageQuery,
} from '../../contract/marketplace';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { requestLanguage } from '../http/i18n';
import { paginate, setNextCursor } from '../http/pagination';
import { readerNames } from './catalogue-routes';
import { presentCommodityRequest } from './marketplace.present';
import { openRequestsPage, requestAnswers } from './marketplace-reads.service';
import { closeRequest, createRequest } from './requests.service';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Commodity requests: a buyer asks, everyone reads the open ones, the buyer closes theirs. */
export function requestsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/commodity-requests',
      {
        config: { access: 'commodityRequests.create' },
        schema: {
          tags: ['marketplace'],
          body: ZCommodityRequestInput,
          response: { 201: ZCommodityRequest, ...errors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const b = request.body;
        const row = await createRequest(ctx, {
          user,
          commodityName: b.commodityName,
          quantityKg: b.quantity,
          targetPriceCents: b.targetPrice,
          grade: b.grade,
          description: b.description,
          deliveryTimeline: b.deliveryTimeline,
        });
        const nameOf = await readerNames(ctx, requestLanguage(request));
        return reply.status(201).send(presentCommodityRequest(row, user.username, [], nameOf));
      },
    );

    app.get(
      '/api/commodity-requests',
      {
        config: { access: 'user' },
        schema: {
          tags: ['marketplace'],
          querystring: ZMarketPageQuery,
          response: { 200: z.array(ZCommodityRequest), ...errors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const { limit, cursor } = request.query;
        const rows = await openRequestsPage(ctx, user, { limit, cursor });
        const { items, next } = paginate(rows, limit, (r) => `${r.request.id}`);
        setNextCursor(reply, next);
        const answers = await requestAnswers(
          ctx,
          items.map((r) => r.request.id),
        );
        const nameOf = await readerNames(ctx, requestLanguage(request));
        return items.map((r) =>
          presentCommodityRequest(r.request, r.buyerUsername, answers.get(r.request.id), nameOf),
        );
      },
    );

    app.patch(
      '/api/commodity-requests/:id',
      {
        config: { access: 'user' },
        schema: {
          tags: ['marketplace'],
          params: ZIdParams,
          body: ZCommodityRequestUpdate,
          response: { 200: ZCommodityRequest, ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const row = await closeRequest(ctx, { user, id: request.params.id });
        const answers = await requestAnswers(ctx, [row.id]);
        const nameOf = await readerNames(ctx, requestLanguage(request));
        return presentCommodityRequest(row, user.username, answers.get(row.id), nameOf);
      },
    );
  };
}
