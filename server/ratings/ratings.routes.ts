// Routes of ratings: rating the other side of a completed order, a user's ratings and record, hiding a note.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../contract/common';
import {
  ratingEditable,
  ZOrderRatings,
  ZRating,
  ZRatingInput,
  ZRatingModeration,
  ZUserRatings,
} from '../../contract/ratings';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { commodityNamer } from './hooks';
import { presentRating } from './ratings.present';
import { moderateRating, rateOrder, ratingsOfOrderFor, userRatings } from './ratings.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['ratings'];

export function ratingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/orders/:id/ratings',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, response: { 200: ZOrderRatings, ...errors } },
      },
      async (request) => {
        const user = requireUser(request);
        const [{ mine, theirs, completed }, names] = await Promise.all([
          ratingsOfOrderFor(ctx, { user, orderId: request.params.id }),
          commodityNamer.call(ctx),
        ]);
        return {
          mine: mine ? presentRating(mine, user, names) : null,
          theirs: theirs ? presentRating(theirs, user, names) : null,
          canRate: completed,
          canEdit: completed && (mine === null || ratingEditable(mine.rating.createdAt, new Date())),
        };
      },
    );

    app.put(
      '/api/orders/:id/rating',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, body: ZRatingInput, response: { 200: ZRating, ...errors } },
      },
      async (request) => {
        const user = requireUser(request);
        const view = await rateOrder(ctx, {
          user,
          orderId: request.params.id,
          score: request.body.score,
          note: request.body.note,
        });
        return presentRating(view, user, await commodityNamer.call(ctx));
      },
    );

    app.get(
      '/api/users/:id/ratings',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, response: { 200: ZUserRatings, ...errors } },
      },
      async (request) => {
        const user = requireUser(request);
        const [found, names] = await Promise.all([
          userRatings(ctx, { userId: request.params.id }),
          commodityNamer.call(ctx),
        ]);
        return { ...found, items: found.items.map((v) => presentRating(v, user, names)) };
      },
    );

    app.patch(
      '/api/ratings/:id',
      {
        config: { access: 'ratings.moderate' },
        schema: { tags, params: ZIdParams, body: ZRatingModeration, response: { 200: ZRating, ...errors } },
      },
      async (request) => {
        const user = requireUser(request);
        return presentRating(
          await moderateRating(ctx, { user, id: request.params.id, hidden: request.body.hidden }),
          user,
          await commodityNamer.call(ctx),
        );
      },
    );
  };
}
