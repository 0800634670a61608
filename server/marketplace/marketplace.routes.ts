// Routes of the marketplace: listings, bids, trades, commodity requests and market data (validate → service → present).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams } from '../../contract/common';
import {
  PRICE_WINDOW_DAYS,
  ZBid,
  ZBidDetail,
  ZBidInput,
  ZBidListQuery,
  ZBidUpdate,
  ZCommodity,
  ZCommodityInput,
  ZCommodityListQuery,
  ZCommodityRequest,
  ZCommodityRequestInput,
  ZCommodityRequestUpdate,
  ZCommodityUpdate,
  ZMarketPageQuery,
  ZMarketSummaryItem,
  ZPriceHistoryQuery,
  ZPricePoint,
  ZTrade,
} from '../../contract/marketplace';
import type { TRatingSummary } from '../../contract/ratings';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { AppError } from '../http/errors';
import { requestLanguage } from '../http/i18n';
import { jsonArray, jsonText, sendJson } from '../http/json-body';
import { paginate, setNextCursor } from '../http/pagination';
import { ordersCache } from '../orders/orders-cache';
import { NO_RATINGS, ratingSummaries } from '../ratings/lookups';
import { catalogueRoutes, readerNames } from './catalogue-routes';
import { marketModel } from './market-model';
import {
  presentBid,
  presentBidDetail,
  presentCommodity,
  presentCommodityRequest,
  presentTrade,
} from './marketplace.present';
import {
  answersOf,
  findListing,
  listBids,
  listOpenRequests,
  listOwnListings,
  listPublicListings,
  listTradesOf,
} from './marketplace.repo';
import {
  bidsFilterOf,
  changeListing,
  closeRequest,
  createListing,
  createRequest,
  decideBid,
  ownersActedFor,
  placeBid,
  sweepExpiredBids,
} from './marketplace.service';

const errors = errorResponses(400, 401, 403, 404, 409);

/** The listing's seller's aggregate out of a page's (none read yet: no ratings). */
function sellerRating(ratings: ReadonlyMap<number, TRatingSummary>, row: { commodity: { ownerId: number } }) {
  return ratings.get(row.commodity.ownerId) ?? NO_RATINGS;
}

export function marketplaceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const model = marketModel.of(ctx);
    await app.register(catalogueRoutes(ctx));

    app.get(
      '/api/commodities',
      {
        config: { access: 'user' },
        schema: {
          tags: ['marketplace'],
          querystring: ZCommodityListQuery,
          response: { 200: z.array(ZCommodity), ...errors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const { limit, cursor, mine } = request.query;
        const own = mine === '1' || mine === 'true';
        const lang = requestLanguage(request);
        const nameOf = await readerNames(ctx, lang);
        if (own) {
          const rows = await listOwnListings(ctx.db, await ownersActedFor(ctx, user), limit, cursor);
          const { items, next } = paginate(rows, limit, (r) => `${r.commodity.id}`);
          setNextCursor(reply, next);
          const ratings = await ratingSummaries(
            ctx.db,
            items.map((r) => r.commodity.ownerId),
          );
          return items.map((r) =>
            presentCommodity(
              r.commodity,
              r.sellerUsername,
              r.listedByUsername,
              sellerRating(ratings, r),
              nameOf,
            ),
          );
        }
        // Everyone reading a language sees the same public pages: served from memory until a listing or trade changes.
        const { body, next } = await model.cachedPage(`${lang}|${limit}|${cursor ?? ''}`, async () => {
          const rows = await listPublicListings(ctx.db, limit, cursor);
          const { items, next } = paginate(rows, limit, (r) => `${r.rank}.${r.commodity.id}`);
          // One grouped query for the page's sellers; a rating drops these pages (MarketModel.onEvent).
          const ratings = await ratingSummaries(
            ctx.db,
            items.map((r) => r.commodity.ownerId),
          );
          const texts = items.map((r) =>
            jsonText(
              ZCommodity,
              presentCommodity(
                r.commodity,
                r.sellerUsername,
                r.listedByUsername,
                sellerRating(ratings, r),
                nameOf,
              ),
            ),
          );
          return { body: jsonArray(texts), next };
        });
        setNextCursor(reply, next);
        return sendJson(reply, body);
      },
    );

    app.get(
      '/api/commodities/:id',
      {
        config: { access: 'user' },
        schema: { tags: ['marketplace'], params: ZIdParams, response: { 200: ZCommodity, ...errors } },
      },
      async (request) => {
        const user = requireUser(request);
        const row = await findListing(ctx.db, request.params.id);
        if (!row || (row.commodity.status === 'withdrawn' && row.commodity.ownerId !== user.id)) {
          throw new AppError('notFound', 'marketplace.errors.commodityNotFound');
        }
        const ratings = await ratingSummaries(ctx.db, [row.commodity.ownerId]);
        const nameOf = await readerNames(ctx, requestLanguage(request));
        return presentCommodity(
          row.commodity,
          row.sellerUsername,
          row.listedByUsername,
          sellerRating(ratings, row),
          nameOf,
        );
      },
    );

    app.post(
      '/api/commodities',
      {
        config: { access: 'commodities.create' },
        schema: { tags: ['marketplace'], body: ZCommodityInput, response: { 201: ZCommodity, ...errors } },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const b = request.body;
        const row = await createListing(ctx, {
          user,
          name: b.name,
          quantityKg: b.quantity,
          priceCents: b.price,
          grade: b.grade,
          farmId: b.farmId,
          requestId: b.requestId,
          onBehalfOf: b.onBehalfOf,
        });
        const nameOf = await readerNames(ctx, requestLanguage(request));
        return reply
          .status(201)
          .send(presentCommodity(row.listing, row.ownerUsername, row.listedBy, null, nameOf));
      },
    );

    app.patch(
      '/api/commodities/:id',
      {
        config: { access: 'user' },
        schema: {
          tags: ['marketplace'],
          params: ZIdParams,
          body: ZCommodityUpdate,
          response: { 200: ZCommodity, ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const row = await changeListing(ctx, {
          user,
          id: request.params.id,
          priceCents: request.body.price,
          quantityKg: request.body.quantity,
          grade: request.body.grade,
          status: request.body.status,
        });
        const shown = await findListing(ctx.db, row.id);
        const nameOf = await readerNames(ctx, requestLanguage(request));
        return shown
          ? presentCommodity(shown.commodity, shown.sellerUsername, shown.listedByUsername, null, nameOf)
          : presentCommodity(row, user.username, null, null, nameOf);
      },
    );

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
        await sweepExpiredBids(ctx);
        const { limit, cursor, status, farmer } = request.query;
        const filter = await bidsFilterOf(ctx, user, farmer);
        const rows = await listBids(ctx.db, { ...filter, ...(status ? { status } : {}) }, limit, cursor);
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
          ordersCache.of(ctx).drop();
        }
        return presentBid(bid);
      },
    );

    app.get(
      '/api/trades',
      {
        config: { access: 'user' },
        schema: {
          tags: ['marketplace'],
          querystring: ZMarketPageQuery,
          response: { 200: z.array(ZTrade), ...errors },
        },
      },
      async (request, reply) => {
        const { limit, cursor } = request.query;
        const rows = await listTradesOf(ctx.db, requireUser(request).id, limit, cursor);
        const { items, next } = paginate(rows, limit, (r) => `${r.trade.id}`);
        setNextCursor(reply, next);
        const nameOf = await readerNames(ctx, requestLanguage(request));
        return items.map((r) => presentTrade(r.trade, r.name, nameOf));
      },
    );

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
        const rows = await listOpenRequests(ctx.db, user.role === 'buyer' ? user.id : null, limit, cursor);
        const { items, next } = paginate(rows, limit, (r) => `${r.request.id}`);
        setNextCursor(reply, next);
        const answers = await answersOf(
          ctx.db,
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
        const answers = await answersOf(ctx.db, [row.id]);
        const nameOf = await readerNames(ctx, requestLanguage(request));
        return presentCommodityRequest(row, user.username, answers.get(row.id), nameOf);
      },
    );

    app.get(
      '/api/market/summary',
      {
        config: { access: 'user' },
        schema: {
          tags: ['marketplace'],
          description:
            'One item per market. currentPrice is a robust price, not the last trade: the volume-weighted ' +
            `average of the last ${PRICE_WINDOW_DAYS} days of trades, where one small trade far from the recent ` +
            'median never moves it alone (the rule in full on the field); priceChange applies the same rule 24 h earlier.',
          response: { 200: z.array(ZMarketSummaryItem), ...errors },
        },
      },
      async (request, reply) =>
        sendJson(reply, await model.summaryBody(requireUser(request).id, requestLanguage(request))),
    );

    app.get(
      '/api/market/price-history',
      {
        config: { access: 'user' },
        schema: {
          tags: ['marketplace'],
          querystring: ZPriceHistoryQuery,
          response: { 200: z.array(ZPricePoint), ...errors },
        },
      },
      async (request) => {
        requireUser(request);
        return model.history(request.query.commodity, request.query.days);
      },
    );
  };
}
