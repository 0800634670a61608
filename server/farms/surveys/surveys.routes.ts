// Routes for a farm's field surveys: the list, page by page, and recording one.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSurvey, ZSurveyInput } from '../../../contract/farm-data';
import { ZFarmIdParams } from '../../../contract/farms';
import { ZPageQuery } from '../../../contract/pagination';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/access';
import { errorResponses } from '../../http/error-responses';
import { paginate, setNextCursor } from '../../http/pagination';
import { requireFarm } from '../farm-access';
import { presentSurvey } from './surveys.present';
import { recordSurvey, surveysOfFarm } from './surveys.service';

const errors = errorResponses(400, 401, 403, 404);

export function surveysRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/farms/:id/surveys',
      {
        config: { access: 'user', farm: 'farm.read' },
        schema: {
          tags: ['farms'],
          params: ZFarmIdParams,
          querystring: ZPageQuery,
          response: { 200: z.array(ZSurvey), ...errors },
        },
      },
      async (request, reply) => {
        const { farm } = requireFarm(request);
        const { limit, cursor } = request.query;
        const rows = await surveysOfFarm(ctx, farm.id, { limit: limit + 1, cursor });
        const { items, next } = paginate(rows, limit, (row) => row.id);
        setNextCursor(reply, next);
        return items.map(presentSurvey);
      },
    );

    app.post(
      '/api/farms/:id/surveys',
      {
        config: { access: 'user', farm: 'farm.surveys.write' },
        schema: {
          tags: ['farms'],
          params: ZFarmIdParams,
          body: ZSurveyInput,
          response: { 201: ZSurvey, ...errors },
        },
      },
      async (request, reply) => {
        const row = await recordSurvey(ctx, {
          actor: requireUser(request),
          farm: requireFarm(request).farm,
          input: request.body,
        });
        return reply.status(201).send(presentSurvey(row));
      },
    );
  };
}
