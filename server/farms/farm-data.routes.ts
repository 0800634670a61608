// A farm's data routes: sensor readings and devices (with the CSV parser in their own scope), surveys, analytics.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { analyticsRoutes } from './analytics.routes';
import { sensorsRoutes } from './sensors.routes';

export function farmDataRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    await app.register(sensorsRoutes(ctx));
    await app.register(analyticsRoutes(ctx));
  };
}
