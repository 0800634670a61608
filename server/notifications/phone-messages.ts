// What other modules use of the phone channels: queueing a message of their own (a verification code) and each
// channel's state for a user (off on this server, not verified, connected) with its last delivery.
import type { Language } from '../../contract/constants';
import type { PhoneChannel, TChannelState } from '../../contract/notifications';
import type { ChannelsConfig } from '../config';
import type { Tx } from '../db/client';
import { translate } from '../http/i18n';
import { DELIVERY_ERRORS, isDeliveryErrorKey } from './delivery-errors';
import { cancelQueued, lastDeliveries, queueMessage, verifiedPhoneOf } from './outbound.repo';

/** Queues a code to prove a number, in the caller's transaction (sent whatever the quiet hours). */
export function queueCode(
  tx: Tx,
  message: { userId: number; channel: PhoneChannel; recipient: string; body: string },
): Promise<void> {
  return queueMessage(tx, { ...message, template: 'code' });
}

/** The user's number changed or was removed: what was queued for the old one is not sent. */
export function dropQueuedMessages(tx: Tx, userId: number): Promise<void> {
  return cancelQueued(tx, userId, DELIVERY_ERRORS.numberChanged);
}

/** Our own reasons in the reader's language; a provider's as it came. */
function shownError(language: Language, error: string | null): string | null {
  return isDeliveryErrorKey(error) ? translate(language, error) : error;
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
