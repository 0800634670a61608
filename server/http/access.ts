// Loads the session user on every request and enforces each route's declared access before its handler.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionCache } from '../auth/session-cache';
import { findSession, SESSION_COOKIE, type SessionUser } from '../auth/sessions';
import type { Database } from '../db/client';
import { AppError } from './errors';
import { type Access, can } from './permissions';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export function installAccess(app: FastifyInstance, database: Database, sessions: SessionCache): void {
  app.decorateRequest('user', null);

  // Every API route must say who may call it; a route without a declaration fails at start-up.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      request.user = await sessions.find(token, () => findSession(database.db, token));
    }
  });

  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') {
      return;
    }
    const user = requireUser(request);
    if (access !== 'user' && !can(user.role, access)) {
      throw new AppError('forbidden', 'errors.forbidden');
    }
  });
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) {
    throw new AppError('unauthorized', 'errors.unauthorized');
  }
  return request.user;
}
