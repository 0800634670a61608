// What agents need from modules above them, declared here and filled by those modules' definitions.
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { hook } from '../module';

/** What each order sold for, net of refunds (filled by the orders module): a commission's sale. */
export const orderSales =
  hook<(db: Tx, orderIds: readonly number[]) => Promise<Map<number, number>>>('agents.orderSales');

/**
 * Run after a link's change commits, on this instance: who sees which orders changed (the orders module drops its
 * cached pages; other instances hear the `agent_link` event).
 */
export const linksChanged = hook<(ctx: AppContext) => void>('agents.linksChanged');
