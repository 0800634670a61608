// Routes of the caller's phone: its state (proven number, pending code, each channel), asking for a code,
// proving it, removing it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPhoneCode, ZPhoneInput, ZPhoneStatus } from '../../contract/notifications';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { phoneStatus, removePhone, requestCode, verifyCode } from './phone-verification';

const tags = ['notifications'];

export function phoneRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/user/phone',
      {
        config: { access: 'user' },
        schema: { tags, response: { 200: ZPhoneStatus, ...errorResponses(401) } },
      },
      async (request) => phoneStatus(ctx, ctx.db, requireUser(request)),
    );

    app.post(
      '/api/user/phone',
      {
        config: { access: 'user' },
        schema: {
          tags,
          body: ZPhoneInput,
          response: { 202: ZPhoneStatus, ...errorResponses(400, 401, 409, 429) },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await requestCode(ctx, requireUser(request), request.body)),
    );

    app.post(
      '/api/user/phone/verify',
      {
        config: { access: 'user' },
        schema: {
          tags,
          body: ZPhoneCode,
          response: { 200: ZPhoneStatus, ...errorResponses(400, 401, 409, 422) },
        },
      },
      async (request) => verifyCode(ctx, requireUser(request), request.body.code),
    );

    app.delete(
      '/api/user/phone',
      {
        config: { access: 'user' },
        schema: { tags, response: { 200: ZPhoneStatus, ...errorResponses(401) } },
      },
      async (request) => removePhone(ctx, requireUser(request)),
    );
  };
}
