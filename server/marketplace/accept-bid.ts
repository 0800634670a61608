// Accepting a bid, inside the decision's locked transaction: the trade, the bids it leaves unfit closed, its order
// opened (by the module that provides `orderOpener`), then who is told and what the trade moves.

import { TOTAL_ZERO } from '../../contract/marketplace';
import { priceForKgCents, totalPastMaxAmount } from '../../contract/quantity';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { SessionUser } from '../http/access';
import { conflict } from '../http/errors';
import { notify } from '../notifications';
import { sellFromListing } from '../stock';
import { awardAchievement } from '../users';
import { bidParties } from './bid-audience';
import { closeUnfitBids } from './bid-closing';
import { orderOpener } from './hooks';
import {
  type BidRow,
  insertTrade,
  type ListingRow,
  setBidStatus,
  type TradeRow,
  updateListing,
} from './marketplace.repo';
import { checkPriceAlerts } from './price-alerts';

/** The trade of a bid whose listing and bid are locked and checked: the listing shrinks, the bid is accepted. */
async function tradeOf(tx: Tx, listing: ListingRow, bid: BidRow) {
  // Bids placed before totals were bounded may pass it: refused rather than booked beyond what statements add.
  if (totalPastMaxAmount(bid.priceCents, bid.quantityKg)) {
    throw conflict('marketplace.validation.totalTooLarge');
  }
  // Nor does a total of 0 (a bid placed before such totals were refused) reach the trade, the order or the books.
  const totalCents = priceForKgCents(bid.priceCents, bid.quantityKg);
  if (totalCents <= 0) {
    throw conflict(TOTAL_ZERO);
  }
  const remaining = listing.quantityKg - bid.quantityKg;
  const updated = await updateListing(tx, listing.id, {
    quantityKg: remaining,
    ...(remaining === 0 ? { status: 'sold' as const } : {}),
  });
  const accepted = await setBidStatus(tx, bid.id, 'accepted');
  const trade = await insertTrade(tx, {
    commodityId: listing.id,
    bidId: bid.id,
    buyerId: bid.buyerId,
    sellerId: listing.ownerId,
    marketKey: listing.marketKey,
    priceCents: bid.priceCents,
    quantityKg: bid.quantityKg,
    totalCents,
    farmId: listing.farmId,
  });
  return { updated, accepted, trade };
}

export async function acceptLocked(
  ctx: AppContext,
  tx: Tx,
  listing: ListingRow,
  bid: BidRow,
  user: SessionUser,
): Promise<{ bid: BidRow; trade: TradeRow }> {
  const { updated, accepted, trade } = await tradeOf(tx, listing, bid);
  await closeUnfitBids(ctx, tx, {
    listing: updated,
    by: user,
    reason: updated.quantityKg === 0 ? 'sold_out' : 'too_little_left',
  });
  // The order, its receivable in the seller's books and its first timeline entry, in this same transaction.
  const order = await orderOpener.call(tx, ctx.bus, {
    tradeId: trade.id,
    commodityId: listing.id,
    commodityName: listing.name,
    grade: listing.grade,
    buyerId: trade.buyerId,
    sellerId: trade.sellerId,
    listedById: listing.listedById,
    farmId: listing.farmId,
    quantityKg: trade.quantityKg,
    priceCents: trade.priceCents,
    totalCents: trade.totalCents,
    at: trade.createdAt,
    acceptedBy: user.id,
  });
  // Sold from a lot: the tons leave it in this same transaction (a listing not from a lot is left alone).
  await sellFromListing(tx, ctx.bus, {
    listingId: listing.id,
    kg: trade.quantityKg,
    tradeId: trade.id,
    orderId: order.id,
    by: user.id,
  });
  await notify(tx, ctx, [bid.buyerId], {
    type: 'bid_accepted',
    data: { seller: user.username, commodity: listing.name, orderId: order.id },
    link: `/orders?order=${order.id}`,
  });
  await awardAchievement(tx, ctx, listing.ownerId, 'first_sale');
  await awardAchievement(tx, ctx, bid.buyerId, 'first_bid_won');
  // The trade moves its market's price: alerts it crosses tell their owners, once.
  await checkPriceAlerts(ctx, tx, trade.marketKey, trade.createdAt);
  // A trade is market data (prices come from trades): the event names it by id only, never its parties or amounts.
  await ctx.bus.publish(tx, { type: 'trade', id: trade.id }, 'public');
  await ctx.bus.publish(
    tx,
    { type: 'bid', id: accepted.id },
    bidParties([{ buyerId: bid.buyerId, ownerId: listing.ownerId }]),
  );
  await ctx.bus.publish(tx, { type: 'commodity', id: updated.id }, 'public');
  return { bid: accepted, trade };
}
