// The notifications module's public face: the inbox, preferences, and messages by SMS and WhatsApp. Others import
// notifications only through this file.
import type { ModuleDefinition } from '../module';
import { notificationSettingsRoutes, notificationsRoutes } from './notifications.routes';
import { outboundWorker } from './outbound-worker';
import { providerCallbackRoutes, whatsAppCallbackRoutes } from './provider-callbacks.routes';

export { commodityCatalogue, inboundMessage } from './hooks';

export { inboxCache } from './inbox-cache';
export {
  goesByPhoneSql,
  inboxNoticeSql,
  type NotifyContext,
  notificationWritesSql,
  notify,
  notifyEach,
} from './notify';
export { REPLY_SMS_PARTS } from './outbound-send';
export {
  botStatus,
  channelStates,
  dropQueuedMessages,
  firstTimeReceived,
  queueBotReply,
  queueCode,
  startChannel,
  stopChannel,
} from './phone-messages';

export const notificationsModule: ModuleDefinition = {
  name: 'notifications',
  routes: [notificationsRoutes, notificationSettingsRoutes, providerCallbackRoutes, whatsAppCallbackRoutes],
  start: (ctx) => outboundWorker.of(ctx).start(),
  stop: (ctx) => outboundWorker.of(ctx).stop(),
};
