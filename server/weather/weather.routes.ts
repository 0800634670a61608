// A farm's weather: its forecast, recent rain against its crops' needs, and the alerts that hold now.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZFarmIdParams } from '../../contract/farms';
import { ZFarmWeather } from '../../contract/weather';
import type { AppContext } from '../context';
import { requireFarm } from '../farms';
import { errorResponses } from '../http/error-responses';
import { weatherFarm } from './weather.repo';
import { farmWeather } from './weather.service';

const errors = errorResponses(400, 401, 403, 404);

export function weatherRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/farms/:id/weather',
      {
        config: { access: 'user', farm: 'farm.read' },
        schema: {
          tags: ['farms'],
          params: ZFarmIdParams,
          response: { 200: ZFarmWeather, ...errors },
        },
      },
      async (request) => {
        // The guard above has checked the caller's membership.
        const farm = await weatherFarm(ctx.db, requireFarm(request).farm.id);
        if (!farm) {
          throw new Error('a farm the guard let through has no owner');
        }
        return farmWeather(ctx, farm);
      },
    );
  };
}
