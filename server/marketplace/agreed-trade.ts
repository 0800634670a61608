// A delivery under a forward agreement, made through the marketplace in the caller's transaction: a listing of just
// that quantity (reserved from the seller's lot when named), the buyer's bid at the agreed price, accepted at once.
// The trade is a real one (its order, books, handover code and payout are any order's), so it counts in prices.
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { SessionUser } from '../http/access';
import { acceptLocked } from './accept-bid';
import { marketModel } from './market-model';
import { insertBid, insertListing } from './marketplace.repo';
import { reserveListingLot } from './marketplace.service';

/** A bid made to be accepted in the same transaction still needs an expiry: a day, never reached. */
const AGREED_BID_TTL_MS = 86_400_000;

export async function agreedTrade(
  ctx: AppContext,
  tx: Tx,
  input: {
    /** The seller, or whoever acts for them (an agent, the co-operative's admin). */
    by: SessionUser;
    sellerId: number;
    buyerId: number;
    farmId: number | null;
    crop: string;
    grade: 'A' | 'B' | 'C';
    quantityKg: number;
    priceCents: number;
    lotId?: number | undefined;
  },
): Promise<{ tradeId: number }> {
  const catalogue = await marketModel.of(ctx).catalogue.get();
  const marketKey = catalogue.marketOf(input.crop);
  const listing = await insertListing(tx, {
    ownerId: input.sellerId,
    listedById: input.by.id,
    farmId: input.farmId,
    name: catalogue.nameOf(marketKey, 'en', input.crop),
    marketKey,
    quantityKg: input.quantityKg,
    listedQuantityKg: input.quantityKg,
    priceCents: input.priceCents,
    grade: input.grade,
    status: 'available',
  });
  if (input.lotId !== undefined) {
    await reserveListingLot(ctx, tx, listing, input.lotId, (name) => catalogue.marketOf(name));
  }
  const bid = await insertBid(tx, {
    commodityId: listing.id,
    buyerId: input.buyerId,
    priceCents: input.priceCents,
    quantityKg: input.quantityKg,
    expiresAt: new Date(Date.now() + AGREED_BID_TTL_MS),
  });
  const { trade } = await acceptLocked(ctx, tx, listing, bid, input.by);
  return { tradeId: trade.id };
}

/** After an agreed trade commits: this instance's market read model drops what it knew (others hear the events). */
export function marketChanged(ctx: AppContext): void {
  marketModel.of(ctx).dropAll();
}
