// Routes of the caller's phone: its state (proven number, pending code, each channel), asking for a code,
// proving it, removing it; the PIN that confirms writes from it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPhoneCode, ZPhoneInput, ZPhoneStatus } from '../../contract/notifications';
import { ZPinInput } from '../../contract/phone';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { phoneStatus, removePhone, requestCode, verifyCode } from './phone.service';
import { setPin } from './pin.service';

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

    app.put(
      '/api/user/pin',
      {
        config: { access: 'user' },
        schema: { tags, body: ZPinInput, response: { 204: z.null(), ...errorResponses(400, 401, 403, 429) } },
      },
      async (request, reply) => {
        await setPin(ctx.db, { user: requireUser(request), input: request.body, ip: request.ip });
        return reply.code(204).send(null);
      },
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
