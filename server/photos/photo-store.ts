// Where photos' bytes live: in their database row (PHOTO_STORE=database, the default) or in an S3-compatible object
// store (PHOTO_STORE=s3), the row then keeping everything else (owner, type, hash: one truth for who may see it) and
// no bytes. Written object first, then the row (an object without a row is harmless; a row without bytes is not);
// a row deleted, its object is deleted once the deletion is seen committed (best effort, logged). Each app instance
// has its own, built from its configuration; the photo functions are given the instance's context to reach it.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { held } from '../module';
import { hashesStillHeld, type PhotoOwnerKind } from './photos.repo';
import { type ObjectStore, ObjectStoreUnavailable, s3ObjectStore } from './s3-store';
import { sha256Hex } from './sigv4';

type Logger = {
  error: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
};

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

interface PhotoOwner {
  ownerKind: PhotoOwnerKind;
  ownerId: number;
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

// ─── One instance's store ────────────────────────────────────────────────────

/**
 * One app instance's place for photos' bytes: its object store (PHOTO_STORE=s3), or none (the rows keep them). The
 * looks that delete a deleted row's object are its own too, and end when the instance closes (`stop`).
 */
class PhotoStore {
  private log: Logger = console;
  private readonly waiting = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly objects: ObjectStore | null,
    private readonly db: Db,
  ) {}

  /** The app's log, given as the instance is built (the photos module's install): the context carries none. */
  logTo(log: Logger): void {
    this.log = log;
  }

  /**
   * The rows to insert, their bytes put in the object store first when there is one (the rows then carry none). A
   * store that cannot take them refuses the write with 503 before any row is written.
   */
  async keepBytes<R extends PhotoBytes>(rows: readonly R[]): Promise<R[]> {
    const { objects } = this;
    if (!objects || rows.length === 0) {
      return [...rows];
    }
    try {
      await Promise.all(
        rows.map((r) => objects.put(objectKey(r.ownerKind, r.ownerId, r.hash), r.bytes, r.mime)),
      );
    } catch (error) {
      if (error instanceof ObjectStoreUnavailable) {
        this.log.error({ err: error }, 'photo store: the photos could not be written; the upload is refused');
        throw unavailable('photos.errors.storeWrite');
      }
      throw error;
    }
    return rows.map((r) => ({ ...r, bytes: IN_OBJECT_STORE }));
  }

  /** A stored photo's bytes: from its row, or from the object store; null when the store has lost them. */
  async bytesOf(row: Omit<PhotoBytes, 'mime'>): Promise<Uint8Array | null> {
    if (row.bytes.length > 0) {
      return row.bytes;
    }
    if (!this.objects) {
      // A row written while PHOTO_STORE=s3, read by a server started without it.
      throw unavailable('photos.errors.storeRead');
    }
    const key = objectKey(row.ownerKind, row.ownerId, row.hash);
    let bytes: Uint8Array | null;
    try {
      bytes = await this.objects.get(key);
    } catch (error) {
      if (error instanceof ObjectStoreUnavailable) {
        this.log.error({ err: error }, 'photo store: a photo could not be read');
        throw unavailable('photos.errors.storeRead');
      }
      throw error;
    }
    if (bytes === null || sha256Hex(bytes) !== row.hash) {
      this.log.error(
        { key, found: bytes !== null },
        'photo store: a photo row has no object, or another one',
      );
      return null;
    }
    return bytes;
  }

  /**
   * Deletes the objects of rows just deleted (in the caller's transaction), once the deletion is seen committed: a
   * row still there (not yet committed, rolled back, or the picture stored again) keeps its object. Best effort: a
   * failure, or the instance closing first, leaves an orphan object, which is harmless.
   */
  forgetBytes(owner: PhotoOwner, hashes: readonly string[]): void {
    const { objects } = this;
    if (objects && hashes.length > 0) {
      outsideRequests(() => this.sweep(objects, owner, hashes, 0));
    }
  }

  /** Ends the looks still to come and waits for those under way (the instance is closing: its database goes next). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.waiting) {
      clearTimeout(timer);
    }
    this.waiting.clear();
    await Promise.all(this.running);
  }

  private sweep(objects: ObjectStore, owner: PhotoOwner, hashes: readonly string[], attempt: number): void {
    if (this.stopped) {
      return;
    }
    const run = async () => {
      const held = new Set(await hashesStillHeld(this.db, owner.ownerKind, owner.ownerId, hashes));
      await Promise.all(
        hashes
          .filter((hash) => !held.has(hash))
          .map((hash) =>
            objects.delete(objectKey(owner.ownerKind, owner.ownerId, hash)).catch((error: unknown) => {
              this.log.warn({ err: error, hash }, 'photo store: a deleted photo’s object is left behind');
            }),
          ),
      );
      const left = hashes.filter((hash) => held.has(hash));
      if (left.length > 0 && attempt + 1 < SWEEP_DELAYS_MS.length) {
        this.sweep(objects, owner, left, attempt + 1);
      } else if (left.length > 0) {
        this.log.info(
          { ...owner, hashes: left },
          'photo store: photos deleted then kept (rolled back, or stored again)',
        );
      }
    };
    const timer = setTimeout(() => {
      this.waiting.delete(timer);
      const running = run().catch((error: unknown) => {
        this.log.warn({ err: error, ...owner }, 'photo store: the objects of deleted photos are left behind');
      });
      this.running.add(running);
      void running.finally(() => this.running.delete(running));
    }, SWEEP_DELAYS_MS[attempt]);
    timer.unref();
    this.waiting.add(timer);
  }
}

/** This instance's PhotoStore, built from its configuration on first use. */
export const photoStore = held(
  'photos.store',
  (ctx) => new PhotoStore(ctx.config.photoStore ? s3ObjectStore(ctx.config.photoStore) : null, ctx.db),
);
