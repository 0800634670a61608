// What Africa's Talking calls for the phone bot: a USSD screen (answered in the request, always `CON`/`END`) and
// an incoming SMS (answered by a reply through the outbound queue). Both carry our key, since AT does not sign.
import type { FastifyPluginAsync } from 'fastify';
import { formOf, installFormParser, sameSecret } from '../channels/callback-form';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { receiveSms, ussdScreen } from './phone.service';
import { say } from './phone-text';

/** A number as the network gives it: E.164. */
const E164 = /^\+[1-9][0-9]{6,14}$/;
/** Characters of an incoming message kept (a concatenated SMS is at most ~1,600; WhatsApp allows 4,096). */
const MAX_MESSAGE_TEXT = 1_600;
const MAX_ID = 200;

const notConfigured = () => new AppError('notFound', 'errors.notFound');

function requireKey(query: unknown, key: string | null | undefined): void {
  if (!key) {
    throw notConfigured();
  }
  if (!sameSecret((query as Record<string, unknown>).key, key)) {
    throw new AppError('unauthorized', 'errors.unauthorized');
  }
}

export function phoneBotRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    installFormParser(app);
    // Anything else is read as no form at all: a USSD request still gets a screen, never a 415.
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));

    app.post(
      '/api/channels/ussd',
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        requireKey(request.query, ctx.config.channels.ussd?.callbackKey);
        const form = formOf(request.body);
        const phoneNumber = (form.phoneNumber ?? '').replace(/\s/g, '');
        const screen =
          E164.test(phoneNumber) && form.sessionId
            ? await ussdScreen(ctx, request.log, {
                sessionId: form.sessionId.slice(0, MAX_ID),
                phoneNumber,
                text: form.text ?? '',
              })
            : `END ${say('en', 'ussd.error')}`;
        return reply.code(200).type('text/plain; charset=utf-8').send(screen);
      },
    );

    app.post(
      '/api/channels/sms/inbound',
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const sms = ctx.config.channels.sms;
        requireKey(request.query, sms?.callbackKey);
        const form = formOf(request.body);
        const from = (form.from ?? '').replace(/\s/g, '');
        const id = form.id ?? '';
        if (!E164.test(from) || id === '' || id.length > MAX_ID) {
          throw new AppError('badRequest', 'errors.badRequest');
        }
        const text = (form.text ?? '').slice(0, MAX_MESSAGE_TEXT);
        await receiveSms(ctx, request.log, { id, from, text });
        return reply.code(200).send();
      },
    );
  };
}
