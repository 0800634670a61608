// Routes of stores, lots and their movements. Each is open to signed-in users; the services decide what the caller
// keeps or sells and answer 404 for a store or lot they may not see.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams } from '../../contract/common';
import { ZPhotoHash } from '../../contract/photos';
import { kgToTons } from '../../contract/quantity';
import {
  ZLot,
  ZLotDetail,
  ZLotInput,
  ZLotPhotosInput,
  ZLotQuery,
  ZMovementInput,
  ZStockSummary,
  ZStockSummaryQuery,
  ZStore,
  ZStoreInput,
  ZStoreKeeperInput,
} from '../../contract/stock';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { requestLanguage } from '../http/i18n';
import { setNextCursor } from '../http/pagination';
import { commodityCatalogue } from '../notifications';
import { addLotPhotos, createLot, listLots, lotDetail, sendLotPhoto, stockSummary } from './lots.service';
import { recordMovement } from './movements.service';
import { type CropName, presentLot, presentLotDetail, presentStore } from './stock.present';
import { changeKeepers, createStore, listStores } from './stores.service';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** How the caller's language names crops: the catalogue's kind names (Maïs for "maize"), else as typed. */
async function cropNames(ctx: AppContext, request: FastifyRequest): Promise<CropName> {
  const catalogue = await commodityCatalogue.call(ctx);
  const lang = requestLanguage(request);
  return (typed) => catalogue.readerName(lang, typed);
}
const tags = ['stock'];

export function storesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/stores',
      {
        config: { access: 'user' },
        schema: { tags, response: { 200: z.object({ data: z.array(ZStore) }), ...errors } },
      },
      async (request) => ({ data: (await listStores(ctx, requireUser(request))).map(presentStore) }),
    );

    app.post(
      '/api/stores',
      {
        config: { access: 'user' },
        schema: { tags, body: ZStoreInput, response: { 201: ZStore, ...errors } },
      },
      async (request, reply) =>
        reply.code(201).send(presentStore(await createStore(ctx, requireUser(request), request.body))),
    );

    app.post(
      '/api/stores/:id/keepers',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, body: ZStoreKeeperInput, response: { 201: ZStore, ...errors } },
      },
      async (request, reply) => {
        const change = { storeId: request.params.id, userId: request.body.userId, remove: false };
        return reply.code(201).send(presentStore(await changeKeepers(ctx, requireUser(request), change)));
      },
    );

    app.delete(
      '/api/stores/:id/keepers/:userId',
      {
        config: { access: 'user' },
        schema: {
          tags,
          params: ZIdParams.extend({ userId: ZIdParams.shape.id }),
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const change = { storeId: request.params.id, userId: request.params.userId, remove: true };
        await changeKeepers(ctx, requireUser(request), change);
        return reply.code(204).send(null);
      },
    );
  };
}

export function lotsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/lots',
      {
        config: { access: 'user' },
        schema: {
          tags,
          querystring: ZLotQuery,
          response: { 200: z.object({ data: z.array(ZLot) }), ...errors },
        },
      },
      async (request, reply) => {
        const page = await listLots(ctx, requireUser(request), request.query);
        setNextCursor(reply, page.next);
        const named = await cropNames(ctx, request);
        return { data: page.answers.map((answer) => presentLot(answer, named)) };
      },
    );

    app.get(
      '/api/lots/summary',
      {
        config: { access: 'user' },
        schema: { tags, querystring: ZStockSummaryQuery, response: { 200: ZStockSummary, ...errors } },
      },
      async (request) => {
        const summary = await stockSummary(ctx, requireUser(request), request.query.farmer);
        return {
          lots: summary.lots,
          quantity: kgToTons(summary.kg),
          value: summary.valueCents,
          unpriced: summary.unpriced,
        };
      },
    );

    app.post(
      '/api/lots',
      { config: { access: 'user' }, schema: { tags, body: ZLotInput, response: { 201: ZLot, ...errors } } },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            presentLot(
              await createLot(ctx, requireUser(request), request.body),
              await cropNames(ctx, request),
            ),
          ),
    );

    app.get(
      '/api/lots/:id',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, response: { 200: ZLotDetail, ...errors } },
      },
      async (request) =>
        presentLotDetail(
          await lotDetail(ctx, requireUser(request), request.params.id),
          await cropNames(ctx, request),
        ),
    );

    app.post(
      '/api/lots/:id/movements',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, body: ZMovementInput, response: { 201: ZLotDetail, ...errors } },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const lotId = await recordMovement(ctx, user, request.params.id, request.body);
        return reply
          .code(201)
          .send(presentLotDetail(await lotDetail(ctx, user, lotId), await cropNames(ctx, request)));
      },
    );
  };
}

/** A lot's photos: added by whoever keeps or sells it, served to whoever sees it. */
export function lotPhotosRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/lots/:id/photos',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, body: ZLotPhotosInput, response: { 201: ZLot, ...errors } },
      },
      async (request, reply) => {
        const answer = await addLotPhotos(ctx, requireUser(request), request.params.id, request.body.photos);
        return reply.code(201).send(presentLot(answer, await cropNames(ctx, request)));
      },
    );

    // A lot's photo: its content hash is in the address, so the answer is cached for a year (privately).
    app.get(
      '/api/lots/:id/photos/:hash',
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
        const where = { user: requireUser(request), lotId: request.params.id, hash: request.params.hash };
        await sendLotPhoto(ctx, reply, where);
        return reply;
      },
    );
  };
}
