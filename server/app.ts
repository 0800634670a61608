// Builds the Fastify app: plugins, cross-cutting rules, modules and the web app. It does not listen.
import { resolve } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ZHealth } from '../contract/auth';
import { authRoutes } from './auth/auth.routes';
import { sessionCache } from './auth/session-cache';
import type { AppContext } from './context';
import { eventsRoutes } from './events/events.routes';
import { farmDataRoutes } from './farms/farm-data.routes';
import { farmsRoutes } from './farms/farms.routes';
import { financeRoutes } from './finance/finance.routes';
import { installAccess } from './http/access';
import {
  clientErrorHandler,
  frameworkErrors,
  installClosingGuard,
  installErrorHandler,
} from './http/error-handler';
import { installIdempotency } from './http/idempotency';
import { installJsonParser } from './http/json-parser';
import { installSecurityHeaders } from './http/security-headers';
import { installValidation } from './http/validation';
import { registerWeb } from './http/web-app';
import { installWriteGuard } from './http/write-guard';
import { marketplaceRoutes } from './marketplace/marketplace.routes';
import { networkRoutes } from './network/network.routes';
import { usersRoutes } from './users/users.routes';

export const BODY_LIMIT = 1024 * 1024;

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    // Closing, router and HTTP-parser errors answer in the app's error shape, not Fastify's raw one.
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
    routerOptions: { maxParamLength: 200 },
  });
  installClosingGuard(app);

  installJsonParser(app);
  installValidation(app);
  installErrorHandler(app);
  await app.register(cookie);
  installSecurityHeaders(app, { hsts: config.nodeEnv === 'production' });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  installAccess(app, ctx.database, sessionCache(ctx.bus));
  installWriteGuard(app);
  installIdempotency(app, ctx.database);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Terroir API',
        version: '1.0.0',
        description: 'Marketplace, network, farms and finances.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        response: { 200: ZHealth },
      },
    },
    async () => {
      await ctx.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: ctx.database.kind };
    },
  );
  await app.register(authRoutes(ctx));
  eventsRoutes(app, ctx.bus);
  // Module routes (one line each):
  await app.register(farmDataRoutes(ctx));
  await app.register(financeRoutes(ctx));
  await app.register(marketplaceRoutes(ctx));
  await app.register(networkRoutes(ctx));
  await app.register(usersRoutes(ctx));
  await app.register(farmsRoutes(ctx));

  registerWeb(app, resolve(config.webDist), ctx.db);
  return app;
}
