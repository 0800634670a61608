// Builds the Fastify app: plugins, cross-cutting rules, modules and the web app. It does not listen.

import { resolve } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ZHealth } from '../contract/auth';
import { ZDeploymentConfig } from '../contract/config';
import { setDeploymentCurrency } from '../contract/money';
import { agentsRoutes } from './agents/agents.routes';
import { authRoutes } from './auth/auth.routes';
import { SessionCache } from './auth/session-cache';
import { deploymentConfig } from './config';
import type { AppContext } from './context';
import type { CoreContext } from './core-context';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { keepCurrency } from './db/deployment';
import { eventsRoutes } from './events/events.routes';
import { installFarmAccess } from './farms/farm-access';
import { FarmAccessCache } from './farms/farm-access-cache';
import { farmDataRoutes } from './farms/farm-data.routes';
import { FarmPagesCache } from './farms/farm-pages-cache';
import { farmsRoutes } from './farms/farms.routes';
import { financeRoutes } from './finance/finance.routes';
import { installAccess, sessionStillValid } from './http/access';
import { batchRoutes, installBatchGuard } from './http/batch';
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
import { MarketModel } from './marketplace/market-model';
import { marketplaceRoutes } from './marketplace/marketplace.routes';
import { FeedCache } from './network/feed-cache';
import { networkRoutes } from './network/network.routes';
import { InboxCache } from './notifications/inbox-cache';
import { notificationsRoutes } from './notifications/notifications.routes';
import { OutboundWorker } from './notifications/outbound-worker';
import { providerCallbackRoutes } from './notifications/provider-callbacks.routes';
import { ordersRoutes } from './orders/orders.routes';
import { OrdersCache } from './orders/orders-cache';
import { phoneBotRoutes } from './phone/phone.routes';
import { receiveMessage } from './phone/phone.service';
import { ratingsRoutes } from './ratings/ratings.routes';
import { HeldAchievements } from './users/achievements';
import { phoneRoutes } from './users/phone.routes';
import { usersRoutes } from './users/users.routes';

export const BODY_LIMIT = 1024 * 1024;

/**
 * Builds one app instance on the core (database, bus, configuration): first everything it holds in memory, each
 * part kept current by the events it hears, then the HTTP app. Answers both; nothing listens yet.
 */
export async function buildApp(core: CoreContext): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  // The deployment's currency: kept by the database, and the decimals every amount is read and answered with.
  await keepCurrency(core.db, core.config.currency.code);
  setDeploymentCurrency(core.config.currency.code, core.config.currency.digits);
  const market = new MarketModel(core);
  // Notifications name commodities through this instance's catalogue, in each reader's language.
  const commodityNames = () => market.catalogue.get();
  const ctx: AppContext = {
    ...core,
    sessions: new SessionCache(core.bus),
    market,
    feed: new FeedCache(core),
    inbox: new InboxCache(core, commodityNames),
    orders: new OrdersCache(core),
    farmPages: new FarmPagesCache(core.bus),
    farmAccess: new FarmAccessCache(core.bus),
    achievements: new HeldAchievements(),
    outbound: new OutboundWorker(core, commodityNames),
  };
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
  installAccess(app, ctx.database, ctx.sessions);
  installFarmAccess(app, ctx);
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
  await app.register(authRoutes(ctx));
  eventsRoutes(app, ctx.bus, sessionStillValid(ctx.database, ctx.sessions));
  // Module routes (one line each):
  await app.register(farmDataRoutes(ctx));
  await app.register(financeRoutes(ctx));
  await app.register(marketplaceRoutes(ctx));
  await app.register(networkRoutes(ctx));
  await app.register(usersRoutes(ctx));
  await app.register(dashboardRoutes(ctx));
  await app.register(farmsRoutes(ctx));
  await app.register(ordersRoutes(ctx));
  await app.register(agentsRoutes(ctx));
  await app.register(ratingsRoutes(ctx));
  await app.register(notificationsRoutes(ctx));
  await app.register(phoneRoutes(ctx));
  await app.register(
    providerCallbackRoutes(ctx, { onMessage: (message, log) => receiveMessage(ctx, log, message) }),
  );
  await app.register(phoneBotRoutes(ctx));
  await app.register(batchRoutes(ctx));

  registerWeb(app, resolve(config.webDist), ctx.db, deploymentConfig(config));
  ctx.outbound.start();
  app.addHook('onClose', async () => {
    ctx.sessions.stop();
    await ctx.outbound.stop();
  });
  return { app, ctx };
}
