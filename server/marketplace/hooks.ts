// What the marketplace needs from modules above it, declared here and filled by those modules' definitions.
import type { Tx } from '../db/client';
import type { EventBus } from '../events/bus';
import { hook } from '../module';
import type { AcceptedTrade } from './trade-accepted';

/** Opens the trade's order inside the accept transaction and answers it (filled by the orders module). */
export const orderOpener =
  hook<(tx: Tx, bus: EventBus, trade: AcceptedTrade) => Promise<{ id: number }>>('marketplace.orderOpener');
