// How one queued message becomes a provider request: its text in the user's language (a notification's made now,
// from its data), a short link to the thing, one SMS segment where it can be, and WhatsApp's 24-hour rule.

import { SHORT_LINK_PATH } from '../../contract/constants';
import { sendSms } from '../channels/at-sms';
import type { SendOutcome } from '../channels/send-outcome';
import { fitSms } from '../channels/sms-text';
import { sendWhatsApp, type WhatsAppMessage } from '../channels/whatsapp-cloud';
import type { ChannelsConfig } from '../config';
import { DELIVERY_ERRORS } from './delivery-errors';
import { type CommodityNames, notificationText } from './notifications.present';
import type { ClaimedMessage } from './outbound.repo';

/**
 * The path that sends a phone to a notification's thing (`/n/<token>`, 27 characters for SMS): the notification's
 * random token, never its id, so links cannot be guessed; the route also asks for its recipient's session.
 */
export const shortLinkPath = (token: string) => `${SHORT_LINK_PATH}${token}`;

/** SMS parts a reply of the phone bot may take (a list of prices or bids); a notification or a code takes one. */
export const REPLY_SMS_PARTS = 3;

const isBotReply = (message: ClaimedMessage) =>
  message.notificationId === null && message.template === 'notification';

/** Notifications answered by a reply (an event's invitation: 1 yes, 2 no) go whole, in as many parts as a reply. */
const ANSWERED_BY_REPLY: ReadonlySet<string> = new Set(['event_invitation']);

const smsParts = (message: ClaimedMessage) =>
  isBotReply(message) || (message.type !== null && ANSWERED_BY_REPLY.has(message.type)) ? REPLY_SMS_PARTS : 1;

function textOf(message: ClaimedMessage, names: CommodityNames): { text: string; link: string | null } {
  if (message.body !== null || message.type === null || message.data === null) {
    return { text: message.body ?? '', link: null };
  }
  return {
    text: notificationText(message.language, names, message.type, message.data),
    link: message.link !== null && message.token !== null ? shortLinkPath(message.token) : null,
  };
}

/**
 * Hands the message to its provider once (WhatsApp: as a template when free text is refused as out of window);
 * a notification's commodity is named by `names`, the catalogue as this instance holds it.
 */
export async function deliver(
  config: ChannelsConfig,
  names: CommodityNames,
  message: ClaimedMessage,
): Promise<{ outcome: SendOutcome; viaTemplate: boolean }> {
  const { text, link } = textOf(message, names);
  const url = link === null ? null : `${config.publicUrl}${link}`;
  if (message.channel === 'sms') {
    if (!config.sms) {
      return { outcome: { kind: 'retry', reason: DELIVERY_ERRORS.channelOff }, viaTemplate: false };
    }
    return {
      outcome: await sendSms(
        config.sms,
        message.recipient,
        fitSms(text, url, smsParts(message)),
        config.timeoutMs,
      ),
      viaTemplate: false,
    };
  }
  const whatsapp = config.whatsapp;
  if (!whatsapp) {
    return { outcome: { kind: 'retry', reason: DELIVERY_ERRORS.channelOff }, viaTemplate: false };
  }
  const full = url === null ? text : `${text}\n${url}`;
  const template: WhatsAppMessage = {
    kind: 'template',
    name: whatsapp.templates[message.template],
    language: message.language,
    parameters: [full],
  };
  if (message.inWindow && !message.templateOnly) {
    const outcome = await sendWhatsApp(
      whatsapp,
      message.recipient,
      { kind: 'text', body: full },
      config.timeoutMs,
    );
    if (outcome.kind !== 'outside_window') {
      return { outcome, viaTemplate: false };
    }
  }
  return {
    outcome: await sendWhatsApp(whatsapp, message.recipient, template, config.timeoutMs),
    viaTemplate: true,
  };
}
