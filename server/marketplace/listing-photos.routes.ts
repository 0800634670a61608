// Routes of a listing's photos: adding some (its owner or their agent) and serving one by its content hash.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../contract/common';
import { ZCommodity } from '../../contract/marketplace';
import { PHOTO_TYPES, ZPhotoHash, ZPhotosAdd } from '../../contract/photos';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { AppError } from '../http/errors';
import { requestLanguage } from '../http/i18n';
import { readerNames } from './catalogue-routes';
import { listingPhotoRefs, withPhotos } from './listing-photos';
import { addListingPhotos, sendListingPhoto } from './listing-photos.service';
import { presentCommodity } from './marketplace.present';
import { listingById } from './marketplace.service';

const tags = ['marketplace'];

export function listingPhotoRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/commodities/:id/photos',
      {
        config: { access: 'commodities.create' },
        schema: {
          tags,
          description: 'Adds photos (each with its thumbnail) to an open listing: at most 4 in all.',
          params: ZIdParams,
          body: ZPhotosAdd,
          response: { 201: ZCommodity, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429) },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const { id } = request.params;
        await addListingPhotos(ctx, { user, id, photos: request.body.photos });
        const row = await listingById(ctx, id);
        if (!row) {
          throw new AppError('notFound', 'marketplace.errors.commodityNotFound');
        }
        const nameOf = await readerNames(ctx, requestLanguage(request));
        const shown = presentCommodity(row.commodity, row.sellerUsername, row.listedByUsername, null, nameOf);
        return reply.status(201).send(withPhotos(shown, await listingPhotoRefs(ctx.db, [id])));
      },
    );

    // A listing's photo or thumbnail: its content hash is in the address, so the answer is cached for a year.
    app.get(
      '/api/commodities/:id/photos/:hash',
      {
        config: { access: 'user' },
        schema: {
          tags,
          params: ZIdParams.extend({ hash: ZPhotoHash }),
          produces: [...PHOTO_TYPES],
          response: errorResponses(400, 401, 404),
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        await sendListingPhoto(ctx, reply, { user, id: request.params.id, hash: request.params.hash });
        return reply;
      },
    );
  };
}
