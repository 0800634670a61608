// A farm's data routes: sensor readings (with the CSV parser in their own scope), devices, surveys, analytics.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { analyticsRoutes } from './analytics/analytics.routes';
import { devicesRoutes } from './devices/devices.routes';
import { deviceReadingsRoutes, sensorsRoutes } from './sensors/sensors.routes';
import { surveysRoutes } from './surveys/surveys.routes';

export function farmDataRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    await app.register(sensorsRoutes(ctx));
    await app.register(deviceReadingsRoutes(ctx));
    await app.register(devicesRoutes(ctx));
    await app.register(surveysRoutes(ctx));
    await app.register(analyticsRoutes(ctx));
  };
}
