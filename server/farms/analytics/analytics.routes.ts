// Routes for a farm's analytics: the overview (GET /analytics) and generating a result.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAnalyticsItem, ZAnalyticsQuery, ZFarmAnalytics, ZGenerateInput } from '../../../contract/farm-data';
import { ZFarmIdParams } from '../../../contract/farms';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/access';
import { errorResponses } from '../../http/error-responses';
import { sendJson } from '../../http/json-body';
import { requireFarm } from '../farm-access';
import { farmPagesCache } from '../farm-pages-cache';
import { farmAnalyticsBody, farmDataJson, presentAnalytics } from './analytics.present';
import { farmAnalyticsOverview, generateAnalytics } from './analytics.service';

const errors = errorResponses(400, 401, 403, 404);

export function analyticsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/farms/:id/analytics',
      {
        config: { access: 'user', farm: 'farm.read' },
        schema: {
          tags: ['farms'],
          params: ZFarmIdParams,
          querystring: ZAnalyticsQuery,
          response: { 200: ZFarmAnalytics, ...errors },
        },
      },
      async (request, reply) => {
        // The guard above has checked the caller's membership; the shared part is cached per farm and query.
        const { farm, role } = requireFarm(request);
        const { query } = request;
        const key = `analytics|${query.type ?? ''}|${query.from ?? ''}|${query.to ?? ''}`;
        const farmData = await farmPagesCache
          .of(ctx)
          .get(farm.id, key, async () => farmDataJson(await farmAnalyticsOverview(ctx, { farm, query })));
        return sendJson(reply, farmAnalyticsBody(farm, role, farmData));
      },
    );

    app.post(
      '/api/farms/:id/analytics/generate',
      {
        config: { access: 'user', farm: 'farm.analytics.generate' },
        schema: {
          tags: ['farms'],
          params: ZFarmIdParams,
          body: ZGenerateInput,
          response: { 201: ZAnalyticsItem, ...errors },
        },
      },
      async (request, reply) => {
        const row = await generateAnalytics(ctx, {
          farm: requireFarm(request).farm,
          type: request.body.type,
          actor: requireUser(request),
        });
        return reply.status(201).send(presentAnalytics(row));
      },
    );
  };
}
