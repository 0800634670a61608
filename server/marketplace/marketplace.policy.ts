// Per-object rules of the marketplace: who may change a listing, decide a bid, close a request, and why a bid is refused.
import { TOTAL_ZERO } from '../../contract/marketplace';
import { AppError, badRequest, conflict, forbidden } from '../http/errors';

type Actor = { id: number };
type Bid = { buyerId: number };
type Request = { buyerId: number };

/** A 400 naming the body field at fault (as the contract's refusals do), for rules that need the stored row. */
export function fieldError(field: string, key: string): AppError {
  return new AppError('badRequest', key, {}, {}, [field]);
}

/** Only a listing's owner, or their agent (`actsForOwner`), changes or withdraws it. */
export function mayChangeListing(actsForOwner: boolean): AppError | null {
  return actsForOwner ? null : forbidden('marketplace.errors.notYourListing');
}

/**
 * The listing's owner (or their agent: `actsForOwner`) accepts or rejects a bid; its bidder withdraws it. To anyone
 * else the bid does not exist (404, so a bid's existence is its parties' business only).
 */
export function mayDecideBid(
  user: Actor,
  actsForOwner: boolean,
  bid: Bid,
  status: 'accepted' | 'rejected' | 'withdrawn',
): AppError | null {
  const isOwner = actsForOwner;
  const isBidder = bid.buyerId === user.id;
  if (!isOwner && !isBidder) {
    return new AppError('notFound', 'marketplace.errors.bidNotFound');
  }
  if (status === 'withdrawn') {
    return isBidder ? null : forbidden('marketplace.errors.notYourBid');
  }
  return isOwner ? null : forbidden('marketplace.errors.notYourListing');
}

/** Only a request's buyer closes it. */
export function mayCloseRequest(user: Actor, request: Request): AppError | null {
  return request.buyerId === user.id ? null : forbidden('marketplace.errors.notYourRequest');
}

/**
 * Why placing a bid was refused. The rules are checked where the bid is placed, in one locking statement
 * (`placeBidAtomically`, in this order), which answers with the name of the first one that refused.
 */
export const BID_REFUSALS = [
  'total_too_large',
  'not_found',
  'own_listing',
  'not_available',
  'total_zero',
  'too_much',
] as const;
export type BidRefusal = (typeof BID_REFUSALS)[number];

const bidRefusalErrors: Record<BidRefusal, () => AppError> = {
  // A bid's total (price × quantity) is bounded by MAX_AMOUNT_CENTS.
  total_too_large: () => badRequest('marketplace.validation.totalTooLarge'),
  // Nor may it come to 0 once rounded (the whole listing's quantity when the bid names none).
  total_zero: () => fieldError('price', TOTAL_ZERO),
  not_found: () => new AppError('notFound', 'marketplace.errors.commodityNotFound'),
  // Never on one's own listing (whatever one's role is now).
  own_listing: () => forbidden('marketplace.errors.ownListing'),
  not_available: () => conflict('marketplace.errors.notAvailable'),
  too_much: () => conflict('marketplace.errors.moreThanAvailable'),
};

/** The error a bid refusal answers with. */
export function bidRefusalError(refusal: BidRefusal): AppError {
  return bidRefusalErrors[refusal]();
}
