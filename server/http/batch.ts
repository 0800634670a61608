// POST /api/batch: several writes of the caller's, run one after another through the app itself (so each passes
// the same access, validation, idempotency and rate limit as when sent alone), answered together. A phone's
// outbox sends what it kept offline this way: over slow 3G a round trip is most of a second.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBatchRequest, ZBatchResponse } from '../../contract/batch';
import type { AppContext } from '../context';
import { errorResponses } from './error-responses';

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
        config: { access: 'user' },
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
