// Routes of a user's price alerts: reading, setting and removing them.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPriceAlert, ZPriceAlertInput } from '../../contract/commodity-kinds';
import { ZIdParams } from '../../contract/common';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { requestLanguage } from '../http/i18n';
import { marketModel } from './market-model';
import { listAlerts, presentAlert, removeAlert, setAlert } from './price-alerts';

const errors = errorResponses(400, 401, 403, 404, 409);

export function priceAlertsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
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
