// Turns every failure into `{message, code, issues?}` in the user's language; 5xx never leak details.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { codeForStatus } from '../../contract/error-codes';
import type { TApiError } from '../../contract/errors';
import { describeIssue, issuePath } from '../../contract/validation';
import { AppError, RequestValidationError } from './errors';
import { requestLanguage, translate } from './i18n';

const FASTIFY_KEYS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'errors.malformedJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'errors.emptyBody',
  FST_ERR_CTP_BODY_TOO_LARGE: 'errors.tooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'errors.unsupportedMediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'errors.badRequest',
  FST_ERR_BAD_URL: 'errors.badUrl',
  FST_ERR_MAX_PARAM_LENGTH: 'errors.uriTooLong',
};

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | RequestValidationError, request, reply) => {
    const lang = requestLanguage(request);
    if (error instanceof AppError) {
      reply.headers(error.headers);
      const message = translate(lang, error.key, error.params);
      return send(reply, error.status, {
        message,
        code: error.code,
        ...(error.fields.length > 0 ? { issues: error.fields.map((path) => ({ path, message })) } : {}),
      });
    }
    if (error instanceof RequestValidationError) {
      const issues = error.issues.map((issue) => {
        const ref = describeIssue(issue);
        const path = issuePath(issue.path);
        return { path: path || error.part, message: translate(lang, ref.key, ref.params) };
      });
      const first = issues[0];
      return send(reply, 400, {
        message: first
          ? first.path
            ? `${first.path}: ${first.message}`
            : first.message
          : translate(lang, 'errors.badRequest'),
        code: 'badRequest',
        issues,
      });
    }
    return sendFastifyError(error, request, reply);
  });
}

/** A Fastify error (parser, router, limits) in the app's shape; a 5xx is logged and told generically. */
function sendFastifyError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lang = requestLanguage(request);
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status < 500) {
    const key =
      FASTIFY_KEYS[error.code] ??
      (error instanceof SyntaxError ? 'errors.malformedJson' : `errors.${codeForStatus(status)}`);
    return send(reply, status, { message: translate(lang, key), code: codeForStatus(status) });
  }
  request.log.error({ err: error }, 'request failed');
  return send(reply, 500, { message: translate(lang, 'errors.internal'), code: 'internal' });
}

/**
 * Errors the router raises before any route or hook runs (a path that does not decode, a parameter past its
 * length): Fastify's `frameworkErrors` option, so they answer in the app's shape like every other error.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  sendFastifyError(error, request, reply);
}

/**
 * Requests Node's HTTP parser refuses (malformed, headers too large, too slow): answered on the socket in the
 * app's shape, in English since no header could be read; a reset connection is left alone.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) {
    return;
  }
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const code = codeForStatus(status);
  const answer: TApiError = { message: translate('en', `errors.${code}`), code };
  const body = JSON.stringify(answer);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** While the server closes, new requests get a 503 in the app's shape (Fastify's own is raw). */
export function installClosingGuard(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback hook, not an async one: it runs on every request.
  app.addHook('onRequest', (_request, _reply, done) => {
    if (closing) {
      done(new AppError('unavailable', 'errors.unavailable', {}, { connection: 'close' }));
      return;
    }
    done();
  });
}

export function notFoundApi(request: FastifyRequest, reply: FastifyReply) {
  const lang = requestLanguage(request);
  const path = request.url.split('?')[0] ?? '';
  return send(reply, 404, {
    message: translate(lang, 'errors.routeNotFound', { method: request.method, path }),
    code: 'notFound',
  });
}

function send(reply: FastifyReply, status: number, body: TApiError) {
  return reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}
