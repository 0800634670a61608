// The photo store: a photo is checked by its bytes (an allowed type, within the size cap), stripped of where it was
// taken, counted against its uploader's hourly allowance, and kept under its content hash. Owners (a dispute's
// reply; listings, lots and posts through photo-pairs.ts) serve each photo only to whoever may see the owner.
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { HOUR_MS } from '../../contract/constants';
import { PHOTO_MAX_BYTES, PHOTO_UPLOADS_PER_HOUR, type PhotoType } from '../../contract/photos';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { AppError } from '../http/errors';
import { takeSharedSlot } from '../http/shared-limit';
import { MalformedImage, sniffImage, stripLocation } from './image-bytes';
import { photoStore } from './photo-store';
import { insertPhotos, type PhotoOwnerKind, photoByHash } from './photos.repo';

/** The shared limit's bucket of photo uploads (keyed by the uploader). */
export const PHOTO_UPLOAD_BUCKET = 'photo-upload';
/** A year: a photo's address names its bytes, so what was fetched once never changes. */
const CACHE_CONTROL = 'private, max-age=31536000, immutable';

export interface CheckedPhoto {
  hash: string;
  mime: PhotoType;
  bytes: Uint8Array;
}

/**
 * One uploaded photo (base64) checked and made safe to keep: refused (415 for no image or another type, 413 past
 * the cap, 400 for a broken file) before anything is stored.
 */
export function checkPhoto(base64: string, maxBytes: number = PHOTO_MAX_BYTES): CheckedPhoto {
  const raw = Buffer.from(base64, 'base64');
  if (raw.length > maxBytes) {
    throw new AppError('payloadTooLarge', 'photos.errors.tooLarge', { kb: maxBytes / 1024 });
  }
  const type = sniffImage(raw);
  if (type === null) {
    throw new AppError('unsupportedMediaType', 'photos.errors.notAnImage');
  }
  if (type === 'other-image') {
    throw new AppError('unsupportedMediaType', 'photos.errors.type');
  }
  let bytes: Uint8Array;
  try {
    bytes = stripLocation(raw, type);
  } catch (error) {
    if (error instanceof MalformedImage) {
      throw new AppError('badRequest', 'photos.errors.broken');
    }
    throw error;
  }
  return { hash: createHash('sha256').update(bytes).digest('hex'), mime: type, bytes };
}

/**
 * Checks and stores the photos of one owner in the caller's transaction, after taking one of the uploader's hourly
 * slots per photo (a 429 when they are spent; a refused write rolls its slots back with it); the bytes go where the
 * instance of `ctx` keeps them. Answers the hashes in the order given, each once.
 */
export async function storePhotos(
  tx: Tx,
  ctx: AppContext,
  upload: { ownerKind: PhotoOwnerKind; ownerId: number; uploadedBy: number; photos: readonly string[] },
): Promise<string[]> {
  const checked = upload.photos.map((photo) => checkPhoto(photo));
  await takeUploadSlots(tx, upload.uploadedBy, checked.length);
  const unique = [...new Map(checked.map((p) => [p.hash, p])).values()];
  const rows = await photoStore.of(ctx).keepBytes(
    unique.map((p) => ({
      ...p,
      ownerKind: upload.ownerKind,
      ownerId: upload.ownerId,
      uploadedBy: upload.uploadedBy,
    })),
  );
  await insertPhotos(tx, rows);
  return unique.map((p) => p.hash);
}

/** Takes `count` of the uploader's hourly slots (one per picture), or refuses with 429 once they are spent. */
export async function takeUploadSlots(tx: Tx, uploadedBy: number, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const wait = await takeSharedSlot(tx, {
      bucket: PHOTO_UPLOAD_BUCKET,
      key: String(uploadedBy),
      limits: [{ count: PHOTO_UPLOADS_PER_HOUR, windowMs: HOUR_MS }],
    });
    if (wait > 0) {
      throw new AppError(
        'rateLimited',
        'photos.errors.uploadLimit',
        { count: PHOTO_UPLOADS_PER_HOUR, minutes: Math.ceil(wait / 60) },
        { 'retry-after': String(wait) },
      );
    }
  }
}

/**
 * Sends the photo of one of `ownerIds` with this hash, cached for a year, or answers false when there is none. The
 * caller has already decided the viewer may see the owner. The bytes come from the row or the object store: the
 * server answers them itself either way (no redirect), so the headers and the access rules are the same.
 */
export async function sendPhoto(
  ctx: AppContext,
  reply: FastifyReply,
  where: { ownerKind: PhotoOwnerKind; ownerIds: readonly number[]; hash: string },
): Promise<boolean> {
  const photo = await photoByHash(ctx.db, where);
  const bytes = photo && (await photoStore.of(ctx).bytesOf({ ...photo, ownerKind: where.ownerKind }));
  if (!photo || !bytes) {
    return false;
  }
  await reply
    .header('content-type', photo.mime)
    .header('cache-control', CACHE_CONTROL)
    .header('etag', `"${photo.hash}"`)
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return true;
}
