// Builds the Fastify app: plugins, cross-cutting rules, modules and the web app. It does not listen.

import { resolve } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ZHealth } from '../contract/auth';
import { ZDeploymentConfig } from '../contract/config';
import { setDeploymentCurrency } from '../contract/money';
import { presentedAccount, sessionFinder } from './auth';
import { deploymentConfig } from './config';
import type { AppContext, CoreContext } from './context';
import { keepCurrency } from './db/deployment';
import { sessionStillValid } from './http/access';
import { batchRoutes, installBatchGuard } from './http/batch';
import {
  clientErrorHandler,
  frameworkErrors,
  installClosingGuard,
  installErrorHandler,
} from './http/error-handler';
import { installIdempotency } from './http/idempotency';
import { installJsonParser } from './http/json-parser';
import { eventsRoutes } from './http/live-events.routes';
import { installRequestLog } from './http/request-log';
import { installSecurityHeaders } from './http/security-headers';
import { installValidation } from './http/validation';
import { registerWeb } from './http/web-app';
import { installWriteGuard } from './http/write-guard';
import { MODULES } from './modules';

export const BODY_LIMIT = 1024 * 1024;

/**
 * Builds one app instance on the core (database, bus, configuration) from the module list: each module's hooks for
 * the modules below it, its request hooks, its routes, then its background work. What a module holds in memory is
 * built from the context the first time it is asked for. Answers the app and its context; nothing listens yet.
 */
export async function buildApp(core: CoreContext): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  // The deployment's currency: kept by the database, and the decimals every amount is read and answered with.
  await keepCurrency(core.db, core.config.currency.code);
  setDeploymentCurrency(core.config.currency.code, core.config.currency.digits);
  const ctx: AppContext = { ...core, held: new Map() };
  for (const module of MODULES) {
    for (const filling of module.fills ?? []) {
      filling.apply();
    }
  }
  const { config } = ctx;
  const app = Fastify({
    logger: { level: config.logLevel },
    // One line per answered request (installRequestLog), not Fastify's two (received, then answered).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    // Closing, router and HTTP-parser errors answer in the app's error shape, not Fastify's raw one.
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
    routerOptions: { maxParamLength: 200 },
  });
  installClosingGuard(app);
  installRequestLog(app);

  installJsonParser(app);
  installValidation(app);
  installErrorHandler(app);
  await app.register(cookie);
  installSecurityHeaders(app, { hsts: config.nodeEnv === 'production' });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  for (const module of MODULES) {
    module.install?.(app, ctx);
  }
  installWriteGuard(app);
  installIdempotency(app, ctx.database);
  installBatchGuard(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Terroir API',
        version: '1.0.0',
        description: 'Marketplace, network, farms and finances.',
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
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
  app.get(
    '/api/config',
    { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: ZDeploymentConfig } } },
    async () => deploymentConfig(config),
  );
  eventsRoutes(app, ctx.bus, sessionStillValid(sessionFinder(ctx)));
  for (const module of MODULES) {
    for (const routes of module.routes ?? []) {
      await app.register(routes(ctx));
    }
  }
  await app.register(batchRoutes(ctx));

  registerWeb(app, resolve(config.webDist), (id) => presentedAccount(ctx.db, id), deploymentConfig(config));
  for (const module of MODULES) {
    module.start?.(ctx);
  }
  app.addHook('onClose', async () => {
    for (const module of [...MODULES].reverse()) {
      await module.stop?.(ctx);
    }
  });
  return { app, ctx };
}
