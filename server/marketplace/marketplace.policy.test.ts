import { describe, expect, it } from 'vitest';
import {
  BID_REFUSALS,
  bidRefusalError,
  mayChangeListing,
  mayCloseRequest,
  mayDecideBid,
} from './marketplace.policy';

const owner = { id: 1 };
const bidder = { id: 2 };
const stranger = { id: 3 };
const listing = { ownerId: owner.id };
const bid = { buyerId: bidder.id };

/** The refusal as the API shows it: status and message key, or null when allowed. */
const shown = (refusal: { status: number; key: string } | null) =>
  refusal === null ? null : [refusal.status, refusal.key];

describe('marketplace.policy', () => {
  it('lets only the owner (or their agent) change a listing', () => {
    expect(mayChangeListing(true)).toBeNull();
    expect(shown(mayChangeListing(false))).toEqual([403, 'marketplace.errors.notYourListing']);
  });

  it('lets the owner accept or reject, the bidder withdraw, and hides the bid from anyone else', () => {
    const cases = [
      [owner, 'accepted', null],
      [owner, 'rejected', null],
      [owner, 'withdrawn', [403, 'marketplace.errors.notYourBid']],
      [bidder, 'withdrawn', null],
      [bidder, 'accepted', [403, 'marketplace.errors.notYourListing']],
      [bidder, 'rejected', [403, 'marketplace.errors.notYourListing']],
      [stranger, 'accepted', [404, 'marketplace.errors.bidNotFound']],
      [stranger, 'rejected', [404, 'marketplace.errors.bidNotFound']],
      [stranger, 'withdrawn', [404, 'marketplace.errors.bidNotFound']],
    ] as const;
    for (const [user, status, expected] of cases) {
      expect(
        shown(mayDecideBid(user, user.id === listing.ownerId, bid, status)),
        `${user.id} ${status}`,
      ).toEqual(expected);
    }
  });

  it('lets only the buyer close their request', () => {
    const request = { buyerId: bidder.id };
    expect(mayCloseRequest(bidder, request)).toBeNull();
    expect(shown(mayCloseRequest(owner, request))).toEqual([403, 'marketplace.errors.notYourRequest']);
  });

  it('answers each bid refusal with its own status and message', () => {
    const answer = (error: ReturnType<typeof bidRefusalError>) => [
      ...(shown(error) ?? []),
      ...error.fields.map((field) => `on ${field}`),
    ];
    expect(Object.fromEntries(BID_REFUSALS.map((r) => [r, answer(bidRefusalError(r))]))).toEqual({
      total_too_large: [400, 'marketplace.validation.totalTooLarge'],
      total_zero: [400, 'marketplace.validation.totalZero', 'on price'],
      not_found: [404, 'marketplace.errors.commodityNotFound'],
      own_listing: [403, 'marketplace.errors.ownListing'],
      not_available: [409, 'marketplace.errors.notAvailable'],
      too_much: [409, 'marketplace.errors.moreThanAvailable'],
    });
  });
});
