// Builds the Fastify app: plugins, cross-cutting rules, modules and the web app. It does not listen.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
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
import { installErrorHandler, notFoundApi } from './http/error-handler';
import { installIdempotency } from './http/idempotency';
import { installSecurityHeaders } from './http/security-headers';
import { installValidation } from './http/validation';
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
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
  });

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

  registerWeb(app, resolve(config.webDist));
  return app;
}

/** Serves the built web app; any unknown page gets index.html so client routing can take over. */
function registerWeb(app: FastifyInstance, root: string): void {
  const hasWeb = existsSync(join(root, 'index.html'));
  if (hasWeb) {
    app.register(fastifyStatic, {
      root,
      preCompressed: true,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        const immutable = path.includes(`${join(root, 'assets')}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!hasWeb || path.startsWith('/api/') || path === '/api' || request.method !== 'GET') {
      return notFoundApi(request, reply);
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
