// Why a phone message did not go, as the user reads it: a small set of reasons (catalogue keys), each shown in the
// user's language on the settings screen. The raw error (a provider's words, a socket code) is kept in the outbox
// row and the logs for whoever runs the server; it never reaches the user's screen or the API.

/** Our own reasons, written as catalogue keys when the message is settled. */
export const DELIVERY_ERRORS = {
  interrupted: 'notifications.delivery.interrupted',
  internal: 'notifications.delivery.internal',
  numberChanged: 'notifications.delivery.numberChanged',
  outsideWindow: 'notifications.delivery.outsideWindow',
  channelOff: 'notifications.delivery.channelOff',
  stopped: 'notifications.delivery.stopped',
} as const;

/** Reasons read from a raw error, the provider's or the network's. */
export const RAW_DELIVERY_REASONS = {
  network: 'notifications.delivery.network',
  timeout: 'notifications.delivery.timeout',
  invalidNumber: 'notifications.delivery.invalidNumber',
  rejected: 'notifications.delivery.rejected',
  unknown: 'notifications.delivery.unknown',
} as const;

export type DeliveryReasonKey =
  | (typeof DELIVERY_ERRORS)[keyof typeof DELIVERY_ERRORS]
  | (typeof RAW_DELIVERY_REASONS)[keyof typeof RAW_DELIVERY_REASONS];

const isDeliveryErrorKey = (error: string | null): error is DeliveryReasonKey =>
  error !== null && (Object.values(DELIVERY_ERRORS) as string[]).includes(error);

/** The worker's wrapper around the last retried reason once it stops trying. */
const GAVE_UP = /^gave up after \d+ attempts: /;
/**
 * The number itself will never take a message: not a phone number, unknown to the network, or not on WhatsApp
 * (AT: InvalidPhoneNumber as a send status, UserDoesNotExist / NotNetworkSubscriber in a report; WhatsApp 131026).
 */
const INVALID_NUMBER =
  /not an E\.164 number|InvalidPhoneNumber|UserDoesNotExist|NotNetworkSubscriber|WhatsApp 131026\b/i;
/** The provider answered, but not in a way that says whether the message went. */
const ANSWER_NOT_UNDERSTOOD =
  /answer not understood|without a message id|^no message id$|unknown status code/;
/** Every reason a provider gives is written after its name (send answers and delivery reports alike). */
const PROVIDER_SAID = /^(AT|WhatsApp)\b/;

/**
 * The reason to show for a stored error: our own keys stand; a raw error is read into one of a few reasons
 * (network unreachable, no answer in time, invalid number, refused by the provider), anything else "unknown".
 */
export function deliveryReason(error: string | null): DeliveryReasonKey | null {
  if (error === null) {
    return null;
  }
  if (isDeliveryErrorKey(error)) {
    return error;
  }
  const raw = error.replace(GAVE_UP, '');
  if (raw.startsWith('network: ')) {
    return RAW_DELIVERY_REASONS.network;
  }
  if (raw.startsWith('no answer within ')) {
    return RAW_DELIVERY_REASONS.timeout;
  }
  if (raw.startsWith('request not built')) {
    // Our configuration, not the provider: the same words as any other fault of ours.
    return DELIVERY_ERRORS.internal;
  }
  if (INVALID_NUMBER.test(raw)) {
    return RAW_DELIVERY_REASONS.invalidNumber;
  }
  if (ANSWER_NOT_UNDERSTOOD.test(raw)) {
    return RAW_DELIVERY_REASONS.unknown;
  }
  return PROVIDER_SAID.test(raw) ? RAW_DELIVERY_REASONS.rejected : RAW_DELIVERY_REASONS.unknown;
}
