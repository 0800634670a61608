// What other modules use of the phone channels: queueing a message of their own (a verification code, a bot
// reply), each channel's state for a user (off on this server, not verified, connected) with its last delivery,
// the bot's last exchange with them, and STOP / START.
import type { Language } from '../../contract/constants';
import type { PhoneChannel, TChannelState } from '../../contract/notifications';
import type { ChannelsConfig } from '../config';
import type { Tx } from '../db/client';
import { translate } from '../http/i18n';
import { takeSharedSlot, type WindowLimit } from '../http/shared-limit';
import { DELIVERY_ERRORS, deliveryReason } from './delivery-errors';
import {
  cancelQueued,
  lastDeliveries,
  lastExchange,
  queueMessage,
  queueReply,
  setChannelStopped,
  stoppedChannelsOf,
  verifiedPhoneOf,
} from './outbound.repo';
import { recordInbound } from './provider-callbacks.service';

/**
 * Codes one number may receive, whatever the account asking and the purpose (proving the number, choosing a new
 * password), on every instance together: nobody can flood a stranger's phone by opening accounts.
 */
export const CODES_PER_NUMBER: readonly WindowLimit[] = [
  { count: 3, windowMs: 60 * 60_000 },
  { count: 10, windowMs: 24 * 60 * 60_000 },
];

/**
 * Queues a code for a number, in the caller's transaction (sent whatever the quiet hours), if the number's
 * allowance (CODES_PER_NUMBER) has room: answers 0, or the seconds until it has room again (nothing queued).
 */
export async function queueCode(
  tx: Tx,
  message: { userId: number; channel: PhoneChannel; recipient: string; body: string },
): Promise<number> {
  const wait = await takeSharedSlot(tx, { bucket: 'code', key: message.recipient, limits: CODES_PER_NUMBER });
  if (wait === 0) {
    await queueMessage(tx, { ...message, template: 'code' });
  }
  return wait;
}

/** The user's number changed or was removed: what was queued for the old one is not sent. */
export function dropQueuedMessages(tx: Tx, userId: number): Promise<void> {
  return cancelQueued(tx, userId, DELIVERY_ERRORS.numberChanged);
}

/** Why a message did not go, in the reader's language; the raw error stays in the outbox row and the logs. */
function shownError(language: Language, error: string | null): string | null {
  const reason = deliveryReason(error);
  return reason === null ? null : translate(language, reason);
}

export async function channelStates(
  db: Tx,
  config: ChannelsConfig,
  user: { id: number; language: Language },
): Promise<{ verifiedPhone: string | null; verifiedVia: PhoneChannel | null; channels: TChannelState[] }> {
  const [{ phone, via }, last] = await Promise.all([
    verifiedPhoneOf(db, user.id),
    lastDeliveries(db, user.id),
  ]);
  const channels = (['sms', 'whatsapp'] as const).map((channel): TChannelState => {
    const delivery = last.find((d) => d.channel === channel);
    const { language } = user;
    return {
      channel,
      state: config[channel] === null ? 'off' : phone === null ? 'not_verified' : 'connected',
      lastDelivery: delivery
        ? {
            status: delivery.status,
            at: new Date(delivery.status_at).toISOString(),
            error: shownError(language, delivery.error),
          }
        : null,
    };
  });
  return { verifiedPhone: phone, verifiedVia: via, channels };
}

/** Queues the phone bot's reply to a message (sent whatever the quiet hours: the user just wrote). */
export function queueBotReply(
  db: Tx,
  message: { userId: number | null; channel: PhoneChannel; recipient: string; body: string },
): Promise<void> {
  return queueReply(db, message);
}

/** STOP: no notification goes by this channel (queued ones are dropped) until START. */
export function stopChannel(db: Tx, userId: number, channel: PhoneChannel): Promise<void> {
  return setChannelStopped(db, userId, channel, true, DELIVERY_ERRORS.stopped);
}

export function startChannel(db: Tx, userId: number, channel: PhoneChannel): Promise<void> {
  return setChannelStopped(db, userId, channel, false, DELIVERY_ERRORS.stopped);
}

/** The phone bot as the user met it: their last message in, its last message out, the channels they stopped. */
export async function botStatus(db: Tx, user: { id: number; language: Language }, phone: string | null) {
  const [{ lastIn, lastOut }, stopped] = await Promise.all([
    lastExchange(db, user.id, phone),
    stoppedChannelsOf(db, user.id),
  ]);
  return {
    lastIn: lastIn && {
      channel: lastIn.channel,
      at: new Date(lastIn.received_at).toISOString(),
      text: lastIn.text,
    },
    lastOut: lastOut && {
      channel: lastOut.channel,
      at: new Date(lastOut.status_at).toISOString(),
      status: lastOut.status,
      error: shownError(user.language, lastOut.error),
    },
    stopped,
  };
}

/** A message received by SMS or WhatsApp, kept once by its id; false when it was seen before. */
export function firstTimeReceived(
  db: Tx,
  message: { id: string; channel: PhoneChannel; from: string; text: string | null },
): Promise<boolean> {
  return recordInbound(db, message);
}
