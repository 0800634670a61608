// What the mobile-money providers call when a payment changes: MTN (unsigned, so our key is in the URL) and Orange
// (its notif_token). Each is only a hint: the move is asked about with the provider's status call, which alone counts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { installFormParser, sameSecret } from '../channels/callback-form';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { hintFromProvider } from './payments.service';

/** Our references: a UUID (MTN) or Orange's order_id of letters and digits. */
const ZReferenceParams = z.object({ reference: z.string().regex(/^[A-Za-z0-9-]{8,40}$/) });
const ZKeyQuery = z.object({ key: z.string().max(200).optional() });
/** Orange's notification; anything else in it is ignored. */
const ZOrangeNotification = z.looseObject({ notif_token: z.string().max(200).optional() }).optional();

export function paymentCallbackRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    installFormParser(app);

    // MTN calls with PUT (POST accepted too) and the status body, which carries no reference of ours.
    app.route({
      method: ['PUT', 'POST'],
      url: '/api/payments/momo/callback/:reference',
      config: { access: 'public' },
      schema: { hide: true, params: ZReferenceParams, querystring: ZKeyQuery },
      handler: async (request, reply) => {
        const key = ctx.config.payments.callbackKey;
        if (!key || !sameSecret(request.query.key, key)) {
          throw new AppError('unauthorized', 'errors.unauthorized');
        }
        await hintFromProvider(ctx, request.params.reference, (move) => move.provider === 'mtn_momo');
        return reply.code(200).send();
      },
    });

    app.post(
      '/api/payments/orange/notify/:reference',
      {
        config: { access: 'public' },
        schema: { hide: true, params: ZReferenceParams, body: ZOrangeNotification },
      },
      async (request, reply) => {
        const token = request.body?.notif_token;
        // Orange signs nothing: the token it gave at the start must come back with the notification.
        await hintFromProvider(
          ctx,
          request.params.reference,
          (move) =>
            move.provider === 'orange_money' &&
            move.notifToken !== null &&
            sameSecret(token, move.notifToken),
        );
        return reply.code(200).send();
      },
    );
  };
}
