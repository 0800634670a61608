// Rules for every state-changing request: same origin, JSON bodies only, and a per-user write rate.
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';
import { FixedWindowLimiter } from './rate-limit';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const WRITES_PER_MINUTE = 600;

export function installWriteGuard(app: FastifyInstance): void {
  // Only JSON is parsed (plus what a route registers itself, e.g. CSV uploads); form posts get 415.
  app.removeContentTypeParser(['text/plain']);
  const writes = new FixedWindowLimiter(WRITES_PER_MINUTE, 60_000);

  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method)) {
      return;
    }
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== 'null') {
      let host: string | null = null;
      try {
        host = new URL(origin).host;
      } catch {
        host = null;
      }
      if (host !== request.host) {
        throw new AppError('forbidden', 'errors.crossOrigin');
      }
    } else if (origin === 'null') {
      throw new AppError('forbidden', 'errors.crossOrigin');
    }
  });

  app.addHook('preHandler', async (request) => {
    if (UNSAFE.has(request.method) && request.user) {
      writes.hit(`user:${request.user.id}`);
    }
  });
}
