// What Africa's Talking calls for the phone bot: a USSD screen (answered in the request, always `CON`/`END`) and
// an incoming SMS (answered by a reply through the outbound queue). Both carry our key, since AT does not sign.
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { PhoneChannel } from '../../contract/notifications';
import { PHONE_REQUESTS_PER_MINUTE } from '../../contract/phone';
import { formOf, installFormParser, sameSecret } from '../channels/callback-form';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { takeSharedSlot } from '../http/shared-limit';
import { firstTimeReceived, queueBotReply } from '../notifications/phone-messages';
import { say } from './phone-text';
import { answerMessage } from './text-commands';
import { answerUssd } from './ussd';

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

/**
 * Counts one message or screen from a number against PHONE_REQUESTS_PER_MINUTE, on every instance together (a
 * number's requests reach whichever instance the load balancer picks); false when the minute is full.
 */
async function allowPhoneRequest(ctx: AppContext, channel: string, from: string): Promise<boolean> {
  const wait = await ctx.db.transaction((tx) =>
    takeSharedSlot(tx, {
      bucket: 'phone',
      key: `${channel}:${from}`,
      limits: [{ count: PHONE_REQUESTS_PER_MINUTE, windowMs: 60_000 }],
    }),
  );
  return wait === 0;
}

/**
 * Answers a message received by SMS or WhatsApp (seen for the first time): one reply, queued. A number past its
 * rate limit gets none (a reply would only feed a loop).
 */
export async function receiveMessage(
  ctx: AppContext,
  log: FastifyBaseLogger,
  message: { channel: PhoneChannel; from: string; text: string | null },
): Promise<void> {
  if (!(await allowPhoneRequest(ctx, message.channel, message.from))) {
    log.warn({ channel: message.channel }, 'phone bot: a number past its rate limit');
    return;
  }
  let answer: { reply: string; userId: number | null };
  try {
    answer = await answerMessage(ctx, {
      channel: message.channel,
      from: message.from,
      text: message.text ?? '',
    });
  } catch (error) {
    log.error({ err: error }, 'phone bot: a message could not be answered');
    answer = { reply: say('en', 'ussd.error'), userId: null };
  }
  await queueBotReply(ctx.db, {
    userId: answer.userId,
    channel: message.channel,
    recipient: message.from,
    body: answer.reply,
  });
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
        let screen: string;
        if (!E164.test(phoneNumber) || !form.sessionId) {
          screen = `END ${say('en', 'ussd.error')}`;
        } else if (!(await allowPhoneRequest(ctx, 'ussd', phoneNumber))) {
          screen = `END ${say('en', 'rateLimited')}`;
        } else {
          try {
            screen = await answerUssd(ctx, {
              sessionId: form.sessionId.slice(0, MAX_ID),
              phoneNumber,
              text: form.text ?? '',
            });
          } catch (error) {
            // The network shows an error status as a bare failure: the user gets words instead.
            request.log.error({ err: error }, 'USSD: a screen could not be made');
            screen = `END ${say('en', 'ussd.error')}`;
          }
        }
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
        if (await firstTimeReceived(ctx.db, { id, channel: 'sms', from, text })) {
          await receiveMessage(ctx, request.log, { channel: 'sms', from, text });
        }
        return reply.code(200).send();
      },
    );
  };
}
