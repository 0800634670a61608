// Routes of the commodity catalogue (read by all, edited by managers); requests for kinds and price alerts beside.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCommodityKind,
  ZKindInput,
  ZKindKey,
  ZKindUpdate,
  ZUnmatchedMarket,
} from '../../contract/commodity-kinds';
import type { Language } from '../../contract/constants';
import type { AppContext } from '../context';
import { errorResponses } from '../http/error-responses';
import { requestLanguage } from '../http/i18n';
import { presentKind } from './catalogue';
import { createKind, unmatched, updateKind } from './catalogue.service';
import { marketModel } from './market-model';
import type { NameOf } from './marketplace.present';

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
  };
}
