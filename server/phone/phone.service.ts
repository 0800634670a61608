// The phone bot's entry points: a USSD screen and an incoming message (SMS or WhatsApp), each counted against the
// number's rate limit and answered by the USSD menus or the text commands; a message's reply goes out by the queue.
import type { FastifyBaseLogger } from 'fastify';
import type { PhoneChannel } from '../../contract/notifications';
import { PHONE_REQUESTS_PER_MINUTE } from '../../contract/phone';
import type { AppContext } from '../context';
import { takeSharedSlot } from '../http/shared-limit';
import { firstTimeReceived, queueBotReply } from '../notifications';
import { say } from './phone-text';
import { answerMessage } from './text-commands';
import { answerUssd } from './ussd';

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
 * The USSD screen for a request (`CON …` or `END …`). A number past its rate limit, or a screen that could not be
 * made, ends the session with words: the network shows an error status as a bare failure.
 */
export async function ussdScreen(
  ctx: AppContext,
  log: FastifyBaseLogger,
  request: { sessionId: string; phoneNumber: string; text: string },
): Promise<string> {
  if (!(await allowPhoneRequest(ctx, 'ussd', request.phoneNumber))) {
    return `END ${say('en', 'rateLimited')}`;
  }
  try {
    return await answerUssd(ctx, request);
  } catch (error) {
    log.error({ err: error }, 'USSD: a screen could not be made');
    return `END ${say('en', 'ussd.error')}`;
  }
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

/** An SMS the network delivered: answered the first time its id is seen (the network may deliver it again). */
export async function receiveSms(
  ctx: AppContext,
  log: FastifyBaseLogger,
  sms: { id: string; from: string; text: string },
): Promise<void> {
  if (await firstTimeReceived(ctx.db, { id: sms.id, channel: 'sms', from: sms.from, text: sms.text })) {
    await receiveMessage(ctx, log, { channel: 'sms', from: sms.from, text: sms.text });
  }
}
