// The seam between the marketplace and the books: an accepted bid's trade becomes a sale in the seller's farm ledger.
import type { Tx } from '../db/client';
import type { EventBus } from '../events/bus';

export interface TradeForBooks {
  tradeId: number;
  sellerId: number;
  /** The listing's farm; null: the seller's first farm, or later when they create one. */
  farmId: number | null;
  commodityId: number;
  commodityName: string;
  quantityKg: number;
  priceCents: number;
  totalCents: number;
  at: Date;
}

/**
 * Called by the marketplace inside the accept transaction. Posts the sale and its income to the farm's ledger
 * and marks the trade posted; a seller without a farm keeps the trade unposted until their first farm exists.
 * (The finance module implements this; until then it records nothing.)
 */
export async function postTradeToBooks(_tx: Tx, _bus: EventBus, _trade: TradeForBooks): Promise<void> {}
