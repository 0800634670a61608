// Idempotency-Key on writes: the same key from the same user within 30 days answers the first result again. The
// window outlasts what a phone keeps in its offline outbox, so a write replayed after weeks without signal is
// still recognised and never applied twice.
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { type Database, rowsOf, type Tx } from '../db/client';
import { type HeldTransaction, holdTransaction, runInTransaction } from '../db/request-transaction';
import { idempotencyKeys } from '../db/schema';
import { AppError } from './errors';
import { addRouteHook, isWriteMethod, isWriteRoute } from './route-hooks';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const IDEMPOTENCY_TTL_HOURS = 30 * 24;
/** How often an instance deletes keys past the window (each key is also checked when it is used again). */
const PURGE_EVERY_MS = 60 * 60_000;
/** Second key of the advisory lock's hash: keeps these locks apart from any other use of advisory locks. */
const LOCK_SEED = 27_001;
/** An unanswered key row older than this has no live holder (no request runs that long). */
const ABANDONED_AFTER_MINUTES = 10;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: the route's Idempotency-Key is not its own (a batch: each of its writes carries one). */
    idempotency?: boolean;
  }
  interface FastifyRequest {
    /** The key this request holds, and the transaction its write and its recorded answer commit in. */
    idempotency: { key: string; held: HeldTransaction } | null;
  }
}

type Claim =
  | { state: 'mine' }
  | { state: 'busy' }
  | { state: 'done'; row: typeof idempotencyKeys.$inferSelect };

/**
 * A keyed write runs in one transaction held from here to its answer: the key's row is inserted in it first and
 * gets the answer last, with the write's own changes in between. Nothing marks the key "in progress" outside that
 * transaction, so a process that dies mid-write leaves neither the write nor the key (the retry runs it once),
 * and a live holder is known by the transaction-scoped advisory lock it holds (a duplicate waits with 409).
 */
export function installIdempotency(app: FastifyInstance, database: Database): void {
  app.decorateRequest('idempotency', null);
  const keyed = (route: RouteOptions) => isWriteRoute(route) && route.config?.idempotency !== false;

  // On write routes only: a read pays for none of these hooks.
  addRouteHook(app, 'preHandler', keyed, claimOrReplay(database.db));

  // The rest of the request (its route's hooks, its handler) runs inside the held transaction. A callback hook,
  // since only `done` called from within the transaction's async context carries that context on.
  addRouteHook(
    app,
    'preHandler',
    keyed,
    (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
      const held = request.idempotency?.held;
      if (held) {
        runInTransaction(held, done);
      } else {
        done();
      }
    },
  );

  addRouteHook(app, 'onSend', keyed, keepAnswer);

  // An answer that never went through onSend (hijacked, or the connection gone first) keeps nothing.
  addRouteHook(app, 'onResponse', keyed, async (request: FastifyRequest) => {
    const holding = request.idempotency;
    request.idempotency = null;
    await holding?.held.finish(false);
  });
}

/**
 * The first hook of a keyed write: takes the key in a new held transaction (the request goes on inside it), or
 * answers 409 while another request holds it, or replays the answer the first request with the key got.
 */
function claimOrReplay(db: Database['db']) {
  let purgedAt = 0;
  return async (request: FastifyRequest, reply: FastifyReply) => {
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
    if (Date.now() - purgedAt > PURGE_EVERY_MS) {
      purgedAt = Date.now();
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, expiredBefore()));
    }
    const held = await holdTransaction(db);
    let claim: Claim;
    try {
      claim = await claimKey(held.tx, { userId, key, method: request.method, path, requestHash });
    } catch (error) {
      await held.finish(false);
      throw error;
    }
    if (claim.state === 'mine') {
      request.idempotency = { key, held };
      return;
    }
    await held.finish(false);
    if (claim.state === 'busy') {
      // Retry-After tells a client this is "not yet" (the first request with the key is still running), not a
      // refusal it might resend under a new key.
      throw new AppError('conflict', 'errors.idempotencyInProgress', {}, { 'retry-after': '1' });
    }
    const first = claim.row;
    reply.header('idempotent-replayed', 'true');
    reply.status(first.statusCode ?? 200);
    if (first.body) {
      reply.type('application/json; charset=utf-8');
    }
    return reply.send(first.body ?? '');
  };
}

/** The answer of a keyed write is kept with its key, and both commit with the write (a 5xx keeps neither). */
async function keepAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const holding = request.idempotency;
  if (!holding || !request.user) {
    return payload;
  }
  request.idempotency = null;
  const { held, key } = holding;
  if (reply.statusCode >= 500) {
    // A server fault: its changes and the key go together, and the client may retry.
    await held.finish(false);
    return payload;
  }
  try {
    await held.tx
      .update(idempotencyKeys)
      .set({ statusCode: reply.statusCode, body: bodyText(payload) })
      .where(and(eq(idempotencyKeys.userId, request.user.id), eq(idempotencyKeys.key, key)));
  } catch (error) {
    await held.finish(false);
    throw error;
  }
  // A failed COMMIT throws here: the answer becomes a 500, never a success that was not kept.
  await held.finish(true);
  return payload;
}

function expiredBefore() {
  return sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`;
}

interface KeyedRequest {
  userId: number;
  key: string;
  method: string;
  path: string;
  requestHash: string;
}

/**
 * Takes the key for this request inside `tx`, or says who has it. The advisory lock is released with `tx`
 * (commit, rollback or a dead connection), so it is held exactly while a live request is working on the key.
 */
async function claimKey(tx: Tx, request: KeyedRequest): Promise<Claim> {
  const { userId, key } = request;
  const [lock] = rowsOf<{ locked: boolean }>(
    await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtextextended(${`${userId}:${key}`}, ${LOCK_SEED})) as locked`,
    ),
  );
  if (!lock?.locked) {
    return { state: 'busy' };
  }
  const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  await tx.delete(idempotencyKeys).where(and(where, lt(idempotencyKeys.createdAt, expiredBefore())));
  const row = { userId, key, method: request.method, path: request.path, requestHash: request.requestHash };
  const inserted = await tx
    .insert(idempotencyKeys)
    .values(row)
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) {
    return { state: 'mine' };
  }
  const [first] = await tx.select().from(idempotencyKeys).where(where);
  // IETF Idempotency-Key draft: a key reused with another request is refused with 422, never replayed.
  const sameRequest =
    first?.method === request.method &&
    first.path === request.path &&
    (first.requestHash === null || first.requestHash === request.requestHash);
  if (!first || !sameRequest) {
    throw new AppError('unprocessable', 'errors.idempotencyMismatch');
  }
  if (first.statusCode !== null) {
    return { state: 'done', row: first };
  }
  // A row without an answer was committed by an earlier release that marked keys outside the write's transaction:
  // its holder is gone once it is older than any request lives, and the key is taken over.
  const abandoned = await tx
    .update(idempotencyKeys)
    .set({ ...row, createdAt: sql`now()` })
    .where(
      and(
        where,
        isNull(idempotencyKeys.statusCode),
        lt(idempotencyKeys.createdAt, sql`now() - make_interval(mins => ${ABANDONED_AFTER_MINUTES})`),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return abandoned.length > 0 ? { state: 'mine' } : { state: 'busy' };
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
