// GET /api/dashboard: the signed-in user's own figures.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDashboard } from '../../contract/users';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { presentDashboard } from './dashboard.present';
import { dashboardFigures } from './dashboard.service';

export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/dashboard',
      {
        config: { access: 'user' },
        schema: { tags: ['users'], response: { 200: ZDashboard, ...errorResponses(401) } },
      },
      async (request) => presentDashboard(await dashboardFigures(ctx, { user: requireUser(request) })),
    );
  };
}
