// What notifications need from modules above them, declared here and filled by those modules' definitions.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { hook } from '../module';
import type { CommodityNames } from './notifications.present';

/** The catalogue this instance names commodities by, in each reader's language (filled by the marketplace). */
export const commodityCatalogue = hook<(ctx: AppContext) => Promise<CommodityNames>>(
  'notifications.commodityCatalogue',
);

/** A WhatsApp message seen for the first time, handed to whoever answers messages (filled by the phone bot). */
export const inboundMessage = hook<
  (
    ctx: AppContext,
    message: { channel: 'whatsapp'; from: string; text: string | null },
    log: FastifyBaseLogger,
  ) => Promise<void>
>('notifications.inboundMessage');
