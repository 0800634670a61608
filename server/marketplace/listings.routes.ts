// Routes of listings: the public list and one's own, one listing, listing and changing (validate → service → present).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams } from '../../contract/common';
import {
  type TCommodity,
  ZCommodity,
  ZCommodityInput,
  ZCommodityListQuery,
  ZCommodityUpdate,
} from '../../contract/marketplace';
import type { TRatingSummary } from '../../contract/ratings';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { AppError } from '../http/errors';
import { requestLanguage } from '../http/i18n';
import { jsonArray, jsonText, sendJson } from '../http/json-body';
import { paginate, setNextCursor } from '../http/pagination';
import { NO_RATINGS, ratingSummaries } from '../ratings';
import { stockOfListings } from '../stock';
import { readerNames } from './catalogue-routes';
import { sellerCooperatives } from './hooks';
import { listingPhotoRefs, withPhotos } from './listing-photos';
import { marketModel } from './market-model';
import { type NameOf, presentCommodity } from './marketplace.present';
import type { ListingRow } from './marketplace.repo';
import { changeListing, createListing, listingById } from './marketplace.service';
import { ownListingsPage, publicListingsPage } from './marketplace-reads.service';

const errors = errorResponses(400, 401, 403, 404, 409);

/** The listing's seller's aggregate out of a page's (none read yet: no ratings). */
function sellerRating(ratings: ReadonlyMap<number, TRatingSummary>, row: { commodity: { ownerId: number } }) {
  return ratings.get(row.commodity.ownerId) ?? NO_RATINGS;
}

/**
 * A page's listings as the API shows them, with one grouped query for the sellers' ratings (none read yet: no
 * ratings) and one for the photos.
 */
async function presentPage(
  ctx: AppContext,
  items: readonly { commodity: ListingRow; sellerUsername: string; listedByUsername: string | null }[],
  nameOf: NameOf,
): Promise<TCommodity[]> {
  const ids = items.map((r) => r.commodity.id);
  // What is behind each listing does not change while it is listed (a listed lot is not regraded).
  const owners = items.map((r) => r.commodity.ownerId);
  const [ratings, photos, stock, coops] = await Promise.all([
    ratingSummaries(ctx.db, owners),
    listingPhotoRefs(ctx.db, ids),
    stockOfListings(ctx.db, ids),
    sellerCooperatives.call(ctx.db, owners),
  ]);
  return items.map((r) => ({
    ...withPhotos(
      presentCommodity(
        r.commodity,
        r.sellerUsername,
        r.listedByUsername,
        sellerRating(ratings, r),
        nameOf,
        stock.get(r.commodity.id) ?? null,
      ),
      photos,
    ),
    cooperative: coops.get(r.commodity.ownerId) ?? null,
  }));
}

/** Reading listings: a page of them (public or one's own), or one. */
export function listingReadRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
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
          const rows = await ownListingsPage(ctx, user, { limit, cursor });
          const { items, next } = paginate(rows, limit, (r) => `${r.commodity.id}`);
          setNextCursor(reply, next);
          return presentPage(ctx, items, nameOf);
        }
        // Everyone reading a language sees the same public pages: served from memory until a listing or trade changes.
        const { body, next } = await marketModel
          .of(ctx)
          .cachedPage(`${lang}|${limit}|${cursor ?? ''}`, async () => {
            const rows = await publicListingsPage(ctx, { limit, cursor });
            const { items, next } = paginate(rows, limit, (r) => `${r.rank}.${r.commodity.id}`);
            // A rating drops these pages (MarketModel.onEvent), a listing's new photos too (a 'commodity' event).
            const texts = (await presentPage(ctx, items, nameOf)).map((c) => jsonText(ZCommodity, c));
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
        const row = await listingById(ctx, request.params.id);
        if (!row || (row.commodity.status === 'withdrawn' && row.commodity.ownerId !== user.id)) {
          throw new AppError('notFound', 'marketplace.errors.commodityNotFound');
        }
        const [shown] = await presentPage(ctx, [row], await readerNames(ctx, requestLanguage(request)));
        return shown as TCommodity;
      },
    );
  };
}

/** Listing a commodity and changing a listing. */
export function listingWriteRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/commodities',
      {
        config: { access: 'commodities.create' },
        schema: {
          tags: ['marketplace'],
          body: ZCommodityInput,
          response: { 201: ZCommodity, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429) },
        },
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
          lotId: b.lotId,
          photos: b.photos,
        });
        const nameOf = await readerNames(ctx, requestLanguage(request));
        const photos = await listingPhotoRefs(ctx.db, [row.listing.id]);
        return reply
          .status(201)
          .send(
            withPhotos(presentCommodity(row.listing, row.ownerUsername, row.listedBy, null, nameOf), photos),
          );
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
        const shown = await listingById(ctx, row.id);
        const nameOf = await readerNames(ctx, requestLanguage(request));
        return shown
          ? presentCommodity(shown.commodity, shown.sellerUsername, shown.listedByUsername, null, nameOf)
          : presentCommodity(row, user.username, null, null, nameOf);
      },
    );
  };
}
