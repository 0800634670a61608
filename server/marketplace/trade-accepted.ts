// An accepted bid's trade, as the step after the marketplace (its order and books, marketplace/hooks.ts) gets it.

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
