// Routes of the marketplace: its parts' routes, and trades and market data (validate → service → present).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PRICE_WINDOW_DAYS,
  ZMarketPageQuery,
  ZMarketSummaryItem,
  ZPriceHistoryQuery,
  ZPricePoint,
  ZTrade,
} from '../../contract/marketplace';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { requestLanguage } from '../http/i18n';
import { sendJson } from '../http/json-body';
import { paginate, setNextCursor } from '../http/pagination';
import { bidsRoutes } from './bids.routes';
import { catalogueRoutes, readerNames } from './catalogue-routes';
import { kindRequestsRoutes } from './kind-requests.routes';
import { listingPhotoRoutes } from './listing-photos.routes';
import { listingReadRoutes, listingWriteRoutes } from './listings.routes';
import { marketModel } from './market-model';
import { presentTrade } from './marketplace.present';
import { tradesPage } from './marketplace-reads.service';
import { priceAlertsRoutes } from './price-alerts.routes';
import { requestsRoutes } from './requests.routes';

const errors = errorResponses(400, 401, 403, 404, 409);

export function marketplaceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(catalogueRoutes(ctx));
    await app.register(kindRequestsRoutes(ctx));
    await app.register(priceAlertsRoutes(ctx));
    await app.register(listingReadRoutes(ctx));
    await app.register(listingWriteRoutes(ctx));
    await app.register(listingPhotoRoutes(ctx));
    await app.register(bidsRoutes(ctx));
    await app.register(requestsRoutes(ctx));

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
        const rows = await tradesPage(ctx, requireUser(request), { limit, cursor });
        const { items, next } = paginate(rows, limit, (r) => `${r.trade.id}`);
        setNextCursor(reply, next);
        const nameOf = await readerNames(ctx, requestLanguage(request));
        return items.map((r) => presentTrade(r.trade, r.name, nameOf));
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
        sendJson(
          reply,
          await marketModel.of(ctx).summaryBody(requireUser(request).id, requestLanguage(request)),
        ),
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
        return marketModel.of(ctx).history(request.query.commodity, request.query.days);
      },
    );
  };
}
