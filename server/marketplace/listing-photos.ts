// A listing's photos as stored with it and shown as addresses (picture and thumbnail) on the list and one listing.
import type { TCommodity } from '../../contract/marketplace';
import type { TPhotoRef, TPhotoUpload } from '../../contract/photos';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { type PhotoPair, photoPairsOf, storePhotoPairs } from '../photos';

/** A listing photo's address: its content hash names the bytes, so the answer is cached for a year. */
export const listingPhotoUrl = (listingId: number, hash: string) =>
  `/api/commodities/${listingId}/photos/${hash}`;

const refOf = (listingId: number, pair: PhotoPair): TPhotoRef => ({
  url: listingPhotoUrl(listingId, pair.hash),
  thumb: listingPhotoUrl(listingId, pair.thumbHash),
});

/** The photos of these listings as the API shows them (one query for a whole page). */
export async function listingPhotoRefs(
  db: Tx,
  listingIds: readonly number[],
): Promise<Map<number, TPhotoRef[]>> {
  const pairs = await photoPairsOf(db, 'listing', listingIds);
  return new Map([...pairs].map(([id, list]) => [id, list.map((pair) => refOf(id, pair))]));
}

/** A presented listing with its photos (none: an empty list). */
export function withPhotos(commodity: TCommodity, refs: ReadonlyMap<number, TPhotoRef[]>): TCommodity {
  return { ...commodity, photos: refs.get(commodity.id) ?? [] };
}

/** Stores the photos a new listing is sent with, in its transaction: a refused photo refuses the listing. */
export function storeListingPhotos(
  tx: Tx,
  ctx: AppContext,
  listing: { id: number; uploadedBy: number; photos: readonly TPhotoUpload[] },
): Promise<void> {
  return storePhotoPairs(tx, ctx, {
    ownerKind: 'listing',
    ownerId: listing.id,
    uploadedBy: listing.uploadedBy,
    photos: listing.photos,
  });
}
