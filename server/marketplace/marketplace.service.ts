// Marketplace rules: listing, bidding, accepting (one locked transaction), commodity requests.
import { type SQL, sql } from 'drizzle-orm';
import { DAY_MS, MAX_INT4 } from '../../contract/constants';
import { BID_TTL_DAYS, type DeliveryTimeline, type Grade, TOTAL_ZERO } from '../../contract/marketplace';
import { centsToDecimal, MAX_AMOUNT_CENTS } from '../../contract/money';
import { kgToTons, priceForKgCents, totalPastMaxAmount, totalRoundsToZero } from '../../contract/quantity';
import {
  activeAgentIdsSql,
  checkFarmerFilter,
  isActiveAgentOf,
  representedFarmerIds,
} from '../agents/lookups';
import { findUserById } from '../auth/user-accounts';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { type Audience, userIdArray } from '../events/audience';
import { isFarmOwnedBy } from '../farms/lookups';
import type { SessionUser } from '../http/access';
import { AppError, badRequest, conflict, forbidden } from '../http/errors';
import { notificationWritesSql, notify, notifyEach } from '../notifications/notify';
import { openOrder } from '../orders/open-order';
import { awardAchievement } from '../users/achievements';
import { type SavedSearchMatch, savedSearchesMatching } from '../users/saved-search-matches';
import { marketModel } from './market-model';
import {
  bidRefusalError,
  fieldError,
  mayChangeListing,
  mayCloseRequest,
  mayDecideBid,
} from './marketplace.policy';
import {
  availableListingsIn,
  type BidRow,
  expireBids,
  findBid,
  findBidDetail,
  findListing,
  findRequest,
  insertListing,
  insertRequest,
  insertRequestAnswer,
  insertTrade,
  type ListingRow,
  listBids,
  lockBid,
  lockListing,
  placeBidAtomically,
  rejectBidsAbove,
  setBidStatus,
  type TradeRow,
  updateListing,
  updateRequest,
} from './marketplace.repo';
import { checkPriceAlerts } from './price-alerts';

/**
 * Runs a marketplace write and drops what it changed from this instance's read model at once (other instances
 * hear the transaction's events): a listing or trade changes the facts and the bid index, a request neither.
 * (Placing a bid is one statement of its own and drops only the bid index.)
 */
async function write<T>(
  ctx: AppContext,
  work: (tx: Tx) => Promise<T>,
  changes: 'listings' | 'requests',
): Promise<T> {
  const result = await ctx.db.transaction(work);
  if (changes === 'listings') {
    marketModel.of(ctx).dropAll();
  }
  return result;
}

/** Whose listings the user works on: their own, and an agent's the farmers they represent. */
export async function ownersActedFor(ctx: AppContext, user: { id: number; role: string }): Promise<number[]> {
  return user.role === 'agent' ? [user.id, ...(await representedFarmerIds(ctx.db, user.id))] : [user.id];
}

/**
 * Whose bids a user reads: a buyer's own; a seller's (or an agent's) on the listings they work on. `farmer` keeps
 * those on that farmer's listings: an agent names only a farmer they represent now (403); to others it narrows.
 */
export async function bidsFilterOf(
  ctx: AppContext,
  user: SessionUser,
  farmer: number | undefined,
): Promise<{ buyerId?: number; sellerIds?: number[] }> {
  await checkFarmerFilter(ctx.db, user, farmer);
  const only = (ids: number[]) => (farmer === undefined ? ids : ids.filter((id) => id === farmer));
  return user.role === 'buyer'
    ? { buyerId: user.id, ...(farmer === undefined ? {} : { sellerIds: [farmer] }) }
    : { sellerIds: only(await ownersActedFor(ctx, user)) };
}

/** Pending bids on the listings the user works on (the phone's "bids received"), best price first. */
export async function pendingBidsReceived(ctx: AppContext, user: SessionUser, limit: number) {
  await sweepExpiredBids(ctx);
  const rows = await listBids(
    ctx.db,
    { sellerIds: await ownersActedFor(ctx, user), status: 'pending' },
    limit,
    undefined,
  );
  return rows.slice(0, limit).sort((a, b) => b.bid.priceCents - a.bid.priceCents || a.bid.id - b.bid.id);
}

/** The buyer's own bids, newest first. */
export async function bidsOfBuyer(ctx: AppContext, user: SessionUser, limit: number) {
  await sweepExpiredBids(ctx);
  return (await listBids(ctx.db, { buyerId: user.id }, limit, undefined)).slice(0, limit);
}

/** A listing with its seller's name, or null. */
export function listingById(ctx: AppContext, id: number) {
  return findListing(ctx.db, id);
}

/** A bid with its listing and buyer's name, or null (for who may see it, ask the policy). */
export function bidById(ctx: AppContext, id: number) {
  return findBidDetail(ctx.db, id);
}

/** Listings still available in one market (by its folded key), cheapest first. */
export function listingsInMarket(ctx: AppContext, key: string, limit: number) {
  return availableListingsIn(ctx.db, key, limit);
}

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

/** A listing's owner and the agents who act for them, as an `int[]` SQL expression. */
function sellerSide(ownerId: number | SQL): SQL {
  return sql`(array[(${ownerId})::int] || ${activeAgentIdsSql(ownerId)})`;
}

/**
 * A bid's price and quantity are its buyer's and the listing owner's business: only they (and the agents who act
 * for the owner) hear of it.
 */
function bidParties(bidsOf: readonly { buyerId: number; ownerId: number | SQL }[]): Audience {
  const parties = userIdArray(bidsOf.flatMap((b) => [b.buyerId, b.ownerId]));
  const owners = [...new Set(bidsOf.map((b) => b.ownerId))];
  return {
    userIdsSql: sql`(${sql.join([parties, ...owners.map((owner) => activeAgentIdsSql(owner))], sql` || `)})`,
  };
}

const notFoundListing = () => new AppError('notFound', 'marketplace.errors.commodityNotFound');
const notFoundBid = () => new AppError('notFound', 'marketplace.errors.bidNotFound');

/**
 * Lists a commodity. An agent lists for a farmer they represent (`onBehalfOf`): the listing is the farmer's and
 * remembers who listed it. Returns the listing, its owner's name and, when an agent listed it, theirs.
 */
export async function createListing(
  ctx: AppContext,
  options: {
    user: SessionUser;
    name: string;
    quantityKg: number;
    priceCents: number;
    grade: Grade;
    farmId?: number | undefined;
    requestId?: number | undefined;
    onBehalfOf?: number | undefined;
  },
): Promise<{ listing: ListingRow; ownerUsername: string; listedBy: string | null }> {
  const { user } = options;
  // The contract refuses it on the web; every other way in (the phone's SELL) meets it here.
  if (totalRoundsToZero(options.priceCents, options.quantityKg)) {
    throw fieldError('price', TOTAL_ZERO);
  }
  // A name the catalogue knows (in any language or spelling) lists in its kind's market.
  const catalogue = await marketModel.of(ctx).catalogue.get();
  return write(
    ctx,
    async (tx) => {
      const owner = await ownerForNewListing(tx, user, options.onBehalfOf);
      if (options.farmId !== undefined) {
        if (!(await isFarmOwnedBy(tx, options.farmId, owner.id))) {
          throw new AppError('notFound', 'marketplace.errors.farmNotFound');
        }
      }
      const row = await insertListing(tx, {
        ownerId: owner.id,
        listedById: user.id,
        farmId: options.farmId ?? null,
        name: options.name,
        marketKey: catalogue.marketOf(options.name),
        quantityKg: options.quantityKg,
        listedQuantityKg: options.quantityKg,
        priceCents: options.priceCents,
        grade: options.grade,
        status: 'available',
      });
      if (options.requestId !== undefined) {
        await answerRequest(ctx, tx, {
          requestId: options.requestId,
          listing: row,
          sellerUsername: owner.username,
        });
      }
      // Awarded once: later listings find it there already.
      await awardAchievement(tx, ctx, owner.id, 'first_listing');
      await tellSavedSearches(ctx, tx, row);
      // Listings and requests are public: every signed-in user browses them.
      await ctx.bus.publish(tx, { type: 'commodity', id: row.id }, 'public');
      return {
        listing: row,
        ownerUsername: owner.username,
        listedBy: owner.id === user.id ? null : user.username,
      };
    },
    'listings',
  );
}

/** Whose listing it will be: the caller's own, or (for an agent, who must say) a farmer they represent. */
async function ownerForNewListing(
  tx: Tx,
  user: SessionUser,
  onBehalfOf: number | undefined,
): Promise<{ id: number; username: string }> {
  if (onBehalfOf === undefined || onBehalfOf === user.id) {
    if (user.role === 'agent') {
      throw badRequest('marketplace.errors.onBehalfRequired');
    }
    return user;
  }
  const farmer =
    user.role === 'agent' && (await isActiveAgentOf(tx, user.id, onBehalfOf))
      ? await findUserById(tx, onBehalfOf)
      : null;
  if (!farmer) {
    throw forbidden('marketplace.errors.notRepresented');
  }
  return farmer;
}

/** Buyers whose saved search the new listing matches learn of it (once each, whatever how many of theirs match). */
async function tellSavedSearches(ctx: AppContext, tx: Tx, listing: ListingRow): Promise<void> {
  const matches = await savedSearchesMatching(tx, listing);
  await notifyEach(
    tx,
    ctx,
    matches.map((match) => ({
      userId: match.userId,
      type: 'saved_search_match' as const,
      data: { search: match.name, commodity: listing.name, price: centsToDecimal(listing.priceCents) },
      link: savedSearchLink(match),
    })),
  );
}

/** The marketplace filtered as the search was saved (the address the dashboard's saved searches open too). */
function savedSearchLink(search: SavedSearchMatch): string {
  const params = new URLSearchParams();
  if (search.marketKey) {
    params.set('kind', search.marketKey);
  } else if (search.query) {
    params.set('q', search.query);
  }
  if (search.grade) {
    params.set('grade', search.grade);
  }
  if (search.maxPriceCents !== null) {
    params.set('maxPrice', String(centsToDecimal(search.maxPriceCents)));
  }
  const query = params.toString();
  return `/marketplace${query ? `?${query}` : ''}#listings`;
}

/** Whether the user acts for the listing's owner: the owner, or their agent now. */
async function actsForOwner(tx: Tx, user: SessionUser, listing: ListingRow): Promise<boolean> {
  return (
    listing.ownerId === user.id ||
    (user.role === 'agent' && (await isActiveAgentOf(tx, user.id, listing.ownerId)))
  );
}

/** Adds a listing to a request's answers: every farmer's answer is kept, and a farmer answers a request once. */
async function answerRequest(
  ctx: AppContext,
  tx: Tx,
  options: { requestId: number; listing: ListingRow; sellerUsername: string },
) {
  const request = await findRequest(tx, options.requestId);
  if (request?.status !== 'open') {
    throw new AppError('notFound', 'marketplace.errors.requestNotFound');
  }
  const added = await insertRequestAnswer(tx, {
    requestId: request.id,
    commodityId: options.listing.id,
    sellerId: options.listing.ownerId,
  });
  if (!added) {
    throw conflict('marketplace.errors.requestAnsweredAlready');
  }
  await notify(tx, ctx, [request.buyerId], {
    type: 'request_answered',
    data: { seller: options.sellerUsername, commodity: options.listing.name },
    link: '/marketplace#listings',
  });
  await ctx.bus.publish(tx, { type: 'commodity_request', id: request.id }, 'public');
}

export async function changeListing(
  ctx: AppContext,
  options: {
    user: SessionUser;
    id: number;
    priceCents?: number | undefined;
    quantityKg?: number | undefined;
    grade?: Grade | undefined;
    status?: 'withdrawn' | undefined;
  },
): Promise<ListingRow> {
  return write(
    ctx,
    async (tx) => {
      const listing = await lockListing(tx, options.id);
      if (!listing) {
        throw notFoundListing();
      }
      const refused = mayChangeListing(await actsForOwner(tx, options.user, listing));
      if (refused) {
        throw refused;
      }
      if (listing.status === 'sold' || listing.status === 'withdrawn') {
        throw conflict('marketplace.errors.listingClosed');
      }
      const changes: Partial<ListingRow> = {};
      if (options.priceCents !== undefined) {
        changes.priceCents = options.priceCents;
      }
      if (options.quantityKg !== undefined) {
        changes.quantityKg = options.quantityKg;
        changes.listedQuantityKg = listing.listedQuantityKg + options.quantityKg - listing.quantityKg;
        if (changes.listedQuantityKg > MAX_INT4) {
          throw badRequest('marketplace.validation.quantityTooLarge');
        }
      }
      if (options.grade !== undefined) {
        changes.grade = options.grade;
      }
      if (options.status === 'withdrawn') {
        changes.status = 'withdrawn';
      }
      // A new price or quantity is checked with the other as stored (both given: the contract has checked them).
      if (
        (options.priceCents !== undefined || options.quantityKg !== undefined) &&
        totalRoundsToZero(changes.priceCents ?? listing.priceCents, changes.quantityKg ?? listing.quantityKg)
      ) {
        throw fieldError(options.priceCents !== undefined ? 'price' : 'quantity', TOTAL_ZERO);
      }
      const row = await updateListing(tx, listing.id, changes);
      await closeUnfitBids(ctx, tx, {
        listing: row,
        by: options.user,
        reason: row.status === 'withdrawn' ? 'withdrawn' : 'quantity_lowered',
      });
      await ctx.bus.publish(tx, { type: 'commodity', id: row.id }, 'public');
      return row;
    },
    'listings',
  );
}

export async function placeBid(
  ctx: AppContext,
  options: { user: SessionUser; commodityId: number; priceCents: number; quantityKg?: number | undefined },
): Promise<BidRow> {
  const { user } = options;
  // Lock, rules, the earlier pending bid withdrawn, the new one stored and announced: one statement.
  const { refusal, bid } = await placeBidAtomically(
    ctx.db,
    {
      commodityId: options.commodityId,
      buyerId: user.id,
      priceCents: options.priceCents,
      quantityKg: options.quantityKg ?? null,
      expiresAt: new Date(Date.now() + BID_TTL_DAYS * DAY_MS),
      maxTotalCents: MAX_AMOUNT_CENTS,
    },
    // The bid to its parties; that the market's best bid may have moved, to everyone (it is public); those it
    // notifies (the owner and their agents, an outbid buyer) that they have a notification.
    (id, ownerId, outbidBuyerId) =>
      sql`${ctx.bus.notifySql({ type: 'bid', id }, bidParties([{ buyerId: user.id, ownerId }]))}::text || ${ctx.bus.notifySql(
        { type: 'market', id: sql`${options.commodityId}` },
        'public',
      )}::text || ${ctx.bus.notifySql(
        { type: 'notification', id: sql`0` },
        { userIdsSql: sql`(${sellerSide(ownerId)} || array[(${outbidBuyerId})::int])` },
      )}::text`,
    // Written with the bid: the listing's owner (and their agents) hear of it; a buyer it outbids is told.
    (bid) => [
      ...notificationWritesSql(ctx, 'recorded_received', {
        from: bid.from,
        recipients: sellerSide(bid.ownerId),
        type: 'bid_received',
        data: sql`jsonb_build_object('buyer', ${user.username}::text, 'commodity', ${bid.name},
          'price', ${centsToDecimal(options.priceCents)}::numeric, 'quantity', ${bid.quantityKg} / 1000.0)`,
        link: sql`'/marketplace#bids-received'`,
      }),
      ...notificationWritesSql(ctx, 'recorded_outbid', {
        from: bid.from,
        recipients: sql`array[(${bid.outbidBuyerId})::int]`,
        type: 'bid_outbid',
        data: sql`jsonb_build_object('commodity', ${bid.name}, 'price', ${centsToDecimal(options.priceCents)}::numeric)`,
        link: sql`'/marketplace#my-bids'`,
      }),
    ],
  );
  if (refusal !== null) {
    throw bidRefusalError(refusal);
  }
  marketModel.of(ctx).onEvent({ type: 'bid' });
  return bid;
}

/** The owner accepts or rejects a pending bid; the bidder withdraws it. */
export async function decideBid(
  ctx: AppContext,
  options: { user: SessionUser; id: number; status: 'accepted' | 'rejected' | 'withdrawn' },
): Promise<{ bid: BidRow; trade: TradeRow | null }> {
  const { user, status } = options;
  await sweepExpiredBids(ctx);
  const seen = await findBid(ctx.db, options.id);
  if (!seen) {
    throw notFoundBid();
  }
  return write(
    ctx,
    async (tx) => {
      // Listing first, then the bid: every accept on one listing takes its locks in the same order.
      const listing = await lockListing(tx, seen.commodityId);
      const bid = await lockBid(tx, seen.id);
      if (!listing || !bid) {
        throw notFoundBid();
      }
      const refused = mayDecideBid(user, await actsForOwner(tx, user, listing), bid, status);
      if (refused) {
        throw refused;
      }
      if (bid.status !== 'pending' || bid.expiresAt.getTime() <= Date.now()) {
        throw conflict('marketplace.errors.bidNotPending');
      }
      if (status !== 'accepted') {
        const row = await setBidStatus(tx, bid.id, status);
        if (status === 'rejected') {
          await notify(tx, ctx, [bid.buyerId], {
            type: 'bid_rejected',
            data: { seller: user.username, commodity: listing.name, price: centsToDecimal(bid.priceCents) },
            link: '/marketplace#my-bids',
          });
        }
        await ctx.bus.publish(
          tx,
          { type: 'bid', id: row.id },
          bidParties([{ buyerId: bid.buyerId, ownerId: listing.ownerId }]),
        );
        await ctx.bus.publish(tx, { type: 'market', id: listing.id }, 'public');
        return { bid: row, trade: null };
      }
      if (listing.status !== 'available') {
        throw conflict('marketplace.errors.notAvailable');
      }
      if (bid.quantityKg > listing.quantityKg) {
        throw conflict('marketplace.errors.moreThanAvailable');
      }
      return acceptLocked(ctx, tx, listing, bid, user);
    },
    'listings',
  );
}

/** Why pending bids were closed without their own decision (each has its text: `bid_rejected_<reason>`). */
type ClosedBecause = 'sold_out' | 'too_little_left' | 'quantity_lowered' | 'withdrawn';

/**
 * Rejects the listing's pending bids that no longer fit (all when it is withdrawn, those for more than is left
 * otherwise), and tells each buyer once, in their language and through their channels, why; each bid's parties hear
 * of it. Every path that shrinks or closes a listing goes through here, so no bid is closed in silence.
 */
async function closeUnfitBids(
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

async function acceptLocked(
  ctx: AppContext,
  tx: Tx,
  listing: ListingRow,
  bid: BidRow,
  user: SessionUser,
): Promise<{ bid: BidRow; trade: TradeRow }> {
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
  await closeUnfitBids(ctx, tx, {
    listing: updated,
    by: user,
    reason: remaining === 0 ? 'sold_out' : 'too_little_left',
  });
  // The order, its receivable in the seller's books and its first timeline entry, in this same transaction.
  const order = await openOrder(tx, ctx.bus, {
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

export async function createRequest(
  ctx: AppContext,
  options: {
    user: SessionUser;
    commodityName: string;
    quantityKg: number;
    targetPriceCents: number;
    grade: Grade;
    description?: string | undefined;
    deliveryTimeline: DeliveryTimeline;
  },
) {
  const catalogue = await marketModel.of(ctx).catalogue.get();
  return write(
    ctx,
    async (tx) => {
      const row = await insertRequest(tx, {
        buyerId: options.user.id,
        commodityName: options.commodityName,
        marketKey: catalogue.marketOf(options.commodityName),
        quantityKg: options.quantityKg,
        targetPriceCents: options.targetPriceCents,
        grade: options.grade,
        description: options.description && options.description.length > 0 ? options.description : null,
        deliveryTimeline: options.deliveryTimeline,
      });
      await ctx.bus.publish(tx, { type: 'commodity_request', id: row.id }, 'public');
      return row;
    },
    'requests',
  );
}

export async function closeRequest(ctx: AppContext, options: { user: SessionUser; id: number }) {
  return write(
    ctx,
    async (tx) => {
      const request = await findRequest(tx, options.id);
      if (!request) {
        throw new AppError('notFound', 'marketplace.errors.requestNotFound');
      }
      const refused = mayCloseRequest(options.user, request);
      if (refused) {
        throw refused;
      }
      if (request.status !== 'open') {
        throw conflict('marketplace.errors.requestClosed');
      }
      const row = await updateRequest(tx, request.id, { status: 'closed' });
      if (!row) {
        throw new AppError('notFound', 'marketplace.errors.requestNotFound');
      }
      await ctx.bus.publish(tx, { type: 'commodity_request', id: row.id }, 'public');
      return row;
    },
    'requests',
  );
}
