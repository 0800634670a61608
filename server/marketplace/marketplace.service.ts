// Marketplace rules: listing, bidding, accepting (one locked transaction); requests are in requests.service.
import { DAY_MS, MAX_INT4 } from '../../contract/constants';
import { BID_TTL_DAYS, type Grade, TOTAL_ZERO } from '../../contract/marketplace';
import { centsToDecimal, MAX_AMOUNT_CENTS } from '../../contract/money';
import type { TPhotoUpload } from '../../contract/photos';
import { totalRoundsToZero } from '../../contract/quantity';
import { actsFor, checkFarmerFilter, representedFarmerIds } from '../agents';
import { findUserById } from '../auth';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { isFarmOwnedBy } from '../farms';
import type { SessionUser } from '../http/access';
import { AppError, badRequest, conflict, forbidden } from '../http/errors';
import { notify } from '../notifications';
import { reserveForListing, setListingReservation } from '../stock';
import { awardAchievement } from '../users';
import { acceptLocked } from './accept-bid';
import { bidParties } from './bid-audience';
import { closeUnfitBids, sweepExpiredBids } from './bid-closing';
import { storeListingPhotos } from './listing-photos';
import { marketModel } from './market-model';
import { marketWrite } from './market-write';
import { bidRefusalError, fieldError, mayChangeListing, mayDecideBid } from './marketplace.policy';
import {
  availableListingsIn,
  type BidRow,
  findBid,
  findBidDetail,
  findListing,
  insertListing,
  type ListingRow,
  listBids,
  lockBid,
  lockListing,
  setBidStatus,
  type TradeRow,
  updateListing,
} from './marketplace.repo';
import { placeBidAtomically } from './place-bid.sql';
import { bidPlacedEvents, bidPlacedNotifications } from './place-bid-notices';
import { answerRequest } from './requests.service';
import { tellSavedSearches } from './saved-search-notice';

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
    lotId?: number | undefined;
    photos?: readonly TPhotoUpload[] | undefined;
  },
): Promise<{ listing: ListingRow; ownerUsername: string; listedBy: string | null }> {
  const { user } = options;
  // The contract refuses it on the web; every other way in (the phone's SELL) meets it here.
  if (totalRoundsToZero(options.priceCents, options.quantityKg)) {
    throw fieldError('price', TOTAL_ZERO);
  }
  // A name the catalogue knows (in any language or spelling) lists in its kind's market.
  const catalogue = await marketModel.of(ctx).catalogue.get();
  return marketWrite(
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
      if (options.lotId !== undefined) {
        await reserveListingLot(ctx, tx, row, options.lotId, (name) => catalogue.marketOf(name));
      }
      await storeListingPhotos(tx, ctx, { id: row.id, uploadedBy: user.id, photos: options.photos ?? [] });
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

/**
 * Reserves a new listing's quantity from the seller's lot: its crop's market and grade are the listing's (400
 * otherwise), and no more than the lot has free (409).
 */
export async function reserveListingLot(
  ctx: AppContext,
  tx: Tx,
  row: ListingRow,
  lotId: number,
  marketOf: (name: string) => string,
): Promise<void> {
  const lot = await reserveForListing(tx, ctx.bus, {
    id: row.id,
    lotId,
    sellerId: row.ownerId,
    kg: row.quantityKg,
  });
  if (marketOf(lot.crop) !== row.marketKey) {
    throw new AppError('badRequest', 'stock.errors.cropMismatch', { crop: lot.crop }, {}, ['name']);
  }
  if (lot.grade !== row.grade) {
    throw new AppError('badRequest', 'stock.errors.gradeMismatch', { grade: lot.grade ?? '' }, {}, ['grade']);
  }
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
  const farmer = (await actsFor(tx, user, onBehalfOf)) ? await findUserById(tx, onBehalfOf) : null;
  if (!farmer) {
    throw forbidden('marketplace.errors.notRepresented');
  }
  return farmer;
}

/** Whether the user acts for the listing's owner: the owner, their agent now, or their co-operative's admin. */
export function actsForOwner(tx: Tx, user: SessionUser, listing: ListingRow): Promise<boolean> {
  return actsFor(tx, user, listing.ownerId);
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
  return marketWrite(
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
      // A listing from a lot holds back what it offers: no more than is free, and nothing once withdrawn.
      await setListingReservation(tx, ctx.bus, {
        id: row.id,
        kg: row.status === 'withdrawn' ? 0 : row.quantityKg,
        grade: row.grade,
      });
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
    bidPlacedEvents(ctx, { buyerId: user.id, commodityId: options.commodityId }),
    bidPlacedNotifications(ctx, { buyerUsername: user.username, priceCents: options.priceCents }),
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
  return marketWrite(
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
