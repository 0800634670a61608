// Routes of the commodity catalogue (read by all, edited by managers, "add mine" asked by sellers) and price alerts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCommodityKind,
  ZKindInput,
  ZKindKey,
  ZKindRequest,
  ZKindRequestInput,
  ZKindUpdate,
  ZPriceAlert,
  ZPriceAlertInput,
  ZUnmatchedMarket,
} from '../../contract/commodity-kinds';
import { ZIdParams } from '../../contract/common';
import type { Language } from '../../contract/constants';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { requestLanguage } from '../http/i18n';
import { presentKind } from './catalogue';
import {
  closeKindRequest,
  createKind,
  kindRequests,
  requestKind,
  unmatched,
  updateKind,
} from './catalogue.service';
import { marketModel } from './market-model';
import type { NameOf } from './marketplace.present';
import { listAlerts, presentAlert, removeAlert, setAlert } from './price-alerts';

const errors = errorResponses(400, 401, 403, 404, 409);

/** How a reader in `lang` names markets, from this instance's catalogue. */
export async function readerNames(ctx: AppContext, lang: Language): Promise<NameOf> {
  const catalogue = await marketModel.of(ctx).catalogue.get();
  return (key, fallback) => catalogue.nameOf(key, lang, fallback);
}

export function catalogueRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/commodity-kinds',
      {
        config: { access: 'user' },
        schema: { tags: ['marketplace'], response: { 200: z.array(ZCommodityKind), ...errors } },
      },
      async (request) => {
        const lang = requestLanguage(request);
        const catalogue = await marketModel.of(ctx).catalogue.get();
        return catalogue.kinds
          .map((kind) => presentKind(kind, lang))
          .sort((a, b) => a.name.localeCompare(b.name, lang));
      },
    );

    app.post(
      '/api/commodity-kinds',
      {
        config: { access: 'catalogue.manage' },
        schema: { tags: ['marketplace'], body: ZKindInput, response: { 201: ZCommodityKind, ...errors } },
      },
      async (request, reply) =>
        reply.status(201).send(presentKind(await createKind(ctx, request.body), requestLanguage(request))),
    );

    app.patch(
      '/api/commodity-kinds/:key',
      {
        config: { access: 'catalogue.manage' },
        schema: {
          tags: ['marketplace'],
          params: z.object({ key: ZKindKey }),
          body: ZKindUpdate,
          response: { 200: ZCommodityKind, ...errors },
        },
      },
      async (request) =>
        presentKind(await updateKind(ctx, request.params.key, request.body), requestLanguage(request)),
    );

    app.get(
      '/api/commodity-kinds/unmatched',
      {
        config: { access: 'catalogue.manage' },
        schema: {
          tags: ['marketplace'],
          description:
            'Market names of listings, requests and trades that no catalogue kind matches, most used first.',
          response: { 200: z.array(ZUnmatchedMarket), ...errors },
        },
      },
      async () => unmatched(ctx),
    );

    app.post(
      '/api/commodity-kind-requests',
      {
        config: { access: 'commodities.create' },
        schema: {
          tags: ['marketplace'],
          body: ZKindRequestInput,
          response: { 201: ZKindRequest, ...errors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const row = await requestKind(ctx, { user, name: request.body.name, note: request.body.note });
        return reply.status(201).send({
          id: row.id,
          name: row.name,
          note: row.note,
          requestedBy: row.requestedBy,
          requestedByUsername: user.username,
          createdAt: row.createdAt.toISOString(),
        });
      },
    );

    app.get(
      '/api/commodity-kind-requests',
      {
        config: { access: 'catalogue.manage' },
        schema: { tags: ['marketplace'], response: { 200: z.array(ZKindRequest), ...errors } },
      },
      async () =>
        (await kindRequests(ctx)).map(({ request, username }) => ({
          id: request.id,
          name: request.name,
          note: request.note,
          requestedBy: request.requestedBy,
          requestedByUsername: username,
          createdAt: request.createdAt.toISOString(),
        })),
    );

    app.delete(
      '/api/commodity-kind-requests/:id',
      {
        config: { access: 'catalogue.manage' },
        schema: { tags: ['marketplace'], params: ZIdParams, response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        await closeKindRequest(ctx, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/price-alerts',
      {
        config: { access: 'user' },
        schema: { tags: ['marketplace'], response: { 200: z.array(ZPriceAlert), ...errors } },
      },
      async (request) => {
        const catalogue = await marketModel.of(ctx).catalogue.get();
        const lang = requestLanguage(request);
        return (await listAlerts(ctx, requireUser(request).id)).map((row) =>
          presentAlert(row, catalogue, lang),
        );
      },
    );

    app.post(
      '/api/price-alerts',
      {
        config: { access: 'user' },
        schema: {
          tags: ['marketplace'],
          description:
            'Tell me when this commodity (any of its names) passes this price per ton: once per crossing of the ' +
            'market price (the rule on /api/market/summary), upwards or downwards.',
          body: ZPriceAlertInput,
          response: { 201: ZPriceAlert, ...errors },
        },
      },
      async (request, reply) => {
        const row = await setAlert(ctx, {
          userId: requireUser(request).id,
          commodity: request.body.commodity,
          priceCents: request.body.price,
        });
        const catalogue = await marketModel.of(ctx).catalogue.get();
        return reply.status(201).send(presentAlert(row, catalogue, requestLanguage(request)));
      },
    );

    app.delete(
      '/api/price-alerts/:id',
      {
        config: { access: 'user' },
        schema: { tags: ['marketplace'], params: ZIdParams, response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        await removeAlert(ctx, requireUser(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
