// The hook at the end of accepting a bid: the trade it made, and who opens its order (the orders module provides it).
import type { Tx } from '../db/client';
import type { EventBus } from '../events/bus';
import { Provided } from '../events/hooks';

/** An accepted bid's trade, as the step after the marketplace (the order and its books) needs it. */
export interface AcceptedTrade {
  tradeId: number;
  commodityId: number;
  commodityName: string;
  grade: 'A' | 'B' | 'C';
  buyerId: number;
  sellerId: number;
  /** Who put the listing on the market (an agent for the seller, or the seller). */
  listedById: number | null;
  /** The listing's farm, if any. */
  farmId: number | null;
  quantityKg: number;
  priceCents: number;
  totalCents: number;
  at: Date;
  /** Who accepted the bid: the seller or their agent. */
  acceptedBy: number;
}

/** Opens the trade's order inside the accept transaction and answers it (the buyer is sent to it). */
export const orderOpener = new Provided<
  (tx: Tx, bus: EventBus, trade: AcceptedTrade) => Promise<{ id: number }>
>("the order of an accepted bid's trade");
