// Why a phone message did not go, when the reason is ours rather than the provider's: catalogue keys, shown to the
// user (the settings screen's "last message") in their language. A provider's own reason is kept as it came.
export const DELIVERY_ERRORS = {
  interrupted: 'notifications.delivery.interrupted',
  internal: 'notifications.delivery.internal',
  numberChanged: 'notifications.delivery.numberChanged',
  outsideWindow: 'notifications.delivery.outsideWindow',
  channelOff: 'notifications.delivery.channelOff',
  stopped: 'notifications.delivery.stopped',
} as const;

export const isDeliveryErrorKey = (error: string | null): error is string =>
  error !== null && (Object.values(DELIVERY_ERRORS) as string[]).includes(error);
