// What the marketplace needs from modules above it, declared here and filled by those modules' definitions.
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { EventBus } from '../events/bus';
import { hook } from '../module';
import type { AcceptedTrade } from './trade-accepted';

/** Opens the trade's order inside the accept transaction and answers it (filled by the orders module). */
export const orderOpener =
  hook<(tx: Tx, bus: EventBus, trade: AcceptedTrade) => Promise<{ id: number }>>('marketplace.orderOpener');

/**
 * After a commit that changed what orders read (a bid accepted, a commodity renamed): this instance's cached order
 * pages go at once (filled by the orders module; other instances hear the write's event).
 */
/** The co-operatives among the sellers (their marketplace parties): the name and member count buyers see. */
export const sellerCooperatives = hook<
  (db: Tx, ownerIds: readonly number[]) => Promise<Map<number, { id: number; name: string; members: number }>>
>('marketplace.sellerCooperatives');

export const ordersStale = hook<(ctx: AppContext) => void>('marketplace.ordersStale');
