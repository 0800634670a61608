// POST /api/batch: several writes of the caller's, run one after another through the app itself (so each passes
// the same access, validation, idempotency and rate limit as when sent alone), answered together. A phone's
// outbox sends what it kept offline this way: over slow 3G a round trip is most of a second.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBatchRequest, ZBatchResponse } from '../../contract/batch';
import type { AppContext } from '../context';
import { errorResponses } from './error-responses';
import { AppError } from './errors';
import { addRouteHook, isWriteRoute } from './route-hooks';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false`: never run as one of a batch's writes (the batch itself; signing in, out or up, which would change
     * whose batch it is halfway through). Public routes are never batchable either: a batch is a user's.
     */
    batchable?: boolean;
  }
}

/**
 * Marks the requests a batch makes through the app. A client may send it too, but it only ever refuses more: the
 * batch sets every header of its writes itself, so no write of a batch comes without it.
 */
const BATCH_WRITE_HEADER = 'x-batch-write';

/** Whether a route may run inside a batch, read from its own declaration (never from the path the caller wrote). */
function batchable(config: FastifyRequest['routeOptions']['config']): boolean {
  return config.batchable !== false && config.access !== undefined && config.access !== 'public';
}

/**
 * Refuses a batch's write whose route may not be batched. Decided on the route Fastify resolved, so no spelling
 * of the path (`%62atch`, `./batch`, `x/../batch`, a query string) reaches a route the batch may not run.
 */
export function installBatchGuard(app: FastifyInstance): void {
  addRouteHook(
    app,
    'onRequest',
    (route: RouteOptions) => isWriteRoute(route),
    async (request: FastifyRequest) => {
      if (request.headers[BATCH_WRITE_HEADER] !== undefined && !batchable(request.routeOptions.config)) {
        throw new AppError('badRequest', 'errors.notBatchable');
      }
    },
  );
}

/** An answer after which the rest must wait: sending them now could put them before it. */
const stopsTheBatch = (status: number, retryAfter: string | null) =>
  status === 401 ||
  status === 408 ||
  status === 429 ||
  status >= 500 ||
  (status === 409 && retryAfter !== null);

function parsed(text: string): unknown {
  if (text === '') {
    return null;
  }
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function batchRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/batch',
      {
        config: { access: 'user', batchable: false, idempotency: false },
        schema: {
          tags: ['system'],
          body: ZBatchRequest,
          response: { 200: ZBatchResponse, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request) => {
        const results: { status: number; body: unknown; retryAfter: string | null }[] = [];
        for (const write of request.body.requests) {
          const answer = await app.inject({
            method: write.method,
            url: write.path,
            remoteAddress: request.ip,
            headers: {
              cookie: request.headers.cookie ?? '',
              accept: 'application/json',
              [BATCH_WRITE_HEADER]: '1',
              'idempotency-key': write.idempotencyKey,
              ...(write.body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(write.body === undefined ? {} : { payload: JSON.stringify(write.body) }),
          });
          const retryAfter = answer.headers['retry-after'];
          const after = typeof retryAfter === 'string' ? retryAfter : null;
          results.push({ status: answer.statusCode, body: parsed(answer.body), retryAfter: after });
          if (stopsTheBatch(answer.statusCode, after)) {
            break;
          }
        }
        return { results };
      },
    );
  };
}
