// The phone module's public face: USSD menus and SMS/WhatsApp commands for feature phones.
import type { ModuleDefinition } from '../module';
import { inboundMessage } from '../notifications';
import { phoneBotRoutes, receiveMessage } from './phone.routes';

export const phoneModule: ModuleDefinition = {
  name: 'phone',
  routes: [phoneBotRoutes],
  fills: [inboundMessage.fill((ctx, message, log) => receiveMessage(ctx, log, message))],
};
