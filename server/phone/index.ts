// The phone module's public face: USSD menus and SMS/WhatsApp commands for feature phones.
import type { ModuleDefinition } from '../module';
import { inboundMessage } from '../notifications';
import { phoneBotRoutes } from './phone.routes';
import { receiveMessage } from './phone.service';

export const phoneModule: ModuleDefinition = {
  name: 'phone',
  routes: [phoneBotRoutes],
  fills: [inboundMessage.fill((ctx, message, log) => receiveMessage(ctx, log, message))],
};
