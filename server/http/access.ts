// Loads the session user on every request and enforces each route's declared access before its handler.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../../contract/constants';
import { AppError } from './errors';
import { type Access, can, type FarmAction } from './permissions';

/** The cookie that carries a session's token. */
export const SESSION_COOKIE = 'terroir_sid';

/** Who is calling: the signed-in user of a request's session. */
export interface SessionUser {
  id: number;
  username: string;
  role: Role;
  language: 'en' | 'fr';
  sessionId: number;
}

/** The signed-in user a session token stands for now, or null (the auth module answers it). */
export type SessionFinder = (token: string) => Promise<SessionUser | null>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A farm route (`/api/farms/:id/...`): the farm action the caller's farm role must allow (farms/farm-access). */
    farm?: FarmAction;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** One API route and the access it declares (HEAD twins of GET routes left out). */
export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  farm?: FarmAction;
}

const registries = new WeakMap<FastifyInstance, ApiRoute[]>();

/** Every /api route of an app built with installAccess, for the permission-matrix test and the docs. */
export function apiRoutes(app: FastifyInstance): readonly ApiRoute[] {
  return registries.get(app) ?? [];
}

export function installAccess(app: FastifyInstance, findUser: SessionFinder): void {
  app.decorateRequest('user', null);
  const routes: ApiRoute[] = [];
  registries.set(app, routes);

  // Every API route must say who may call it; a route without a declaration fails at start-up.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) {
      return;
    }
    const access = route.config?.access;
    if (!access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access`);
    }
    const farm = route.config?.farm;
    // Every route under /api/farms/:id names its farm action, and no other does: the farm guard reads the farm id
    // from the validated `:id` and needs a signed-in caller.
    if (route.url.startsWith('/api/farms/:id') !== Boolean(farm) || (farm && access !== 'user')) {
      throw new Error(
        `Route ${route.method} ${route.url}: a farm action belongs on each /api/farms/:id route, for users`,
      );
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') {
        routes.push({ method, url: route.url, access, ...(farm ? { farm } : {}) });
      }
    }
  });

  // Before the body is read: a caller who may not use the route never gets it parsed or validated.
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      request.user = await findUser(token);
    }
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

/**
 * Whether the session cookie a request came with still signs in the same user now: false once it was signed out,
 * expired, or ended by a password change (long-lived requests such as live streams ask again).
 */
export function sessionStillValid(findUser: SessionFinder) {
  return async (request: FastifyRequest): Promise<boolean> => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.user) {
      return false;
    }
    const user = await findUser(token);
    return user?.id === request.user.id;
  };
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) {
    throw new AppError('unauthorized', 'errors.unauthorized');
  }
  return request.user;
}
