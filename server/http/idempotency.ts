// Idempotency-Key on writes: the same key from the same user within 30 days answers the first result again. The
// window outlasts what a phone keeps in its offline outbox, so a write replayed after weeks without signal is
// still recognised and never applied twice.
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError } from './errors';
import { addRouteHook, isWriteMethod, isWriteRoute } from './route-hooks';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const IDEMPOTENCY_TTL_HOURS = 30 * 24;
/** How often an instance deletes keys past the window (each key is also checked when it is used again). */
const PURGE_EVERY_MS = 60 * 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: string | null;
  }
}

export function installIdempotency(app: FastifyInstance, database: Database): void {
  const { db } = database;
  app.decorateRequest('idempotencyKey', null);
  let purgedAt = 0;

  // On write routes only: a read pays for neither hook.
  addRouteHook(app, 'preHandler', isWriteRoute, async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers['idempotency-key'];
    if (!isWriteMethod(request.method) || header === undefined || !request.user) {
      return;
    }
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY_PATTERN.test(key)) {
      throw new AppError('badRequest', 'errors.idempotencyKey');
    }
    const userId = request.user.id;
    const path = request.url;
    const requestHash = fingerprint(request.method, path, request.body);
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, userId),
          eq(idempotencyKeys.key, key),
          lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`),
        ),
      );
    if (Date.now() - purgedAt > PURGE_EVERY_MS) {
      purgedAt = Date.now();
      await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`));
    }
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ userId, key, method: request.method, path, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) {
      request.idempotencyKey = key;
      return;
    }
    const [first] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    // IETF Idempotency-Key draft: a key reused with another request is refused with 422, never replayed.
    const sameRequest =
      first?.method === request.method &&
      first.path === path &&
      (first.requestHash === null || first.requestHash === requestHash);
    if (!first || !sameRequest) {
      throw new AppError('unprocessable', 'errors.idempotencyMismatch');
    }
    if (first.statusCode === null) {
      // Retry-After tells a client this is "not yet" (the first request with the key is still running), not a
      // refusal it might resend under a new key.
      throw new AppError('conflict', 'errors.idempotencyInProgress', {}, { 'retry-after': '1' });
    }
    reply.header('idempotent-replayed', 'true');
    reply.status(first.statusCode);
    if (first.body) {
      reply.type('application/json; charset=utf-8');
    }
    return reply.send(first.body ?? '');
  });

  addRouteHook(
    app,
    'onSend',
    isWriteRoute,
    async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const key = request.idempotencyKey;
      if (!key || !request.user) {
        return payload;
      }
      request.idempotencyKey = null;
      const where = and(eq(idempotencyKeys.userId, request.user.id), eq(idempotencyKeys.key, key));
      if (reply.statusCode >= 500) {
        // A server fault applied nothing that must be remembered: let the client retry.
        await db.delete(idempotencyKeys).where(where);
      } else {
        await db
          .update(idempotencyKeys)
          .set({ statusCode: reply.statusCode, body: bodyText(payload) })
          .where(where);
      }
      return payload;
    },
  );
}

/** SHA-256 of method, path and the validated body: one key stands for one request. */
function fingerprint(method: string, path: string, body: unknown): string {
  const hash = createHash('sha256').update(method).update('\n').update(path).update('\n');
  hash.update(body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body));
  return hash.digest('hex');
}

function bodyText(payload: unknown): string | null {
  if (typeof payload === 'string') {
    return payload;
  }
  if (Buffer.isBuffer(payload)) {
    return payload.toString('utf8');
  }
  return null;
}
