// Where photos' bytes live: in their database row (PHOTO_STORE=database, the default) or in an S3-compatible object
// store (PHOTO_STORE=s3), the row then keeping everything else (owner, type, hash: one truth for who may see it) and
// no bytes. Written object first, then the row (an object without a row is harmless; a row without bytes is not);
// a row deleted, its object is deleted once the deletion is seen committed (best effort, logged).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { hashesStillHeld, type PhotoOwnerKind } from './photos.repo';
import { type ObjectStore, ObjectStoreUnavailable, s3ObjectStore } from './s3-store';
import { sha256Hex } from './sigv4';

interface ActiveStore {
  store: ObjectStore;
  db: Db;
  log: FastifyBaseLogger;
}

/**
 * The object store of each app instance that uses one. The photo functions are called with a transaction, not with
 * their instance, so the one they use is the last instance built that is still open: every instance of a deployment
 * has the same configuration, and API test files, which share a process, build and close theirs one after another.
 */
const instances = new Map<AppContext, ActiveStore>();
const active = (): ActiveStore | null => [...instances.values()].at(-1) ?? null;

/** Sets this instance's store from its configuration (the photos module does it as the instance is built). */
export function openPhotoStore(ctx: AppContext, log: FastifyBaseLogger): void {
  if (ctx.config.photoStore) {
    instances.set(ctx, { store: s3ObjectStore(ctx.config.photoStore), db: ctx.db, log });
  }
}

export function closePhotoStore(ctx: AppContext): void {
  instances.delete(ctx);
}

/** The row's `bytes` when they are in the object store (a real image is never empty). */
const IN_OBJECT_STORE = new Uint8Array(0);

/** An object's key: its owner and content hash (two owners of one picture each have their own object). */
const objectKey = (ownerKind: PhotoOwnerKind, ownerId: number, hash: string) =>
  `photos/${ownerKind}/${ownerId}/${hash}`;

/** Answered while the store cannot be reached: the client tries again later (the write stored nothing). */
const unavailable = (key: 'photos.errors.storeWrite' | 'photos.errors.storeRead') =>
  new AppError('unavailable', key, {}, { 'retry-after': '60' });

interface PhotoBytes {
  ownerKind: PhotoOwnerKind;
  ownerId: number;
  hash: string;
  mime: string;
  bytes: Uint8Array;
}

/**
 * The rows to insert, their bytes put in the object store first when there is one (the rows then carry none). A
 * store that cannot take them refuses the write with 503 before any row is written.
 */
export async function keepBytes<R extends PhotoBytes>(rows: readonly R[]): Promise<R[]> {
  const on = active();
  if (!on || rows.length === 0) {
    return [...rows];
  }
  try {
    await Promise.all(
      rows.map((r) => on.store.put(objectKey(r.ownerKind, r.ownerId, r.hash), r.bytes, r.mime)),
    );
  } catch (error) {
    if (error instanceof ObjectStoreUnavailable) {
      on.log.error({ err: error }, 'photo store: the photos could not be written; the upload is refused');
      throw unavailable('photos.errors.storeWrite');
    }
    throw error;
  }
  return rows.map((r) => ({ ...r, bytes: IN_OBJECT_STORE }));
}

/** A stored photo's bytes: from its row, or from the object store; null when the store has lost them. */
export async function bytesOf(row: Omit<PhotoBytes, 'mime'>): Promise<Uint8Array | null> {
  if (row.bytes.length > 0) {
    return row.bytes;
  }
  const on = active();
  if (!on) {
    // A row written while PHOTO_STORE=s3, read by a server started without it.
    throw unavailable('photos.errors.storeRead');
  }
  const key = objectKey(row.ownerKind, row.ownerId, row.hash);
  let bytes: Uint8Array | null;
  try {
    bytes = await on.store.get(key);
  } catch (error) {
    if (error instanceof ObjectStoreUnavailable) {
      on.log.error({ err: error }, 'photo store: a photo could not be read');
      throw unavailable('photos.errors.storeRead');
    }
    throw error;
  }
  if (bytes === null || sha256Hex(bytes) !== row.hash) {
    on.log.error({ key, found: bytes !== null }, 'photo store: a photo row has no object, or another one');
    return null;
  }
  return bytes;
}

// ─── Deleting objects after their rows ───────────────────────────────────────

/** When the rows are looked for again: a deletion not yet seen committed is looked at later, then given up on. */
const SWEEP_DELAYS_MS = [250, 2_000, 15_000, 60_000];
/**
 * Runs outside any request's async context: a request may hold one transaction across itself
 * (db/request-transaction.ts), and the look must be made from outside it, where an uncommitted deletion still
 * shows the row.
 */
const outsideRequests = AsyncLocalStorage.snapshot();

/**
 * Deletes the objects of rows just deleted (in the caller's transaction), once the deletion is seen committed: a
 * row still there (not yet committed, rolled back, or the picture stored again) keeps its object. Best effort: a
 * failure is logged and leaves an orphan object, which is harmless.
 */
export function forgetBytes(
  owner: { ownerKind: PhotoOwnerKind; ownerId: number },
  hashes: readonly string[],
): void {
  const on = active();
  if (on && hashes.length > 0) {
    outsideRequests(() => sweep(on, owner, hashes, 0));
  }
}

function sweep(
  on: ActiveStore,
  owner: { ownerKind: PhotoOwnerKind; ownerId: number },
  hashes: readonly string[],
  attempt: number,
): void {
  const run = async () => {
    const held = new Set(await hashesStillHeld(on.db, owner.ownerKind, owner.ownerId, hashes));
    await Promise.all(
      hashes
        .filter((hash) => !held.has(hash))
        .map((hash) =>
          on.store.delete(objectKey(owner.ownerKind, owner.ownerId, hash)).catch((error: unknown) => {
            on.log.warn({ err: error, hash }, 'photo store: a deleted photo’s object is left behind');
          }),
        ),
    );
    const left = hashes.filter((hash) => held.has(hash));
    if (left.length > 0 && attempt + 1 < SWEEP_DELAYS_MS.length) {
      sweep(on, owner, left, attempt + 1);
    } else if (left.length > 0) {
      on.log.info(
        { ...owner, hashes: left },
        'photo store: photos deleted then kept (rolled back, or stored again)',
      );
    }
  };
  setTimeout(() => {
    run().catch((error: unknown) => {
      on.log.warn({ err: error, ...owner }, 'photo store: the objects of deleted photos are left behind');
    });
  }, SWEEP_DELAYS_MS[attempt]).unref();
}
