// Adding photos to a listing (its owner or their agent) and serving them to whoever may see the listing (a withdrawn
// one: its owner only).
import type { FastifyReply } from 'fastify';
import type { TPhotoUpload } from '../../contract/photos';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { AppError, conflict } from '../http/errors';
import { sendPhoto } from '../photos';
import { storeListingPhotos } from './listing-photos';
import { marketWrite } from './market-write';
import { mayChangeListing } from './marketplace.policy';
import { findListing, lockListing } from './marketplace.repo';
import { actsForOwner } from './marketplace.service';

const photoNotFound = () => new AppError('notFound', 'photos.errors.notFound');

/**
 * Adds photos to a listing still open, by its owner or their agent (anyone else: 403, as for a change), at most
 * PHOTOS_PER_ITEM in all; the listing row is locked so two uploads cannot both fill the last place.
 */
export async function addListingPhotos(
  ctx: AppContext,
  options: { user: SessionUser; id: number; photos: readonly TPhotoUpload[] },
): Promise<void> {
  await marketWrite(
    ctx,
    async (tx) => {
      const listing = await lockListing(tx, options.id);
      if (!listing) {
        throw new AppError('notFound', 'marketplace.errors.commodityNotFound');
      }
      const refused = mayChangeListing(await actsForOwner(tx, options.user, listing));
      if (refused) {
        throw refused;
      }
      if (listing.status === 'sold' || listing.status === 'withdrawn') {
        throw conflict('marketplace.errors.listingClosed');
      }
      await storeListingPhotos(tx, ctx, {
        id: listing.id,
        uploadedBy: options.user.id,
        photos: options.photos,
      });
      await ctx.bus.publish(tx, { type: 'commodity', id: listing.id }, 'public');
    },
    'listings',
  );
}

/**
 * Sends a listing's photo to a signed-in user who may see the listing: every listing but a withdrawn one, which
 * only its owner sees (as GET /api/commodities/:id). Anyone else, and a hash the listing has no photo under: 404.
 */
export async function sendListingPhoto(
  ctx: AppContext,
  reply: FastifyReply,
  options: { user: SessionUser; id: number; hash: string },
): Promise<void> {
  const row = await findListing(ctx.db, options.id);
  if (!row || (row.commodity.status === 'withdrawn' && row.commodity.ownerId !== options.user.id)) {
    throw photoNotFound();
  }
  if (
    !(await sendPhoto(ctx, reply, {
      ownerKind: 'listing',
      ownerIds: [row.commodity.id],
      hash: options.hash,
    }))
  ) {
    throw photoNotFound();
  }
}
