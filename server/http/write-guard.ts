// Rules for every state-changing request: same origin, JSON bodies only, and a per-user write rate.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { FixedWindowLimiter } from './rate-limit';
import { addRouteHook, isWriteMethod, isWriteRoute } from './route-hooks';

export const WRITES_PER_MINUTE = 600;

export function installWriteGuard(app: FastifyInstance): void {
  // Only JSON is parsed (plus what a route registers itself, e.g. CSV uploads); form posts get 415.
  app.removeContentTypeParser(['text/plain']);
  const writes = new FixedWindowLimiter(WRITES_PER_MINUTE, 60_000);

  // On write routes only (reads answered from memory pay for no hook they have no use for).
  addRouteHook(app, 'onRequest', isWriteRoute, async (request: FastifyRequest) => {
    if (!isWriteMethod(request.method)) {
      return;
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !sameOrigin(origin, `${request.protocol}://${request.host}`)) {
      throw new AppError('forbidden', 'errors.crossOrigin');
    }
  });

  addRouteHook(app, 'preHandler', isWriteRoute, async (request: FastifyRequest) => {
    if (isWriteMethod(request.method) && request.user) {
      writes.hit(`user:${request.user.id}`);
    }
  });
}

/**
 * Whether an `Origin` header names this server: scheme, host and port all equal (default ports normalised), so
 * an https page may not write to a plain-HTTP server of the same name. `null` and unparsable origins never match.
 */
function sameOrigin(origin: string, self: string): boolean {
  try {
    const theirs = new URL(origin);
    return theirs.origin !== 'null' && theirs.origin === new URL(self).origin;
  } catch {
    return false;
  }
}
