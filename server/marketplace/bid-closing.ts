// Bids closed without their own decision: lapsed ones expire, and those a shrunk or closed listing no longer fits.
import { centsToDecimal } from '../../contract/money';
import { kgToTons } from '../../contract/quantity';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { SessionUser } from '../http/access';
import { notifyEach } from '../notifications';
import { bidParties } from './bid-audience';
import { expireBids, type ListingRow, rejectBidsAbove } from './marketplace.repo';

/** Lapsed pending bids become expired (cheap; run before reading or accepting bids). */
export async function sweepExpiredBids(ctx: AppContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const expired = await expireBids(tx);
    // Each bid to its own parties only: another buyer never learns that a bid exists.
    for (const bid of expired) {
      await ctx.bus.publish(tx, { type: 'bid', id: bid.id }, bidParties([bid]));
    }
    if (expired[0] !== undefined) {
      await ctx.bus.publish(tx, { type: 'market', id: expired[0].commodityId }, 'public');
    }
  });
}

/** Why pending bids were closed without their own decision (each has its text: `bid_rejected_<reason>`). */
export type ClosedBecause = 'sold_out' | 'too_little_left' | 'quantity_lowered' | 'withdrawn';

/**
 * Rejects the listing's pending bids that no longer fit (all when it is withdrawn, those for more than is left
 * otherwise), and tells each buyer once, in their language and through their channels, why; each bid's parties hear
 * of it. Every path that shrinks or closes a listing goes through here, so no bid is closed in silence.
 */
export async function closeUnfitBids(
  ctx: AppContext,
  tx: Tx,
  options: { listing: ListingRow; by: SessionUser; reason: ClosedBecause },
): Promise<void> {
  const { listing, reason } = options;
  const closed = await rejectBidsAbove(tx, listing.id, reason === 'withdrawn' ? -1 : listing.quantityKg);
  await notifyEach(
    tx,
    ctx,
    closed.map((bid) => ({
      userId: bid.buyerId,
      type: 'bid_rejected' as const,
      data: {
        reason,
        seller: options.by.username,
        commodity: listing.name,
        price: centsToDecimal(bid.priceCents),
        quantity: kgToTons(bid.quantityKg),
        left: kgToTons(listing.quantityKg),
      },
      link: '/marketplace#my-bids',
    })),
  );
  for (const bid of closed) {
    await ctx.bus.publish(
      tx,
      { type: 'bid', id: bid.id },
      bidParties([{ buyerId: bid.buyerId, ownerId: listing.ownerId }]),
    );
  }
}
