// Photos uploaded as a pair, the picture and the thumbnail the phone made beside it (listings, lots, posts): both
// checked by their bytes, counted as one upload, at most PHOTOS_PER_ITEM per owner, read back as hash pairs.
import { PHOTO_THUMB_MAX_BYTES, PHOTOS_PER_ITEM, type TPhotoUpload } from '../../contract/photos';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { conflict } from '../http/errors';
import { photoStore } from './photo-store';
import {
  countFullPhotos,
  deletePhotosOfOwner,
  fullPhotosOf,
  insertPhotos,
  type PhotoOwnerKind,
} from './photos.repo';
import { checkPhoto, takeUploadSlots } from './photos.service';

/** A stored picture's hash and its thumbnail's (its own hash when it came without one). */
export interface PhotoPair {
  hash: string;
  thumbHash: string;
}

/**
 * Checks and stores pairs for one owner in the caller's transaction, which holds the owner's lock (so the count
 * of those already stored stays true): refused whole (4xx, nothing stored) for a bad picture or thumbnail, past
 * the uploader's hourly allowance (one slot per pair), or past PHOTOS_PER_ITEM in all (409). A picture the owner
 * already has is kept once. The bytes go where the instance of `ctx` keeps them.
 */
export async function storePhotoPairs(
  tx: Tx,
  ctx: AppContext,
  upload: {
    ownerKind: PhotoOwnerKind;
    ownerId: number;
    uploadedBy: number;
    photos: readonly TPhotoUpload[];
  },
): Promise<void> {
  if (upload.photos.length === 0) {
    return;
  }
  const checked = upload.photos.map((p) => ({
    full: checkPhoto(p.photo),
    thumb: checkPhoto(p.thumb, PHOTO_THUMB_MAX_BYTES),
  }));
  const had = await countFullPhotos(tx, upload.ownerKind, upload.ownerId);
  if (had + checked.length > PHOTOS_PER_ITEM) {
    throw conflict('photos.errors.tooManyOn', { count: PHOTOS_PER_ITEM, left: PHOTOS_PER_ITEM - had });
  }
  await takeUploadSlots(tx, upload.uploadedBy, checked.length);
  const owner = { ownerKind: upload.ownerKind, ownerId: upload.ownerId, uploadedBy: upload.uploadedBy };
  // Pictures first: one the owner already holds (a thumbnail too) is kept once, and a thumbnail whose bytes are the
  // picture's (a picture already small) is that same row.
  const fulls = new Map(checked.map(({ full, thumb }) => [full.hash, { ...full, thumbHash: thumb.hash }]));
  const thumbs = new Map(checked.map(({ thumb }) => [thumb.hash, thumb]));
  // The bytes go to the object store (when there is one) before any row is written.
  const store = photoStore.of(ctx);
  const [fullRows, thumbRows] = await Promise.all([
    store.keepBytes([...fulls.values()].map((full) => ({ ...full, ...owner, variant: 'full' as const }))),
    store.keepBytes(
      [...thumbs.values()]
        .filter((thumb) => !fulls.has(thumb.hash))
        .map((thumb) => ({ ...thumb, ...owner, variant: 'thumb' as const })),
    ),
  ]);
  await insertPhotos(tx, fullRows);
  await insertPhotos(tx, thumbRows);
}

/** The pairs of each owner, in the order they were stored (owners without photos are absent). */
export async function photoPairsOf(
  db: Tx,
  ownerKind: PhotoOwnerKind,
  ownerIds: readonly number[],
): Promise<Map<number, PhotoPair[]>> {
  const out = new Map<number, PhotoPair[]>();
  for (const row of await fullPhotosOf(db, ownerKind, ownerIds)) {
    const pair = { hash: row.hash, thumbHash: row.thumbHash ?? row.hash };
    const list = out.get(row.ownerId);
    if (list) {
      list.push(pair);
    } else {
      out.set(row.ownerId, [pair]);
    }
  }
  return out;
}

/**
 * Drops every photo of an owner that is gone (a deleted post) in the caller's transaction; their objects in the
 * instance's object store, if any, go once the deletion is seen committed.
 */
export async function deletePhotosOf(
  tx: Tx,
  ctx: AppContext,
  ownerKind: PhotoOwnerKind,
  ownerId: number,
): Promise<void> {
  photoStore.of(ctx).forgetBytes({ ownerKind, ownerId }, await deletePhotosOfOwner(tx, ownerKind, ownerId));
}
